// A product page with `slots` recommendation slots, the way a merchant's theme
// would write it: one async script tag and placeholder elements.

/** Algorithms cycled through the slots; explicit names render on any page (DESIGN.md). */
const algorithms = [
  'viewedalsoviewed', 'boughtalsobought', 'contentbasedreco', 'categoryreco', 'trending', 'crosssell',
  'trendingincategory', 'viewedcatitemsreco', 'boughtcatitemsreco', 'recentviews', 'wishlistreco', 'inspbybrowsehist',
];

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * @param {{ slots: number, product: { name: string, sku: string }, sandbox: { url: string, orgId: string, apiKey: string } }} o
 */
export function scalePage({ slots, product, sandbox }) {
  const cells = Array.from({ length: slots }, (_, i) => {
    const algorithm = algorithms[i % algorithms.length];
    const layout = algorithm === 'crosssell' ? 'bundle' : i % 2 ? 'matrix' : 'carousel';
    // A placeholder of the widget's usual height keeps the page from shifting
    // when products arrive, as merchants are told to do. Heights are what the
    // built-in themes render at 1280 px with 8 products (measured: carousel
    // 401 px, matrix 689 px in two rows, bundle 245 px).
    return `<section class="slot slot--${layout}"><div id="reco-${i + 1}" data-vitrine="${algorithm}" data-vitrine-layout="${layout}" data-vitrine-max="8"
      data-vitrine-title="Picks ${i + 1}"></div></section>`;
  }).join('\n');
  const jsonLd = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: product.name, sku: product.sku, offers: { '@type': 'Offer', priceCurrency: 'EUR' } });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(product.name)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="application/ld+json">${jsonLd.replace(/</g, '\\u003c')}</script>
<style>body{margin:0 auto;max-width:1200px;font:16px system-ui,sans-serif;padding:16px}.slot--carousel{min-height:402px}.slot--matrix{min-height:690px}.slot--bundle{min-height:246px}</style>
<script async src="/dist/vitrine.js" data-base-url="${escape(sandbox.url)}" data-org-id="${escape(sandbox.orgId)}"
  data-api-key="${escape(sandbox.apiKey)}" data-page-type="product_page" data-pname="${escape(product.name)}" data-sku="${escape(product.sku)}"
  data-locale="en-US" data-currency="EUR"></script>
</head><body><header><h1>${escape(product.name)}</h1><p>SKU ${escape(product.sku)}</p></header>
<main>${cells}</main></body></html>`;
}
