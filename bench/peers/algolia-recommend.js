// Algolia Recommend on a product page: "related products" from the API client,
// rendered by recommend-js (Preact + htm) with a custom item card.
// The horizontal slider view (@algolia/ui-components-horizontal-slider-js) is
// not a dependency here, so the default list view stands in for it.
import recommend from '@algolia/recommend';
import { relatedProducts } from '@algolia/recommend-js';

relatedProducts({
  container: '#related',
  recommendClient: recommend('APPID', 'search-only-key'),
  indexName: 'products',
  objectIDs: ['sku-1'],
  maxRecommendations: 8,
  itemComponent({ item, html }) {
    return html`<a href=${item.url}><img src=${item.image} alt="" /><span>${item.name}</span><b>${item.price}</b></a>`;
  },
});
