import type { Platform } from './Platform';

/**
 * Magento 2 puts the route's layout handle on `<body>` (`catalog-product-view`,
 * `checkout-cart-index`, …), so a category at `/women/tops-women.html` is known for one.
 * Luma prints the SKU in `.product.attribute.sku .value`.
 */
export const magento: Platform = {
  pages: {
    'checkout-onepage-success': 'order_page',
    'checkout-cart-index': 'cart_page',
    'catalog-product-view': 'product_page',
    'catalog-category-view': 'collection_page',
    'cms-index-index': 'home_page',
  },
  sku: '.product.attribute.sku .value',
};
