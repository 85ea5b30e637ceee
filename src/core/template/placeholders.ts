export interface Placeholder {
  name: string;
  description: string;
  scope: 'widget' | 'product';
}

/** Every name a theme template may use; the studio lists and lints against these. */
export const PLACEHOLDERS: readonly Placeholder[] = [
  { name: 'widget_displayName', scope: 'widget', description: 'Title of the widget: the slot’s data-vitrine-title, else the service’s widgetName.' },
  { name: 'label_was', scope: 'widget', description: 'The page’s word read before a struck-through list price (“Was”), from the interface strings; wrap it in a visually hidden element.' },
  { name: 'label_now', scope: 'widget', description: 'The page’s word read before a sale price (“now”), from the interface strings; wrap it in a visually hidden element.' },
  { name: 'label_addToCart', scope: 'widget', description: 'The page’s words for an add-to-cart button (“Add to cart”), from the interface strings.' },
  { name: 'products', scope: 'widget', description: 'The product list. A template that loops {{#products}}…{{/products}} renders the whole widget; without it the template is one product card.' },
  { name: 'product_name', scope: 'product', description: 'Product name.' },
  { name: 'product_price', scope: 'product', description: 'List price, formatted for the page’s locale and currency.' },
  { name: 'product_discountedPrice', scope: 'product', description: 'Sale price, formatted; empty when the product is not discounted (use it as a section).' },
  { name: 'nodiscount_price', scope: 'product', description: 'The list price only when there is no discount; empty otherwise.' },
  { name: 'product_imageUrl', scope: 'product', description: 'Image URL (http, https or relative; anything else is dropped).' },
  { name: 'product_currentPageUrl', scope: 'product', description: 'Product page URL (http, https or relative; anything else is dropped).' },
  { name: 'variant_name', scope: 'product', description: 'Variant name, when the service sends one.' },
  { name: 'product_sku', scope: 'product', description: 'Stock keeping unit.' },
  {
    name: 'product_cartId',
    scope: 'product',
    description:
      'The id the cart adds, empty when the product has none (use it as a section): the add-to-cart button is <button type="button" data-vitrine-cart="{{product_cartId}}">{{label_addToCart}}</button>, and Vitrine handles its press.',
  },
  { name: 'product_index', scope: 'product', description: 'Position in the widget, from 1.' },
];
