import type { Adapter, CartLine, CartOutcome } from './CartLine';
import { addEach } from './addEach';
import { confirmed, list, same } from './confirmed';
import { plainText } from './plainText';
import { field, sendJson } from './sendJson';

// Shopify's AJAX API (https://shopify.dev/docs/api/ajax/reference/cart):
// - "POST /{locale}/cart/add.js" takes `{ items: [{ id, quantity }] }`, `id` the variant
//   id; it answers 200 with the added line items (`items`, each with `variant_id` and
//   `key`), or 422 (404 for a variant that does not exist) with `{ status, message,
//   description }` where `description` is the words for the shopper, in the storefront's
//   language, and then nothing of the request was added.
// - "Bundled section rendering" (same page): `sections` (up to five ids) and
//   `sections_url` in the add request make the answer carry `sections`, each id's HTML
//   rendered after the add.
// - "GET /{locale}/cart.js" answers the cart (`item_count`, `items`, …).
// `Shopify.routes.root` is the storefront's locale-aware root ("Locale-aware URLs" on the
// same page), `/` on a single-language shop.
//
// Dawn and the themes built on it (assets/product-form.js, cart-drawer.js,
// cart-notification.js) add with the sections their cart element lists through
// `getSectionsToRender()` (`cart-drawer` and `cart-icon-bubble` in Dawn's drawer) and hand
// the answer to that element's `renderContents()`, which puts the HTML in and opens the
// drawer; they then publish `cart-update` on the theme's pubsub (assets/pubsub.js,
// `publish`). Vitrine does the same with the page's own cart element.

type ThemeCart = HTMLElement & { getSectionsToRender?: () => unknown; renderContents?: (state: unknown) => void };

const root = (win: Window) => {
  const value = field((win as unknown as { Shopify?: { routes?: unknown } }).Shopify?.routes, 'root');
  // A path on this origin only (`/`, `/fr/`, `/en-ca`): `//host/` would send the cart elsewhere.
  return /^\/(?:[\w-]+\/?)*$/.test(value) ? value.replace(/\/?$/, '/') : '/';
};

/** The page's cart element, as Dawn's product form finds it, and the section ids it renders (at most five, Shopify's limit). */
export function themeCart(doc: Document): { element?: ThemeCart; sections: string[] } {
  const element = (doc.querySelector('cart-notification') || doc.querySelector('cart-drawer')) as ThemeCart | null;
  let sections: string[] = [];
  try {
    const listed = typeof element?.getSectionsToRender == 'function' ? element.getSectionsToRender() : null;
    if (Array.isArray(listed)) sections = listed.map((s) => field(s, 'id')).filter((id) => /^[\w-]+$/.test(id)).slice(0, 5);
  } catch {
    /* the theme's method failed: no sections asked for */
  }
  return typeof element?.renderContents == 'function' && sections.length ? { element, sections } : { sections: [] };
}

const refusal = (win: Window, answer: { body: unknown; status: number }) => plainText(win, field(answer.body, 'description') || field(answer.body, 'message')) || 'HTTP ' + answer.status;

export const shopify: Adapter = async (win, lines) => {
  const base = root(win);
  const { sections } = themeCart(win.document);
  const outcome: CartOutcome = { added: [], failed: [] };
  const add = async (some: CartLine[]) => {
    const body = { items: some.map((l) => ({ id: Number(l.id), quantity: l.quantity })), ...(sections.length ? { sections: sections.join(','), sections_url: win.location.pathname } : {}) };
    const answer = await sendJson(win, base + 'cart/add.js', 'POST', body);
    if (answer.ok) {
      outcome.answer = answer.body;
      confirmed(outcome, some, list(answer.body, 'items'), (item, line) => same(item, 'variant_id', line.id) || same(item, 'id', line.id));
    }
    return answer.ok ? '' : refusal(win, answer);
  };
  const refused = await add(lines);
  if (refused && lines.length > 1)
    await addEach(lines, outcome, async (line) => {
      const words = await add([line]);
      if (words) outcome.failed.push({ line, message: words });
    });
  else if (refused) outcome.failed.push({ line: lines[0], message: refused });
  // The cart as it is now, for the page's cart count and drawer (a failed read costs nothing).
  if (outcome.added.length) await sendJson(win, base + 'cart.js', 'GET').then((a) => (outcome.cart = a.body), () => {});
  return outcome;
};
