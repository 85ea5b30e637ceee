import type { Theme } from '../../src/types/interface';

// Three themes in the shop's own look. Every htmlTemplate uses all eight
// placeholders of interface.md. Prices: `product_price` is the list price,
// `product_discountedPrice` the sale price (empty when not on sale) and
// `nodiscount_price` the list price only when there is no sale, so a template
// shows one price or a struck-through pair without any logic of its own.
// Every CSS selector is scoped under `.vitrine-theme--<themeId>`, the class the
// embed puts on the widget root.

// A strike-through is not read out: "Was … now …" (the page's own words, in the
// stylesheet's visually hidden class) says which price is which. Images sit inside links
// named by the product, so they are decorative: alt="".
const PRICE =
  '{{#product_discountedPrice}}<s><span class="vitrine__sr">{{label_was}} </span>{{product_price}}</s> <b><span class="vitrine__sr">{{label_now}} </span>{{product_discountedPrice}}</b>{{/product_discountedPrice}}{{nodiscount_price}}';

// The add-to-cart button sits beside the link, only where the product has a cart id;
// Vitrine handles its press (README "Add to cart").
const CART =
  '{{#product_cartId}}<button type="button" class="mv-cart" data-vitrine-cart="{{product_cartId}}">{{label_addToCart}}<span class="vitrine__sr"> {{product_name}}</span></button>{{/product_cartId}}';

const carouselHtml = `<a class="mv-card" href="{{product_currentPageUrl}}" data-widget-name="{{widget_displayName}}">
  <span class="mv-card__media"><img src="{{product_imageUrl}}" alt="" loading="lazy" width="240" height="300"></span>
  <span class="mv-card__name">{{product_name}}</span>
  <span class="mv-card__variant">{{variant_name}}</span>
  <span class="mv-card__price">${PRICE}</span>
</a>
${CART}`;

const carouselCss = `.vitrine-theme--maison-carousel {
  --mv-ink: #1d1c1a; --mv-muted: #6f6a61; --mv-sale: #a4321f; --mv-paper: #faf7f2;
  font-family: "Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif;
  color: var(--mv-ink);
}
.vitrine-theme--maison-carousel .mv-card {
  display: flex; flex-direction: column; gap: 4px; color: inherit; text-decoration: none;
}
.vitrine-theme--maison-carousel .mv-card__media {
  display: block; overflow: hidden; border-radius: 4px; background: var(--mv-paper); aspect-ratio: 4 / 5;
}
.vitrine-theme--maison-carousel .mv-card__media img {
  display: block; width: 100%; height: 100%; object-fit: cover; transition: transform .4s ease;
}
.vitrine-theme--maison-carousel .mv-card:hover .mv-card__media img,
.vitrine-theme--maison-carousel .mv-card:focus-visible .mv-card__media img { transform: scale(1.04); }
.vitrine-theme--maison-carousel .mv-card:focus-visible { outline: 2px solid var(--mv-ink); outline-offset: 3px; }
.vitrine-theme--maison-carousel .mv-card__name { margin-top: 8px; font-size: 1rem; line-height: 1.3; }
.vitrine-theme--maison-carousel .mv-card__variant {
  font: 500 .75rem/1.4 ui-sans-serif, system-ui, sans-serif; letter-spacing: .06em; text-transform: uppercase; color: var(--mv-muted);
}
.vitrine-theme--maison-carousel .mv-card__price { font: 500 .95rem/1.4 ui-sans-serif, system-ui, sans-serif; }
.vitrine-theme--maison-carousel .mv-card__price s { color: var(--mv-muted); font-weight: 400; }
.vitrine-theme--maison-carousel .mv-card__price b { color: var(--mv-sale); font-weight: 600; }
.vitrine-theme--maison-carousel [data-new]::after {
  content: "New"; margin-left: 6px; padding: 1px 6px; border-radius: 2px; background: var(--mv-ink); color: #fff;
  font: 600 .65rem/1.5 ui-sans-serif, system-ui, sans-serif; letter-spacing: .08em; text-transform: uppercase;
}`;

// Runs after each render with `root` (the widget element) and `data` (the
// envelope) in scope. It marks the widget so tests can see it ran, and tags
// the first card of a fresh widget as new in the shop's style.
const carouselJs = `root.dataset.themeScript = 'ran';
var first = root.querySelector('.mv-card__name');
if (first && data && data.products && data.products.length > 3) first.setAttribute('data-new', '');`;

const gridHtml = `<section class="mv-grid" aria-label="{{widget_displayName}}">
  <h2 class="mv-grid__title">{{widget_displayName}}</h2>
  <ul class="mv-grid__list">
    {{#products}}
    <li class="mv-grid__item">
      <a class="mv-grid__link" href="{{product_currentPageUrl}}">
        <img class="mv-grid__img" src="{{product_imageUrl}}" alt="" loading="lazy" width="240" height="300">
        <span class="mv-grid__name">{{product_name}}</span>
        <span class="mv-grid__variant">{{variant_name}}</span>
        <span class="mv-grid__price">${PRICE}</span>
      </a>
      ${CART}
    </li>
    {{/products}}
  </ul>
</section>`;

const gridCss = `.vitrine-theme--maison-grid { --mv-ink: #1d1c1a; --mv-muted: #6f6a61; --mv-sale: #a4321f; color: var(--mv-ink); }
.vitrine-theme--maison-grid .mv-grid__title {
  margin: 0 0 20px; font: 400 1.6rem/1.2 "Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif;
}
.vitrine-theme--maison-grid .mv-grid__list {
  list-style: none; margin: 0; padding: 0; display: grid; gap: 28px 20px;
  grid-template-columns: repeat(auto-fill, minmax(min(150px, 44%), 1fr));
}
.vitrine-theme--maison-grid .mv-grid__link { display: flex; flex-direction: column; gap: 3px; color: inherit; text-decoration: none; }
.vitrine-theme--maison-grid .mv-grid__img {
  width: 100%; height: auto; aspect-ratio: 4 / 5; object-fit: cover; border-radius: 4px; background: #f3efe8;
  transition: opacity .2s ease;
}
.vitrine-theme--maison-grid .mv-grid__link:hover .mv-grid__img { opacity: .88; }
.vitrine-theme--maison-grid .mv-grid__link:hover .mv-grid__name { text-decoration: underline; text-underline-offset: 3px; }
.vitrine-theme--maison-grid .mv-grid__link:focus-visible { outline: 2px solid var(--mv-ink); outline-offset: 3px; }
.vitrine-theme--maison-grid .mv-grid__name { margin-top: 8px; font: 400 1rem/1.3 "Iowan Old Style", Palatino, Georgia, serif; }
.vitrine-theme--maison-grid .mv-grid__variant { font: .75rem/1.4 ui-sans-serif, system-ui, sans-serif; color: var(--mv-muted); }
.vitrine-theme--maison-grid .mv-grid__price { font: 500 .95rem/1.4 ui-sans-serif, system-ui, sans-serif; }
.vitrine-theme--maison-grid .mv-grid__price s { color: var(--mv-muted); font-weight: 400; }
.vitrine-theme--maison-grid .mv-grid__price b { color: var(--mv-sale); }`;

const bundleHtml = `<a class="mv-bundle" href="{{product_currentPageUrl}}" title="{{widget_displayName}}: {{product_name}}">
  <img class="mv-bundle__img" src="{{product_imageUrl}}" alt="" loading="lazy" width="96" height="120">
  <span class="mv-bundle__text">
    <span class="mv-bundle__name">{{product_name}}</span>
    <span class="mv-bundle__variant">{{variant_name}}</span>
    <span class="mv-bundle__price">${PRICE}</span>
  </span>
</a>`;

const bundleCss = `.vitrine-theme--maison-bundle { --mv-ink: #1d1c1a; --mv-muted: #6f6a61; --mv-sale: #a4321f; --mv-line: #e6e0d6; color: var(--mv-ink); }
.vitrine-theme--maison-bundle .mv-bundle {
  display: flex; align-items: center; gap: 14px; padding: 10px; border: 1px solid var(--mv-line); border-radius: 6px;
  background: #fff; color: inherit; text-decoration: none; transition: border-color .2s ease, box-shadow .2s ease;
}
.vitrine-theme--maison-bundle .mv-bundle:hover { border-color: var(--mv-ink); box-shadow: 0 2px 10px rgb(0 0 0 / .06); }
.vitrine-theme--maison-bundle .mv-bundle:focus-visible { outline: 2px solid var(--mv-ink); outline-offset: 2px; }
.vitrine-theme--maison-bundle .mv-bundle__img { width: 72px; height: 90px; object-fit: cover; border-radius: 3px; flex: none; }
.vitrine-theme--maison-bundle .mv-bundle__text { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.vitrine-theme--maison-bundle .mv-bundle__name { font: 400 .98rem/1.3 "Iowan Old Style", Palatino, Georgia, serif; }
.vitrine-theme--maison-bundle .mv-bundle__variant { font: .72rem/1.4 ui-sans-serif, system-ui, sans-serif; color: var(--mv-muted); text-transform: uppercase; letter-spacing: .06em; }
.vitrine-theme--maison-bundle .mv-bundle__price { font: 500 .9rem/1.4 ui-sans-serif, system-ui, sans-serif; }
.vitrine-theme--maison-bundle .mv-bundle__price s { color: var(--mv-muted); font-weight: 400; }
.vitrine-theme--maison-bundle .mv-bundle__price b { color: var(--mv-sale); }`;

export function sampleThemes(orgId: string, orgName: string): Theme[] {
  const base = { orgId, orgName, type: 'Custom', payload: null, divisionId: null };
  return [
    {
      ...base, id: '0b6f3c1e-5a2d-4e7f-8c9b-1a2b3c4d5e01', themeId: 'maison-carousel', name: 'Maison carousel',
      displayType: 'carousel', description: 'Tall product cards with serif names, for carousels.',
      htmlTemplate: carouselHtml, cssTemplate: carouselCss, jsTemplate: carouselJs,
    },
    {
      ...base, id: '0b6f3c1e-5a2d-4e7f-8c9b-1a2b3c4d5e02', themeId: 'maison-grid', name: 'Maison grid',
      displayType: 'matrix', description: 'A whole widget: titled responsive grid of products.',
      htmlTemplate: gridHtml, cssTemplate: gridCss, jsTemplate: null,
    },
    {
      ...base, id: '0b6f3c1e-5a2d-4e7f-8c9b-1a2b3c4d5e03', themeId: 'maison-bundle', name: 'Maison bundle',
      displayType: 'bundle', description: 'Compact add-on rows for "complete the look" bundles.',
      htmlTemplate: bundleHtml, cssTemplate: bundleCss, jsTemplate: null,
    },
  ];
}
