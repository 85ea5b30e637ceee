import { html } from '../html';
import { renderPage } from '../renderPage';
import { renderSlot } from '../renderSlot';
import type { ShopContext } from '../shopContext';

export function renderNotFound(ctx: ShopContext): string {
  const body = html`
<section class="not-found">
  <p class="eyebrow">Error 404</p>
  <h1>This page has moved or sold out</h1>
  <p>The link may be old, or the product may have found a home. Try the search, or start again from the <a href="/">shop front</a>.</p>
</section>
${renderSlot({ id: 'notfound-recent', algorithm: '', layout: 'carousel', title: 'Recently viewed' })}
${renderSlot({ id: 'notfound-trending', algorithm: 'trending', layout: 'matrix', title: 'Trending instead', max: 8 })}`;
  return renderPage(ctx, { title: 'Page not found', description: 'Page not found', body });
}
