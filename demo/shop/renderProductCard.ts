import { sellingPrice, type SampleProduct } from '../sandbox/createCatalogue';
import { formatPrice } from './formatPrice';
import { html, type SafeHtml } from './html';

export function renderPriceTag(p: SampleProduct): SafeHtml {
  return p.salePrice !== null
    ? html`<span class="price price--sale"><s>${formatPrice(p.price)}</s> <b>${formatPrice(sellingPrice(p))}</b></span>`
    : html`<span class="price">${formatPrice(p.price)}</span>`;
}

/** A product tile of the shop's own server-rendered grids. */
export function renderProductCard(p: SampleProduct, apiUrl: string): SafeHtml {
  return html`<li class="card">
  <a href="/products/${p.handle}">
    <img src="${apiUrl}/images/${p.sku}.svg" alt="${p.name}" width="240" height="300" loading="lazy">
    ${p.salePrice !== null ? html`<span class="card__badge">Sale</span>` : ''}
    <span class="card__name">${p.name}</span>
    <span class="card__meta">${p.variantName}</span>
    ${renderPriceTag(p)}
  </a>
</li>`;
}

export function renderProductGrid(products: readonly SampleProduct[], apiUrl: string): SafeHtml {
  return html`<ul class="grid">${products.map((p) => renderProductCard(p, apiUrl))}</ul>`;
}
