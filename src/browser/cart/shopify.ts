import type { Adapter, CartLine } from './CartLine';
import { addEach } from './addEach';
import { field, sendJson } from './sendJson';

// Shopify's AJAX API (https://shopify.dev/docs/api/ajax/reference/cart):
// - "POST /{locale}/cart/add.js" takes `{ items: [{ id, quantity }] }`, `id` the variant
//   id; it answers 200 with the added items, or 422 with `{ status, message, description }`
//   where `description` is the words for the shopper (sold out, only N left), and then
//   nothing of the request was added.
// - "GET /{locale}/cart.js" answers the cart (`item_count`, `items`, …).
// `Shopify.routes.root` is the storefront's locale-aware root ("Locale-aware URLs" on the
// same page), `/` on a single-language shop.

const root = (win: Window) => {
  const value = field((win as unknown as { Shopify?: { routes?: unknown } }).Shopify?.routes, 'root');
  return /^\/[\w/-]*$/.test(value) ? value.replace(/\/?$/, '/') : '/';
};
const items = (lines: CartLine[]) => ({ items: lines.map((l) => ({ id: /^\d+$/.test(l.id) ? Number(l.id) : l.id, quantity: l.quantity })) });

export const shopify: Adapter = async (win, lines) => {
  const base = root(win);
  const add = (some: CartLine[]) => sendJson(win, base + 'cart/add.js', 'POST', items(some));
  const first = await add(lines);
  const outcome = first.ok
    ? { added: lines, failed: [] }
    : lines.length > 1
      ? await addEach(lines, async (line) => ((answer) => (answer.ok ? '' : field(answer.body, 'description') || field(answer.body, 'message')))(await add([line])))
      : { added: [], failed: [{ line: lines[0], message: field(first.body, 'description') || field(first.body, 'message') }] };
  // The cart as it is now, for the page's cart count and drawer (a failed read costs nothing).
  if (outcome.added.length) await sendJson(win, base + 'cart.js', 'GET').then((a) => ((outcome as { cart?: unknown }).cart = a.body), () => {});
  return outcome;
};
