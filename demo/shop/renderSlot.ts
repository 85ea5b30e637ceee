import { html, raw, type SafeHtml } from './html';

export interface SlotOptions {
  id: string;
  /** Algorithm name, or '' for the page's automatic choice. */
  algorithm: string;
  layout: 'carousel' | 'matrix' | 'bundle';
  title: string;
  max?: number;
  /** Product the slot is about, when the page itself is not a product page. */
  sku?: string;
  /** What the slot shows until (and unless) products arrive. */
  fallback?: SafeHtml;
  /** The widget `renderSlots` rendered for this slot on the server: it stands in for the fallback. */
  server?: string;
  /** A slot at the top of the page, asked for as soon as it is found rather than once it is near. */
  eager?: boolean;
}

/** A Vitrine slot exactly as DESIGN.md's merchant markup writes it. */
export function renderSlot(o: SlotOptions): SafeHtml {
  return html`<section class="shelf" aria-label="${o.title}">
<div id="${o.id}" data-vitrine="${o.algorithm}" data-vitrine-layout="${o.layout}" data-vitrine-title="${o.title}"${o.max ? html` data-vitrine-max="${o.max}"` : ''}${o.sku ? html` data-vitrine-sku="${o.sku}"` : ''}${o.eager ? html` data-vitrine-loading="eager"` : ''}>${o.server ? raw(o.server) : o.fallback ?? ''}</div>
</section>`;
}
