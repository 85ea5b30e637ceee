import type { CartOutcome } from './CartLine';
import { themeCart } from './shopify';
import { quantityOf } from './bigcommerce';
import { list, own } from './confirmed';

type JQuery = ((el: unknown) => { trigger?: (name: string, args?: unknown[]) => void }) & { fn?: { jquery?: unknown } };

/**
 * The page's copies of jQuery (`jQuery`, and Cornerstone's, which it exposes as `$`): each
 * copy calls only the handlers bound through it, and a page may hold two (WordPress runs
 * its own in noConflict mode; a tag manager or plugin brings another), so each is told.
 * A global whose getter throws counts as none.
 */
function jqueriesOf(win: Window): JQuery[] {
  const found: JQuery[] = [];
  for (const name of ['jQuery', '$']) {
    try {
      const jq = (win as unknown as Record<string, JQuery | undefined>)[name];
      if (typeof jq == 'function' && typeof jq.fn?.jquery == 'string' && !found.includes(jq)) found.push(jq);
    } catch {
      /* a guarded global: not a jQuery to tell */
    }
  }
  return found;
}

/**
 * Tells the theme's own cart UI (count, drawer, mini cart) that the cart changed, the way
 * the platform's reference theme listens, after `vitrine:cart-updated` (whose listener
 * may call `preventDefault()` to do this itself). Each step is the theme's code running:
 * one that throws leaves the rest of the page as it was.
 * - Shopify (Dawn and its family): the answer of the add, which asked for the sections the
 *   page's `cart-drawer` / `cart-notification` renders, goes to that element's
 *   `renderContents()` (assets/cart-drawer.js, cart-notification.js); then `cart-update` is
 *   published on the theme's pubsub (`publish`, assets/pubsub.js), as its product form does.
 * - WooCommerce: `wc-blocks_added_to_cart` on `document.body` for the Mini-Cart block
 *   (WooCommerce Blocks' "DOM events"); with jQuery, `wc_fragment_refresh` (classic cart
 *   fragments, cart-fragments.js) and `added_to_cart`, which classic side carts open on
 *   (the event WooCommerce's add-to-cart.js triggers, here with no fragments or button).
 * - BigCommerce (Cornerstone, assets/js/theme/global/cart-preview.js): jQuery's
 *   `cart-quantity-update` on `body` with the cart's quantity, which the header's count
 *   pill shows.
 */
export function refreshCartUi(win: Window, platform: string, outcome: CartOutcome): void {
  const doc = win.document;
  const body = doc.body;
  const jqs = jqueriesOf(win);
  const run = (step: () => void) => {
    try {
      step();
    } catch {
      /* the theme's code failed: its cart UI stays as it was */
    }
  };
  if (platform == 'shopify') {
    const answer = outcome.answer;
    const { element } = themeCart(doc);
    const first = list(answer, 'items')[0];
    const sections = own(answer, 'sections');
    // Dawn's elements read the added item's `key` and `id` off the top of the answer (its
    // product form adds one item at a time) and `sections` beside them.
    if (element && sections && typeof sections == 'object') run(() => element.renderContents!({ ...(first as object), sections }));
    run(() => {
      const publish = (win as unknown as { publish?: (name: string, data: unknown) => void }).publish;
      if (typeof publish == 'function') publish('cart-update', { source: 'vitrine', productVariantId: own(first, 'variant_id'), cartData: answer });
    });
  }
  if (platform == 'woocommerce') {
    run(() => body.dispatchEvent(new (win as typeof window).CustomEvent('wc-blocks_added_to_cart', { bubbles: true, cancelable: true, detail: { preserveCartData: false } })));
    for (const jq of jqs) {
      run(() => jq(body).trigger?.('wc_fragment_refresh'));
      run(() => jq(body).trigger?.('added_to_cart', [undefined, undefined, undefined]));
    }
  }
  if (platform == 'bigcommerce') for (const jq of jqs) run(() => jq(body).trigger?.('cart-quantity-update', [quantityOf(outcome.cart)]));
}
