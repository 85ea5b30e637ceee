import type { Adapter, CartFailure } from './CartLine';
import { addEach } from './addEach';
import { field, sendJson } from './sendJson';

// WooCommerce's Store API (https://developer.woocommerce.com/docs/apis/store-api/):
// - "Cart API", "Add item": `POST /wp-json/wc/store/v1/cart/add-item` with `{ id, quantity }`
//   (`id` the product or variation id) answers the whole cart; a refusal is a 4xx with
//   `{ code, message, data: { status } }`, `message` in the shop's language.
// - "Nonce Tokens": every cart POST carries a `Nonce` header, and each answer brings the
//   next one in its own `Nonce` header. A page with WooCommerce's blocks prints it as
//   `wcBlocksMiddlewareConfig.storeApiNonce` (the `wc-blocks-middleware` script's data),
//   and block themes also in `wcSettings.storeApiNonce`.
// One line per request: add-item takes one product.

type Page = { wcBlocksMiddlewareConfig?: unknown; wcSettings?: unknown };

export const woocommerce: Adapter = async (win, lines) => {
  const page = win as unknown as Page;
  let nonce = field(page.wcBlocksMiddlewareConfig, 'storeApiNonce') || field(page.wcSettings, 'storeApiNonce');
  if (!nonce) throw { message: 'nonce', status: 0 } satisfies CartFailure;
  let cart: unknown;
  const outcome = await addEach(lines, async (line) => {
    const answer = await sendJson(win, '/wp-json/wc/store/v1/cart/add-item', 'POST', { id: Number(line.id), quantity: line.quantity }, { Nonce: nonce });
    nonce = answer.headers.get('Nonce') || nonce;
    if (answer.ok) cart = answer.body;
    return answer.ok ? '' : field(answer.body, 'message') || 'HTTP ' + answer.status;
  });
  return { ...outcome, cart };
};
