/**
 * A widget response envelope as the service sends it (interface.md), with `n`
 * products. Prices are strings, as in most responses; images are one local SVG
 * so no request leaves the bench server.
 * @param {number} n
 */
export function makeEnvelope(n) {
  const products = [];
  for (let i = 0; i < n; i++) {
    products.push({
      // Zero-padded so no name is a prefix of another ("…001" vs "…010").
      name: `Merino crew sweater ${String(i + 1).padStart(3, '0')}`,
      sku: `SKU-${1000 + i}`,
      price: (19.9 + i * 3.25).toFixed(2),
      smallImage: `/img/product.svg?${i % 8}`,
      currentPageUrl: `/products/merino-crew-${i + 1}`,
    });
  }
  return {
    errMsg: null,
    numberofdocs: n,
    success: '0',
    widgetType: 'viewedalsoviewed',
    widgetName: 'Customers also viewed',
    products,
    customValues: {},
  };
}
