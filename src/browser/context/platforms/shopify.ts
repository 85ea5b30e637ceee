import type { Platform } from './Platform';

/**
 * Shopify writes `ShopifyAnalytics.meta` into every theme's `content_for_header`: the page
 * type and, on a product page, the product with its variants' SKUs. `Shopify.currency.active`
 * is the currency the shopper is charged in (https://shopify.dev/docs/storefronts/themes/markets/multiple-currencies-languages)
 * and `Shopify.locale` the storefront language; the order status page has `Shopify.checkout`.
 */
export const shopify: Platform = {
  page: 'window.ShopifyAnalytics.meta.page.pageType',
  pages: { product: 'product_page', collection: 'collection_page', cart: 'cart_page', home: 'home_page' },
  sku: 'window.ShopifyAnalytics.meta.product.variants.0.sku',
  currency: 'window.Shopify.currency.active || window.ShopifyAnalytics.meta.currency || window.Shopify.checkout.currency',
  locale: 'window.Shopify.locale',
};
