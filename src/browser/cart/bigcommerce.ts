import type { Adapter, CartLine, CartOutcome } from './CartLine';
import { addEach } from './addEach';
import { confirmed, list, own, same } from './confirmed';
import { plainText } from './plainText';
import { field, sendJson } from './sendJson';

// BigCommerce's Storefront Cart API (https://developer.bigcommerce.com/docs/rest-storefront/carts
// and ".../carts/cart-items"), called from the storefront's own origin with its session cookie:
// - "Get a cart": `GET /api/storefront/carts` answers an array, empty when the shopper has none.
// - "Create a cart": `POST /api/storefront/carts` with `{ lineItems: [{ productId, quantity }] }`,
//   a line optionally naming its variant (`variantId`) or its options (`optionSelections`:
//   `[{ optionId, optionValue }]`).
// - "Add cart line items": `POST /api/storefront/carts/{cartId}/items` with the same body.
// Both answer the cart (200: `id`, `lineItems.physicalItems` / `digitalItems` /
// `customItems`, each with `productId`, `variantId`, `quantity`); a refusal is a 4xx
// whose body carries `title` (and `status`). A shopper has one cart: the first request
// that creates it gives its id to every later one (a bundle's retries included), and the
// plugin sends one press's adds after the other's.

/** A card's id: `productId`, or `productId:variantId` for one variant. */
const line = (l: CartLine) => {
  const [productId, variantId] = l.id.split(':').map(Number);
  return { productId, quantity: l.quantity, ...(variantId ? { variantId } : {}), ...l.more };
};
const items = (cart: unknown) => {
  const all = own(cart, 'lineItems');
  return ['physicalItems', 'digitalItems', 'customItems'].flatMap((kind) => list(all, kind));
};
/** Every item's quantity, and a gift certificate as one: the count a theme's cart shows. */
export const quantityOf = (cart: unknown) => items(cart).reduce<number>((n, i) => n + (Number(field(i, 'quantity')) || 0), 0) + list(own(cart, 'lineItems'), 'giftCertificates').length;

export const bigcommerce: Adapter = async (win, lines) => {
  const carts = await sendJson(win, '/api/storefront/carts', 'GET');
  let id = Array.isArray(carts.body) ? field(carts.body[0], 'id') : '';
  const outcome: CartOutcome = { added: [], failed: [] };
  const add = async (some: CartLine[]) => {
    const url = id ? `/api/storefront/carts/${encodeURIComponent(id)}/items` : '/api/storefront/carts';
    const answer = await sendJson(win, url, 'POST', { lineItems: some.map(line) });
    if (answer.ok) {
      id = field(answer.body, 'id') || id;
      outcome.cart = outcome.answer = answer.body;
      confirmed(outcome, some, items(answer.body), (item, l) => same(item, 'productId', line(l).productId) && (!line(l).variantId || same(item, 'variantId', line(l).variantId)));
    }
    return answer.ok ? '' : plainText(win, field(answer.body, 'title') || field(answer.body, 'detail')) || 'HTTP ' + answer.status;
  };
  const refused = await add(lines);
  if (refused && lines.length > 1)
    await addEach(lines, outcome, async (l) => {
      const words = await add([l]);
      if (words) outcome.failed.push({ line: l, message: words });
    });
  else if (refused) outcome.failed.push({ line: lines[0], message: refused });
  return outcome;
};
