// Relewise's client asking for "viewed after viewing this product".
// The SDK ships no widget; the markup is left to the caller.
import { Recommender, ProductsViewedAfterViewingProductBuilder, UserFactory } from '@relewise/client';

const recommender = new Recommender('dataset-id', 'api-key', { serverUrl: 'https://api.relewise.com' });
const settings = {
  language: 'en',
  currency: 'EUR',
  displayedAtLocation: 'product page',
  user: UserFactory.anonymous(),
};
const request = new ProductsViewedAfterViewingProductBuilder(settings).product({ productId: 'sku-1' }).setNumberOfRecommendations(8).build();
recommender.recommendProductsViewedAfterViewingProduct(request).then((res) => {
  const root = document.getElementById('related');
  if (root && res?.recommendations) root.textContent = res.recommendations.map((p) => p.displayName).join(', ');
});
