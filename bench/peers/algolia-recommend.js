// Algolia Recommend on a product page: "related products" from the API client,
// rendered by recommend-js (Preact + htm) in its horizontal slider view with a
// custom item card: the same job as a Vitrine carousel slot.
import recommend from '@algolia/recommend';
import { relatedProducts } from '@algolia/recommend-js';
import { horizontalSlider } from '@algolia/ui-components-horizontal-slider-js';

relatedProducts({
  container: '#related',
  recommendClient: recommend('APPID', 'search-only-key'),
  indexName: 'products',
  objectIDs: ['sku-1'],
  maxRecommendations: 8,
  view: horizontalSlider,
  itemComponent({ item, html }) {
    return html`<a href=${item.url}><img src=${item.image} alt="" /><span>${item.name}</span><b>${item.price}</b></a>`;
  },
});
