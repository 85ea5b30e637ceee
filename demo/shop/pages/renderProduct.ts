import { findCategory } from '../../sandbox/categories';
import { sellingPrice, type SampleProduct } from '../../sandbox/createCatalogue';
import { html, jsonForScript, raw } from '../html';
import { renderPage } from '../renderPage';
import { renderPriceTag } from '../renderProductCard';
import { renderSlot } from '../renderSlot';
import type { ShopContext } from '../shopContext';
import { renderSlots, type ServerSlot } from '../../../src/server/index';

/**
 * The widgets above the fold render on the server (`vitrine/server`), the rest in the
 * browser: the page shows both ways side by side. `?ssr=0` turns the server's off.
 */
const SERVER_SLOTS = 2;
const SLOTS: (ServerSlot & { layout: 'carousel' | 'matrix' | 'bundle'; title: string; algorithm: string })[] = [
  { id: 'pdp-bundle', algorithm: 'crosssell', layout: 'bundle', title: 'Complete the look' },
  { id: 'pdp-also-viewed', algorithm: 'viewedalsoviewed categoryreco', layout: 'carousel', title: 'Customers also viewed' },
  { id: 'pdp-similar', algorithm: 'contentbasedreco', layout: 'matrix', title: 'You may also like', max: 4 },
  { id: 'pdp-bought-together', algorithm: 'boughtalsobought', layout: 'carousel', title: 'Bought together' },
  { id: 'pdp-recent', algorithm: 'recentviews trendingincategory', layout: 'carousel', title: 'Keep browsing' },
];

/**
 * A page sent in two parts: `first` at once, `rest` when the server's widgets are in.
 * The shopper's browser fetches the stylesheet and scripts and paints the product while
 * the shop's server waits for Vitrine's service (what streaming frameworks such as
 * Next.js do with a Suspense boundary around a slow component).
 */
export interface StreamedPage {
  first: string;
  rest: Promise<string>;
}

/** Where each server-rendered slot goes in the page, until its widget is in. */
const HOLE = (i: number) => `<!--vitrine-slot-${i}-->`;

export function renderProduct(ctx: ShopContext, p: SampleProduct): StreamedPage {
  const category = findCategory(p.category);
  const image = `${ctx.apiUrl}/images/${p.sku}.svg`;
  const inStock = p.inventory > 0;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    image,
    description: p.description,
    brand: { '@type': 'Brand', name: 'Maison Vitrine' },
    color: p.colour,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating, reviewCount: Math.max(1, p.reviewCount) },
    offers: {
      '@type': 'Offer',
      price: sellingPrice(p).toFixed(2),
      priceCurrency: 'EUR',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  const head = html`<script type="application/ld+json">${raw(jsonForScript(jsonLd))}</script>
<meta property="og:type" content="product">
<meta property="og:title" content="${p.name}">
<meta property="og:description" content="${p.description}">
<meta property="og:image" content="${image}">
<meta property="product:retailer_item_id" content="${p.sku}">
<meta property="product:price:amount" content="${sellingPrice(p).toFixed(2)}">
<meta property="product:price:currency" content="EUR">`;
  const stars = Math.round(p.rating);
  const rendered = ctx.ssr
    ? renderSlots({
        baseUrl: ctx.apiUrl,
        orgId: ctx.orgId,
        apiKey: ctx.apiKey,
        page: { pageType: 'product_page', pname: p.name, sku: p.sku, domain: ctx.hostname, locale: 'en-IE', currency: 'EUR', product: { name: p.name, sku: p.sku, price: sellingPrice(p).toFixed(2), smallImage: image, currentPageUrl: `/products/${p.handle}` }, siteUid: ctx.visitorId },
        // The shop's banner keeps its answer in the browser; a stored visitor id is the sign
        // it was yes (Vitrine stores none before). Without one the server renders nothing
        // personal, and the browser takes over once the visitor answers.
        consent: !ctx.consentBanner || !!ctx.visitorId,
        slots: SLOTS.slice(0, SERVER_SLOTS),
        // The sandbox computes its answers in this same process: on a busy machine the
        // default 800 ms is short, and a slot that misses it is left to the browser anyway.
        timeoutMs: 2000,
      }).catch(() => [])
    : Promise.resolve([]);
  // A server slot is a hole in the page until its widget is in; the rest are client slots.
  const slot = (i: number) => (ctx.ssr && i < SERVER_SLOTS ? raw(HOLE(i)) : renderSlot(SLOTS[i]));
  const body = html`
<nav class="breadcrumbs" aria-label="Breadcrumb"><a href="/">Home</a> / <a href="/collections/${p.category}">${p.categoryName}</a> / <span aria-current="page">${p.name}</span></nav>
<article class="product">
  <div class="product__media"><img src="${image}" alt="${p.name}" width="480" height="600"></div>
  <div class="product__info">
    <p class="eyebrow">${p.categoryName} · ${p.line} line</p>
    <h1>${p.name}</h1>
    <p class="product__price">${renderPriceTag(p)}</p>
    <p class="rating" aria-label="Rated ${p.rating} out of 5">${'★'.repeat(stars)}${'☆'.repeat(5 - stars)} <span>${p.rating} · ${p.reviewCount} reviews</span></p>
    <p class="product__desc">${p.description}</p>
    <form class="add-to-cart" method="post" action="/cart/add">
      <input type="hidden" name="sku" value="${p.sku}">
      <label>Size
        ${p.sizes.length > 1
          ? html`<select name="size" required><option value="">Choose a size</option>${p.sizes.map((s) => html`<option>${s}</option>`)}</select>`
          : html`<select name="size">${(category?.sizes ?? ['One size']).map((s) => html`<option${p.variantName.endsWith(s) ? html` selected` : ''}>${s}</option>`)}</select>`}
      </label>
      <label>Quantity <input type="number" name="qty" value="1" min="1" max="9"></label>
      <button class="button" type="submit"${inStock ? '' : html` disabled`}>${inStock ? 'Add to cart' : 'Sold out'}</button>
    </form>
    <p class="product__stock">${inStock ? (p.inventory < 10 ? `Only ${p.inventory} left` : 'In stock, ships in 1–2 days') : 'Back soon'}</p>
    <dl class="product__facts"><dt>Colour</dt><dd>${p.colour}</dd><dt>Material</dt><dd>${p.material}</dd><dt>SKU</dt><dd>${p.sku}</dd></dl>
    ${slot(0)}
  </div>
</article>
${slot(1)}
${slot(2)}
${slot(3)}
${slot(4)}`;
  const page = renderPage(ctx, {
    title: p.name,
    description: p.description,
    head,
    body,
    activeCategory: p.category,
    scriptAfterLoad: ctx.ssr,
  });
  // Everything before the first widget goes out at once: head, header, the product itself.
  const cut = ctx.ssr ? page.indexOf(HOLE(0)) : page.length;
  return {
    first: page.slice(0, cut),
    rest: rendered.then((widgets) => {
      let rest = page.slice(cut);
      // A function, not a string, as the replacement: a widget's `$&` or `$'` stays text.
      for (let i = 0; ctx.ssr && i < SERVER_SLOTS; i++) rest = rest.replace(HOLE(i), () => renderSlot({ ...SLOTS[i], server: widgets[i]?.html }).__html);
      return rest;
    }),
  };
}
