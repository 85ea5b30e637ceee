import type { Platform } from './Platform';

/**
 * Salesforce Commerce Cloud's Storefront Reference Architecture wraps every page in
 * `.page[data-action]`, the controller and action that rendered it (`Product-Show`,
 * `Search-Show`, …). Its product template puts the product id on `.product-detail` as
 * `data-pid` (and prints it in `.product-id`) and the name in `h1.product-name`; the
 * currency is in its structured data only (the price shows a sign, `$`), so JSON-LD's
 * offer gives it.
 */
export const sfcc: Platform = {
  page: '.page[data-action] @data-action',
  pages: { 'Order-Confirm': 'order_page', 'Cart-Show': 'cart_page', 'Product-Show': 'product_page', 'Search-Show': 'collection_page', 'Home-Show': 'home_page' },
  name: '.product-detail h1.product-name',
  sku: '.product-detail[data-pid] @data-pid || .product-detail .product-id',
};
