import { html } from '../html';
import { JOURNAL_POSTS, type JournalPost } from '../journalPosts';
import { renderPage } from '../renderPage';
import { renderProductGrid } from '../renderProductCard';
import { renderSlot } from '../renderSlot';
import type { ShopContext } from '../shopContext';

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function renderJournalIndex(ctx: ShopContext): string {
  const body = html`
<h1 class="page-title">Journal</h1>
<ul class="journal-list journal-list--full">
  ${JOURNAL_POSTS.map((post) => html`<li><a href="/blogs/journal/${post.handle}"><time datetime="${post.date}">${longDate.format(new Date(post.date))}</time><span class="journal-list__title">${post.title}</span><span>${post.summary}</span></a></li>`)}
</ul>
${renderSlot({ id: 'journal-index-picks', algorithm: '', layout: 'carousel', title: 'Picked for you' })}
${renderSlot({ id: 'journal-index-trending', algorithm: 'trending', layout: 'matrix', title: 'Popular this week', max: 4 })}`;
  return renderPage(ctx, { title: 'Journal', description: 'Stories from Maison Vitrine.', body });
}

export function renderJournalPost(ctx: ShopContext, post: JournalPost): string {
  // The article's department, best rated first: the slot shows more of it around the first one.
  const related = ctx.products.filter((p) => p.category === post.category).sort((a, b) => b.rating - a.rating).slice(0, 4);
  const body = html`
<article class="article">
  <nav class="breadcrumbs" aria-label="Breadcrumb"><a href="/blogs/journal">Journal</a></nav>
  <h1>${post.title}</h1>
  <p class="article__meta"><time datetime="${post.date}">${longDate.format(new Date(post.date))}</time></p>
  <p class="article__lede">${post.summary}</p>
  ${post.paragraphs.map((text) => html`<p>${text}</p>`)}
</article>
${renderSlot({ id: 'journal-shop-the-story', algorithm: 'categoryreco', sku: related[0]?.sku, layout: 'matrix', title: 'Shop the story', max: 4,
  fallback: html`<h2 class="shelf__title">Shop the story</h2>${renderProductGrid(related, ctx.apiUrl)}` })}
${renderSlot({ id: 'journal-viewed-departments', algorithm: 'viewedcatitemsreco trending', layout: 'carousel', title: 'Worth a look' })}`;
  return renderPage(ctx, { title: post.title, description: post.summary, body });
}
