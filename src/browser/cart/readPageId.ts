import { field } from './sendJson';

/**
 * The platform id of the page's own product (the bundle's first product), from what
 * the platform prints on its product page:
 * - Shopify: `ShopifyAnalytics.meta.product.variants` (`id`, `sku`), the variant whose
 *   SKU is the product's, or the only one.
 * - WooCommerce: the product form's `add-to-cart` field (its value is the product id).
 * - BigCommerce: Stencil's product form field `product_id`.
 * Digits only: anything else is no id, and the product is not added.
 */
export function readPageId(win: Window, platform: string, sku: string): string {
  const doc = win.document;
  let id = '';
  if (platform == 'shopify') {
    const meta = (win as unknown as { ShopifyAnalytics?: { meta?: { product?: { variants?: unknown } } } }).ShopifyAnalytics?.meta?.product;
    const variants = Array.isArray(meta?.variants) ? (meta!.variants as unknown[]) : [];
    const match = variants.find((v) => field(v, 'sku') == sku) || (variants.length == 1 ? variants[0] : null);
    id = field(match, 'id');
  } else {
    const input = doc.querySelector<HTMLInputElement | HTMLButtonElement>(platform == 'woocommerce' ? 'form.cart [name="add-to-cart"]' : 'form[data-cart-item-add] [name="product_id"]');
    id = input ? input.value : '';
  }
  return /^\d+$/.test(id) ? id : '';
}
