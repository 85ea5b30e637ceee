import { CATEGORIES } from '../sandbox/categories';
import { html, jsonForScript, raw, type SafeHtml } from './html';
import type { ShopContext } from './shopContext';

export interface PageOptions {
  title: string;
  description: string;
  body: SafeHtml;
  /** Extra tags for <head> (JSON-LD, Open Graph). */
  head?: SafeHtml;
  /** Department highlighted in the navigation. */
  activeCategory?: string;
  /** Extra data-* attributes for the Vitrine script tag (one page sets its type explicitly). */
  scriptData?: Record<string, string>;
  /**
   * Vitrine's script is added once the page has loaded, not in the head: on a page whose
   * first widgets the server rendered, the script only takes them over and draws the
   * widgets further down, so its 14 KB need not compete with the page's stylesheet and
   * images for the first paint (Next.js's `<Script strategy="lazyOnload">` does the same).
   */
  scriptAfterLoad?: boolean;
}

/** The shop's page shell: header with departments and search, the Vitrine tag, footer. */
export function renderPage(ctx: ShopContext, o: PageOptions): string {
  const attributes: Record<string, string> = { 'data-base-url': ctx.apiUrl, 'data-org-id': ctx.orgId, 'data-api-key': ctx.apiKey, 'data-locale': 'en-IE', 'data-currency': 'EUR', 'data-analytics': 'datalayer' };
  for (const [name, value] of Object.entries(o.scriptData ?? {})) attributes['data-' + name] = value;
  const tag = o.scriptAfterLoad
    ? html`<script>addEventListener('load', () => {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(${raw(jsonForScript(attributes))})) script.setAttribute(name, value);
  script.src = '/dist/vitrine.js';
  document.head.append(script);
});</script>
`
    : html`<script async src="/dist/vitrine.js"${Object.entries(attributes).map(([name, value]) => html` ${raw(name)}="${value}"`)}></script>
`;
  return `<!doctype html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title} · Maison Vitrine</title>
<meta name="description" content="${o.description}">
<link rel="stylesheet" href="/assets/shop.css">
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ctext x='1' y='13' font-size='13' font-family='Georgia'%3EV%3C/text%3E%3C/svg%3E">
${o.head}
<script>window.dataLayer = window.dataLayer || [];</script>
${ctx.consentBanner ? html`<script src="/assets/consent.js"></script>
` : ''}${ctx.studioPreview ? html`<script src="/studio/shop-preview.js"></script>
` : ''}${tag}<script src="/assets/shop.js" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<div class="announcement">Free delivery over €100 · Free returns within 30 days</div>
<header class="site-header">
  <div class="site-header__bar">
    <a class="logo" href="/" aria-label="Maison Vitrine, home">Maison <em>Vitrine</em></a>
    <form class="site-search" action="/search" method="get" role="search" data-vitrine-searchbox>
      <label class="visually-hidden" for="site-search-q">Search the shop</label>
      <input id="site-search-q" type="search" name="q" placeholder="Search knitwear, mugs, coats…" autocomplete="off">
      <button type="submit">Search</button>
    </form>
    <a class="cart-link" href="/cart">Cart <span class="cart-link__count" data-cart-count>${ctx.cartCount}</span></a>
  </div>
  <nav class="site-nav" aria-label="Departments">
    <ul>
      ${CATEGORIES.map((c) => html`<li><a href="/collections/${c.slug}"${c.slug === o.activeCategory ? html` aria-current="page"` : ''}>${c.name}</a></li>`)}
      <li><a href="/blogs/journal">Journal</a></li>
    </ul>
  </nav>
</header>
<main id="main">
${o.body}
</main>
<footer class="site-footer">
  <div class="site-footer__cols">
    <div><p class="logo logo--small">Maison <em>Vitrine</em></p><p>Clothes and things for the home, made to be kept. Rue des Arts, Arles.</p></div>
    <div><h2>Shop</h2><ul>${CATEGORIES.slice(0, 5).map((c) => html`<li><a href="/collections/${c.slug}">${c.name}</a></li>`)}</ul></div>
    <div><h2>Home</h2><ul>${CATEGORIES.slice(5).map((c) => html`<li><a href="/collections/${c.slug}">${c.name}</a></li>`)}</ul></div>
    <div><h2>About</h2><ul><li><a href="/blogs/journal">Journal</a></li><li><a href="/search">Search</a></li><li><a href="/studio/">Theme studio</a></li></ul></div>
  </div>
  <p class="site-footer__small">A demo shop for Vitrine. Nothing here is for sale; prices in euros.${ctx.consentBanner ? html` <button type="button" class="link-button" data-consent-change>Privacy choices</button>` : ''}</p>
</footer>
${ctx.consentBanner ? html`<section id="consent-banner" class="consent-banner" role="region" aria-labelledby="consent-banner-title" hidden>
  <div class="consent-banner__text">
    <h2 id="consent-banner-title">Recommendations made for you?</h2>
    <p>With your permission we keep a random visitor number in a cookie, so that “Recently viewed” and “Inspired by your browsing” can follow what you look at. Without it you still see what is popular; nothing that identifies you is stored. You can change your mind at any time under “Privacy choices”.</p>
  </div>
  <div class="consent-banner__actions">
    <button type="button" class="button" data-consent-answer="yes">Accept</button>
    <button type="button" class="button button--ghost" data-consent-answer="no">Refuse</button>
  </div>
</section>` : ''}
</body>
</html>`.__html}`;
}
