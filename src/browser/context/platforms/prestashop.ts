import type { Platform } from './Platform';

/**
 * PrestaShop 1.7 and 8 define a `prestashop` object on every page (`page.page_name`,
 * `currency.iso_code`, `language.locale`); the classic theme's product tab
 * `#product-details` carries the product as JSON in `data-product` (`name`, `reference`).
 */
export const prestashop: Platform = {
  page: 'window.prestashop.page.page_name',
  pages: { 'order-confirmation': 'order_page', cart: 'cart_page', product: 'product_page', category: 'collection_page', index: 'home_page' },
  name: '#product-details @data-product.name',
  sku: '#product-details @data-product.reference',
  currency: 'window.prestashop.currency.iso_code',
  locale: 'window.prestashop.language.locale',
};
