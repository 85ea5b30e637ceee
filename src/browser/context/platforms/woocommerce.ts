import type { Platform } from './Platform';

/**
 * WooCommerce adds body classes through `wc_body_class` and WordPress's `body_class`
 * (`single-product`, `tax-product_cat`, `post-type-archive-product` for the shop page,
 * `woocommerce-cart`, `woocommerce-order-received`, `home`). Its product template prints
 * the title as `.product_title` and the SKU in `.product_meta .sku`; block themes also
 * carry `wcSettings` with the store currency.
 */
export const woocommerce: Platform = {
  pages: {
    'woocommerce-order-received': 'order_page',
    'woocommerce-cart': 'cart_page',
    'single-product': 'product_page',
    'tax-product_cat': 'collection_page',
    'post-type-archive-product': 'collection_page',
    home: 'home_page',
  },
  name: '.product_title',
  sku: '.product_meta .sku',
  currency: 'window.wcSettings.currency.code',
};
