import { sellingPrice } from '../../sandbox/createCatalogue';
import type { CategoryDefinition } from '../../sandbox/categories';
import { html } from '../html';
import { renderPage } from '../renderPage';
import { renderProductGrid } from '../renderProductCard';
import { renderSlot } from '../renderSlot';
import type { ShopContext } from '../shopContext';

const SORTS = {
  featured: 'Featured',
  'price-asc': 'Price, low to high',
  'price-desc': 'Price, high to low',
  rating: 'Top rated',
} as const;
type Sort = keyof typeof SORTS;

export function renderCollection(ctx: ShopContext, category: CategoryDefinition, sortParam: string | null): string {
  const sort: Sort = sortParam && sortParam in SORTS ? (sortParam as Sort) : 'featured';
  const products = ctx.products.filter((p) => p.category === category.slug);
  const sorted = [...products].sort((a, b) =>
    sort === 'price-asc' ? sellingPrice(a) - sellingPrice(b)
    : sort === 'price-desc' ? sellingPrice(b) - sellingPrice(a)
    : sort === 'rating' ? b.rating - a.rating
    : a.ageDays - b.ageDays);
  const body = html`
<nav class="breadcrumbs" aria-label="Breadcrumb"><a href="/">Home</a> / <span aria-current="page">${category.name}</span></nav>
<header class="collection-header">
  <h1>${category.name}</h1>
  <p>${category.blurb}</p>
</header>
<form class="collection-tools" method="get">
  <p>${products.length} products</p>
  <label>Sort by
    <select name="sort" onchange="this.form.submit()">
      ${Object.entries(SORTS).map(([value, label]) => html`<option value="${value}"${value === sort ? html` selected` : ''}>${label}</option>`)}
    </select>
  </label>
  <noscript><button type="submit">Sort</button></noscript>
</form>
${renderProductGrid(sorted, ctx.apiUrl)}
${renderSlot({ id: 'collection-trending', algorithm: 'trending', layout: 'carousel', title: 'Trending across the shop' })}
${renderSlot({ id: 'collection-picks', algorithm: '', layout: 'matrix', title: 'You might also like', max: 6 })}`;
  return renderPage(ctx, {
    title: category.name,
    description: `${category.name} at Maison Vitrine. ${category.blurb}`,
    body,
    activeCategory: category.slug,
  });
}
