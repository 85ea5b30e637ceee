import type { Platform } from './Platform';

/**
 * BigCommerce Stencil themes write `page-type-<page_type>` on `<body>` (`default` is the
 * home page) and the store defines `BCData` on product pages, whose `product_attributes`
 * hold the SKU and the price with or without tax, each with its currency. Cornerstone's
 * product title is `.productView-title`.
 */
export const bigcommerce: Platform = {
  pages: { 'page-type-cart': 'cart_page', 'page-type-product': 'product_page', 'page-type-category': 'collection_page', 'page-type-default': 'home_page' },
  name: '.productView-title',
  sku: 'window.BCData.product_attributes.sku',
  currency: 'window.BCData.product_attributes.price.without_tax.currency || window.BCData.product_attributes.price.with_tax.currency',
};
