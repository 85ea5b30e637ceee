import type { Platform } from './Platform';
import { readSwitcherCurrency } from './readSwitcherCurrency';

/**
 * OpenCart names the page by its route: the `route` query parameter without SEO URLs
 * (`index.php?route=product/product&product_id=42`), the id of the template's outer
 * `<div>` in 3.x and 4.x (`#product-product`, `#product-category`, `#checkout-cart`,
 * `#common-home`), and 2.x's `<body>` class (`product-product-42`: the route, then the
 * id, which `readPlatform` drops). The product template prints the name in an `<h1>`
 * and posts `product_id` from a hidden input in `#product`; the currency is the code of
 * the header switcher's entry whose sign the switcher shows.
 */
export const opencart: Platform = {
  page: '?route || #product-product,#product-category,#checkout-cart,#common-home @id || body @class',
  pages: {
    'checkout/success': 'order_page',
    'checkout-success': 'order_page',
    'checkout/cart': 'cart_page',
    'checkout-cart': 'cart_page',
    'product/product': 'product_page',
    'product-product': 'product_page',
    'product/category': 'collection_page',
    'product-category': 'collection_page',
    'common/home': 'home_page',
    'common-home': 'home_page',
  },
  name: '#product-product h1 || .product-product #content h1',
  sku: '#product input[name="product_id"] @value',
  currency: readSwitcherCurrency,
};
