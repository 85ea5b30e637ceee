/**
 * Tells the platform's own cart UI (count, mini cart) that the cart changed, where the
 * platform documents a way; every platform also gets `vitrine:added-to-cart` on the slot.
 * - WooCommerce: `wc-blocks_added_to_cart` on `document.body`, which the Mini-Cart block
 *   listens for (WooCommerce Blocks' "DOM events" documentation), and, on classic themes
 *   with jQuery, `wc_fragment_refresh`, on which `cart-fragments.js` fetches the cart
 *   fragments (mini cart, count) again.
 * - Shopify and BigCommerce document no event a theme listens for: the theme's script
 *   listens for `vitrine:added-to-cart`, whose `cart` is `/cart.js` (Shopify) or the
 *   Storefront Cart API's cart (BigCommerce).
 */
export function refreshCartUi(win: Window, platform: string): void {
  if (platform != 'woocommerce') return;
  const body = win.document.body;
  body.dispatchEvent(new (win as typeof window).CustomEvent('wc-blocks_added_to_cart', { bubbles: true, cancelable: true, detail: { preserveCartData: false } }));
  const jq = (win as unknown as { jQuery?: (el: unknown) => { trigger?: (name: string) => void } }).jQuery;
  try {
    if (typeof jq == 'function') jq(body).trigger?.('wc_fragment_refresh');
  } catch {
    /* the theme's jQuery failed: its fragments stay as they were */
  }
}
