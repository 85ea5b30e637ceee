import type { Adapter, CartLine } from './CartLine';
import { addEach } from './addEach';
import { field, sendJson } from './sendJson';

// BigCommerce's Storefront Cart API (https://developer.bigcommerce.com/docs/rest-storefront/carts
// and ".../carts/cart-items"), called from the storefront's own origin with its session cookie:
// - "Get a cart": `GET /api/storefront/carts` answers an array, empty when the shopper has none.
// - "Create a cart": `POST /api/storefront/carts` with `{ lineItems: [{ productId, quantity }] }`.
// - "Add cart line items": `POST /api/storefront/carts/{cartId}/items` with the same body.
// Both answer the cart (200); a refusal is a 4xx whose body carries `title` (and `status`).

const body = (lines: CartLine[]) => ({ lineItems: lines.map((l) => ({ productId: Number(l.id), quantity: l.quantity })) });

export const bigcommerce: Adapter = async (win, lines) => {
  const carts = await sendJson(win, '/api/storefront/carts', 'GET');
  const id = Array.isArray(carts.body) ? field(carts.body[0], 'id') : '';
  const url = () => (id ? `/api/storefront/carts/${encodeURIComponent(id)}/items` : '/api/storefront/carts');
  let cart: unknown;
  const add = async (some: CartLine[]) => {
    const answer = await sendJson(win, url(), 'POST', body(some));
    if (answer.ok) cart = answer.body;
    return answer.ok ? '' : field(answer.body, 'title') || field(answer.body, 'detail') || 'HTTP ' + answer.status;
  };
  const refused = await add(lines);
  const outcome = !refused ? { added: lines, failed: [] } : lines.length > 1 ? await addEach(lines, (line) => add([line])) : { added: [], failed: [{ line: lines[0], message: refused }] };
  return { ...outcome, cart };
};
