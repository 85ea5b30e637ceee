import type { Layout } from '../types/host';
import type { Theme } from '../types/interface';

// One product card serves the three built-in themes; the layouts around it differ.
const card =
  '<a class="vitrine__link" href="{{product_currentPageUrl}}">' +
  '{{#product_imageUrl}}<img class="vitrine__img" src="{{product_imageUrl}}" alt="" loading="lazy" width="240" height="240">{{/product_imageUrl}}' +
  '<span class="vitrine__name">{{product_name}}</span>' +
  '{{#variant_name}}<span class="vitrine__variant">{{variant_name}}</span>{{/variant_name}}' +
  '<span class="vitrine__price">{{#product_discountedPrice}}<s>{{product_price}}</s> <b>{{product_discountedPrice}}</b>{{/product_discountedPrice}}{{nodiscount_price}}</span>' +
  '</a>';

const builtin = (layout: Layout): Theme => {
  const id = 'vitrine-' + layout;
  return { id, themeId: id, orgId: '', orgName: '', name: id, type: 'Custom', displayType: layout, htmlTemplate: card, cssTemplate: null, jsTemplate: null, payload: null, description: null, divisionId: null };
};

export const builtinThemes: Record<Layout, Theme> = {
  carousel: builtin('carousel'),
  matrix: builtin('matrix'),
  bundle: builtin('bundle'),
};
