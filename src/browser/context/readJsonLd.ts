import type { PageProduct } from './PageReading';
import { text } from './text';

type Json = Record<string, any>;

const first = (v: unknown): Json | undefined => (Array.isArray(v) ? v[0] : v) as Json | undefined;

/**
 * The first `Product` or `ProductGroup` however the page nests it: top-level arrays,
 * `@graph`, or the `mainEntity` of an `ItemPage` / `WebPage`.
 */
function findProduct(node: unknown): Json | undefined {
  if (!node || typeof node != 'object') return;
  if (Array.isArray(node)) return node.map(findProduct).find(Boolean);
  const n = node as Json;
  return [].concat(n['@type']).some((type) => /^Product(Group)?$/.test(type)) ? n : findProduct(n['@graph']) || findProduct(n.mainEntity);
}

/**
 * A schema.org product in JSON-LD, the richest form. A `ProductGroup` (Google's variant
 * markup, https://developers.google.com/search/docs/appearance/structured-data/product-variants)
 * is named by the group and priced by its first variant; `offers` may be one offer, a
 * list or an `AggregateOffer` (`lowPrice`). A broken block is skipped, never fatal.
 */
export function readJsonLd(doc: Document): PageProduct | undefined {
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    let p: Json | undefined;
    try {
      p = findProduct(JSON.parse(script.textContent || ''));
    } catch {
      continue;
    }
    if (!p) continue;
    const variant = first(p.hasVariant) || p;
    const offer = first(variant.offers) || first(p.offers);
    const image = first(p.image);
    return {
      name: text(p.name),
      sku: text(variant.sku) || text(p.sku) || text(p.productID) || text(p.mpn),
      price: text(offer?.price) || text(offer?.lowPrice),
      currency: text(offer?.priceCurrency),
      smallImage: text(image) || text(image?.url),
      currentPageUrl: text(p.url),
    };
  }
}
