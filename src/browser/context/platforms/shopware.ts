import type { Platform } from './Platform';

/**
 * Shopware 6's `base.html.twig` writes `is-ctl-<controller> is-act-<action>` on `<body>`:
 * the navigation controller serves both the home page (`home`) and categories (`index`),
 * the checkout controller the cart (`cartpage`) and the order confirmation (`finishpage`).
 * The product number is `.product-detail-ordernumber`.
 */
export const shopware: Platform = {
  pages: {
    'is-act-finishpage': 'order_page',
    'is-act-cartpage': 'cart_page',
    'is-ctl-product': 'product_page',
    'is-act-home': 'home_page',
    'is-ctl-navigation': 'collection_page',
  },
  sku: '.product-detail-ordernumber',
};
