import type { PageReading } from './PageReading';

/**
 * The currency of an offer marked up anywhere on the page, inside the product's item or
 * not: Adobe Experience Manager components and hand-written pages often mark up the
 * offer (`itemprop="priceCurrency"`, RDFa `property="priceCurrency"`) apart from the
 * product, and it is then the page's only statement of its currency. Read only where
 * every such offer agrees; otherwise the page says nothing certain.
 */
export function readOfferCurrency(doc: Document): PageReading {
  const found = new Set<string>();
  doc.querySelectorAll('[itemprop~="priceCurrency"],[property$="priceCurrency"]').forEach((el) => {
    const value = (el.getAttribute('content') ?? el.textContent ?? '').trim();
    if (value) found.add(value);
  });
  return found.size == 1 ? { currency: [...found][0] } : {};
}
