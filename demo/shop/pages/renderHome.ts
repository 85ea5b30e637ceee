import { CATEGORIES } from '../../sandbox/categories';
import { html, raw } from '../html';
import { JOURNAL_POSTS } from '../journalPosts';
import { renderPage } from '../renderPage';
import { renderProductGrid } from '../renderProductCard';
import { renderSlot } from '../renderSlot';
import type { ShopContext } from '../shopContext';

export function renderHome(ctx: ShopContext): string {
  const newest = [...ctx.products].sort((a, b) => a.ageDays - b.ageDays).slice(0, 10);
  const favourites = [...ctx.products].sort((a, b) => b.rating - a.rating || (a.sku < b.sku ? -1 : 1)).slice(0, 4);
  // One product per department, the best rated: shown until the shop knows the visitor.
  const editors = CATEGORIES.slice(0, 5).map((c) => ctx.products.filter((p) => p.category === c.slug).sort((a, b) => b.rating - a.rating)[0]);
  const cover = (slug: string) => ctx.products.find((p) => p.category === slug);
  // `home-recent` is a fallback chain: a returning visitor sees their recent views, a new
  // one (no history yet) what is trending, so the shelf is never empty.
  const body = html`
<section class="hero">
  <div class="hero__text">
    <p class="eyebrow">Autumn collection</p>
    <h1>Made to last. Chosen with care.</h1>
    <p>Knitwear from small mills, shoes made to be resoled, and stoneware thrown in Provence.</p>
    <div class="hero__actions">
      <a class="button" href="/collections/knitwear">Shop knitwear</a>
      <a class="button button--ghost" href="/collections/outerwear">Discover coats</a>
    </div>
  </div>
</section>

${renderSlot({ id: 'home-trending', algorithm: 'trending', layout: 'carousel', title: 'Trending this week', eager: true,
  fallback: html`<h2 class="shelf__title">Our favourites</h2>${renderProductGrid(favourites, ctx.apiUrl)}` })}

<section class="departments" aria-labelledby="departments-title">
  <h2 id="departments-title" class="section-title">Shop by department</h2>
  <ul class="departments__list">
    ${CATEGORIES.map((c) => {
      const p = cover(c.slug);
      return html`<li><a href="/collections/${c.slug}">${p ? html`<img src="${ctx.apiUrl}/images/${p.sku}.svg" alt="" width="160" height="200" loading="lazy">` : ''}<span>${c.name}</span></a></li>`;
    })}
  </ul>
</section>

${renderSlot({ id: 'home-recent', algorithm: 'recentviews trending', layout: 'carousel', title: 'Picked for you' })}

<section aria-labelledby="new-title">
  <h2 id="new-title" class="section-title">New in</h2>
  ${renderProductGrid(newest, ctx.apiUrl)}
</section>

${renderSlot({ id: 'home-picks', algorithm: 'inspbybrowsehist', layout: 'matrix', title: 'Inspired by your browsing', max: 10,
  fallback: html`<h2 class="shelf__title">Editor’s picks</h2>${renderProductGrid(editors, ctx.apiUrl)}` })}

<section class="journal-teaser" aria-labelledby="journal-title">
  <h2 id="journal-title" class="section-title">From the journal</h2>
  <ul class="journal-list">
    ${JOURNAL_POSTS.map((post) => html`<li><a href="/blogs/journal/${post.handle}"><span class="journal-list__title">${post.title}</span><span>${post.summary}</span></a></li>`)}
  </ul>
</section>`;
  return renderPage(ctx, {
    title: 'Clothes and things for the home',
    description: 'Maison Vitrine: knitwear, shoes, coats and stoneware, made to be kept.',
    body,
    head: raw('<meta property="og:type" content="website"><meta property="og:title" content="Maison Vitrine">'),
  });
}
