import type { Layout } from '../../types/config';
import type { Theme } from '../../types/interface';

/**
 * One product card serves the three built-in themes; the layouts around it differ. The
 * link is named by the product's name, so the image inside it is decorative (`alt=""`);
 * a sale price is read "Was €215.00 now €139.99" (the page's words, visually hidden),
 * since a strike-through is not announced by screen readers. The add-to-cart button sits
 * beside the link (a button inside a link is invalid HTML) and only where the product has
 * an id the cart takes; its name ends with the product's, so ten of them are told apart.
 */
const card =
  '<a class="vitrine__link" href="{{product_currentPageUrl}}">' +
  '{{#product_imageUrl}}<img class="vitrine__img" src="{{product_imageUrl}}" alt="" loading="lazy" width="240" height="240">{{/product_imageUrl}}' +
  '<span class="vitrine__name">{{product_name}}</span>' +
  '{{#variant_name}}<span class="vitrine__variant">{{variant_name}}</span>{{/variant_name}}' +
  '<span class="vitrine__price">{{#product_discountedPrice}}<s><span class="vitrine__sr">{{label_was}} </span>{{product_price}}</s> <b><span class="vitrine__sr">{{label_now}} </span>{{product_discountedPrice}}</b>{{/product_discountedPrice}}{{nodiscount_price}}</span>' +
  '</a>' +
  '{{#product_cartId}}<button type="button" data-vitrine-cart="{{product_cartId}}">{{label_addToCart}}<span class="vitrine__sr"> {{product_name}}</span></button>{{/product_cartId}}';

// Only what rendering reads: the style is vitrine.css, and there is no script.
const builtin = (layout: Layout) => {
  const id = 'vitrine-' + layout;
  return { id, themeId: id, name: id, displayType: layout, htmlTemplate: card } as Theme;
};

export const builtinThemes: Record<Layout, Theme> = {
  carousel: builtin('carousel'),
  matrix: builtin('matrix'),
  bundle: builtin('bundle'),
};
