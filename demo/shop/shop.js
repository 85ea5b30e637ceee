// The shop's own script (not Vitrine): a bundle widget's "add to cart" button
// fires `vitrine:add-to-cart`; put those products in the cart like the form does.
document.addEventListener('vitrine:add-to-cart', function (event) {
  var products = (event.detail && event.detail.products) || [];
  var adds = products.map(function (p) {
    var body = new URLSearchParams({ sku: String(p.sku), qty: '1' });
    return fetch('/cart/add', { method: 'POST', body: body, headers: { Accept: 'application/json' } });
  });
  Promise.all(adds).then(function () { location.href = '/cart'; });
});
