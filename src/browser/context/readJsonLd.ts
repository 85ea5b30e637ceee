import type { PageProduct } from './PageReading';
import { findJsonLd } from './findJsonLd';
import { text } from './text';

type Json = Record<string, any>;

const first = (v: unknown): Json | undefined => (Array.isArray(v) ? v[0] : v) as Json | undefined;

/**
 * A schema.org product in JSON-LD, the richest form. A `ProductGroup` (Google's variant
 * markup, https://developers.google.com/search/docs/appearance/structured-data/product-variants)
 * is named by the group and priced by its first variant; `offers` may be one offer, a
 * list or an `AggregateOffer` (`lowPrice`). A broken block is skipped, never fatal.
 */
export function readJsonLd(doc: Document): PageProduct | undefined {
  const p = findJsonLd(doc);
  if (!p) return;
  const variant = first(p.hasVariant) || p;
  const offer = first(variant.offers) || first(p.offers);
  const image = first(p.image);
  const name = text(p.name);
  const brand = first(p.brand);
  return {
    name,
    sku: text(variant.sku) || text(p.sku) || text(p.productID) || text(p.mpn),
    price: text(offer?.price) || text(offer?.lowPrice),
    currency: text(offer?.priceCurrency),
    smallImage: text(image) || text(image?.url),
    currentPageUrl: text(p.url),
    // An HTML character reference (`Elo&iacute;sa`) or a name that starts with its brand:
    // the page chunk decodes the one and checks the other against the product heading.
    doubt: /&#?\w+;/.test(name!) || name?.indexOf(brand?.name ?? brand) == 0,
  };
}
