// The demo shop's pages drawn by Algolia instead of Vitrine (the Lighthouse part): each
// `[data-algolia]` slot asks Algolia's Recommend API for the model that does the job of
// the Vitrine slot it stands in for, and recommend-js renders the answer, in its
// horizontal slider view where Vitrine draws a carousel and in its default list view
// otherwise. The client talks to the bench's stand-in of the API on 127.0.0.1 (custom
// hosts, `data-host` on this script's tag). Loaded `async`, as the shop loads Vitrine.
import recommend from '@algolia/recommend';
import { frequentlyBoughtTogether, lookingSimilar, relatedProducts, trendingItems } from '@algolia/recommend-js';
import { horizontalSlider } from '@algolia/ui-components-horizontal-slider-js';

const tag = /** @type {HTMLScriptElement} */ (document.currentScript);
const recommendClient = recommend('BENCHAPP01', 'bench-search-only-key', {
  hosts: [{ url: tag.dataset.host, protocol: 'http' }],
});
const widgets = { 'bought-together': frequentlyBoughtTogether, 'looking-similar': lookingSimilar, 'related-products': relatedProducts, 'trending-items': trendingItems };

function itemComponent({ item, html }) {
  return html`<a class="algolia-card" href=${item.url}><img src=${item.image} alt="" width="240" height="240" /><span>${item.name}</span></a><b>${item.price}</b>`;
}

for (const el of document.querySelectorAll('[data-algolia]')) {
  const { algolia: model, sku, max, layout } = el.dataset;
  widgets[model]({
    container: el,
    recommendClient,
    indexName: 'products',
    ...(model == 'trending-items' ? {} : { objectIDs: [sku] }),
    maxRecommendations: Number(max),
    // Which slot of the page this is: the stand-in answers it with that slot's products.
    queryParameters: { ruleContexts: [el.id] },
    headerComponent: ({ html }) => html`<h2 class="shelf__title">${el.dataset.title}</h2>`,
    ...(layout == 'carousel' && model != 'bought-together' ? { view: horizontalSlider } : {}),
    itemComponent,
  });
}
