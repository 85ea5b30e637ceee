import type { Adapter, CartFailure, CartOutcome } from './CartLine';
import { addEach } from './addEach';
import { confirmed, list, same } from './confirmed';
import { plainText } from './plainText';
import { field, sendJson, type Answer } from './sendJson';

// WooCommerce's Store API (https://developer.woocommerce.com/docs/apis/store-api/):
// - "Cart API", "Add item": `POST /wp-json/wc/store/v1/cart/add-item` with `{ id, quantity }`
//   (`id` the product or variation id, `variation` the chosen attributes as
//   `[{ attribute, value }]`) answers the whole cart, whose `items` each carry the `id`
//   added; a refusal is a 4xx with `{ code, message, data: { status } }`, `message` in the
//   shop's language (entities and all: plainText).
// - "Nonce Tokens": every cart POST carries a `Nonce` header, and each answer brings the
//   next one in its own `Nonce` header (before WooCommerce 5.x, `X-WC-Store-API-Nonce`),
//   a refusal of a stale one (403, `woocommerce_rest_invalid_nonce`) too. A page with
//   WooCommerce's blocks prints it as `wcBlocksMiddlewareConfig.storeApiNonce`, block
//   themes also in `wcSettings.storeApiNonce`; a page with neither gets one from
//   `GET /wp-json/wc/store/v1/cart`.
// One line per request: add-item takes one product. The first request of a shopper with
// no session yet opens one (the guest session cookie): the plugin sends one press's adds
// after the other's, never side by side.

type Page = { wcBlocksMiddlewareConfig?: unknown; wcSettings?: unknown };
const CART = '/wp-json/wc/store/v1/cart';

/** The nonce an answer brings, kept for the next press of any widget on the page. */
let kept = '';
const keep = (answer: Answer) => (kept = answer.headers.get('Nonce') || answer.headers.get('X-WC-Store-API-Nonce') || kept);
const stale = (answer: Answer) => answer.status == 403 && /nonce/i.test(field(answer.body, 'code'));
const noNonce = (status = 0): CartFailure => ({ message: 'nonce', status });
/** A fresh nonce from the cart read; a read that fails leaves the one kept. */
const fresh = (win: Window) => sendJson(win, CART, 'GET').then(keep, () => kept);

export const woocommerce: Adapter = async (win, lines) => {
  const page = win as unknown as Page;
  kept ||= field(page.wcBlocksMiddlewareConfig, 'storeApiNonce') || field(page.wcSettings, 'storeApiNonce');
  // No nonce on the page: the Store API hands one out with the cart.
  if (!kept) await fresh(win);
  if (!kept) throw noNonce();
  const outcome: CartOutcome = { added: [], failed: [] };
  return addEach(lines, outcome, async (line) => {
    const send = () => sendJson(win, CART + '/add-item', 'POST', { id: Number(line.id), quantity: line.quantity, ...line.more }, { Nonce: kept });
    const before = kept;
    let answer = await send();
    keep(answer);
    if (stale(answer)) {
      // Refused for its nonce, so nothing was added: once more with a fresh one.
      if (kept == before) await fresh(win);
      if (kept != before) keep((answer = await send()));
      if (stale(answer)) throw noNonce(403);
    }
    if (answer.ok) {
      outcome.cart = outcome.answer = answer.body;
      confirmed(outcome, [line], list(answer.body, 'items'), (item, l) => same(item, 'id', l.id));
    } else {
      const code = field(answer.body, 'code');
      outcome.failed.push({ line, message: plainText(win, field(answer.body, 'message')) || 'HTTP ' + answer.status, options: /variation/.test(code) });
    }
  });
};
