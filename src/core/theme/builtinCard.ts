/**
 * The product card of the three built-in themes; the layouts around it differ. The link
 * is named by the product's name, so the image inside it is decorative (`alt=""`); a
 * sale price is read "Was €215.00 now €139.99" (the page's words, visually hidden), since
 * a strike-through is not announced by screen readers. The add-to-cart button sits beside
 * the link (a button inside a link is invalid HTML) and only where the product has an id
 * the cart takes; its name ends with the product's, so ten of them are told apart.
 *
 * The script tag leaves it to the theme chunk (`vitrine-theme.js`): build.mjs puts
 * `browser/theme/builtinCard.ts` in this module's place there.
 */
export const builtinCard: string =
  '<a class="vitrine__link" href="{{product_currentPageUrl}}">' +
  '{{#product_imageUrl}}<img class="vitrine__img" src="{{product_imageUrl}}" alt="" loading="lazy" width="240" height="240">{{/product_imageUrl}}' +
  '<span class="vitrine__name">{{product_name}}</span>' +
  '{{#variant_name}}<span class="vitrine__variant">{{variant_name}}</span>{{/variant_name}}' +
  '<span class="vitrine__price">{{#product_discountedPrice}}<s><span class="vitrine__sr">{{label_was}} </span>{{product_price}}</s> <b><span class="vitrine__sr">{{label_now}} </span>{{product_discountedPrice}}</b>{{/product_discountedPrice}}{{nodiscount_price}}</span>' +
  '</a>' +
  '{{#product_cartId}}<button type="button" data-vitrine-cart="{{product_cartId}}">{{label_addToCart}}<span class="vitrine__sr"> {{product_name}}</span></button>{{/product_cartId}}';
