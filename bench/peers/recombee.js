// Recombee's browser client asking for items related to the viewed product.
// Its carousel widget (@recombee/carousel-widget-js) cannot be installed from the
// npm registry: its dependency @recombee/widgets-core is not published there.
import recombee from 'recombee-js-api-client';

const client = new recombee.ApiClient('shop-db', 'public-token', { region: 'eu-west' });
client.send(new recombee.AddDetailView('visitor-1', 'sku-1', { cascadeCreate: true }));
client
  .send(new recombee.RecommendItemsToItem('sku-1', 'visitor-1', 8, { returnProperties: true }))
  .then((res) => {
    const root = document.getElementById('related');
    if (root) root.textContent = res.recomms.map((r) => r.id).join(', ');
  });
