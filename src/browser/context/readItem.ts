import type { PageProduct } from './PageReading';
import { text } from './text';

/**
 * A schema.org `Product` in microdata (`itemtype` / `itemprop`) or RDFa (`typeof` /
 * `property`, with `vocab` or a `schema:` prefix): the two share a shape, an element that
 * names a type and descendants that name properties. A property belongs to the nearest
 * typed element above it, so a brand's or a breadcrumb's `name` is not the product's;
 * price and currency are read from the offer nested inside (an `Offer`, an
 * `AggregateOffer`, or the first variant of a `ProductGroup`).
 */
export function readItem(doc: Document, type: 'itemtype' | 'typeof', prop: 'itemprop' | 'property'): PageProduct | undefined {
  const item = Array.from(doc.querySelectorAll(`[${type}]`)).find((el) => /(^|[\s/:])Product(Group)?(\s|$)/.test(el.getAttribute(type)!));
  if (!item) return;
  // Null prototypes: a page's Object.prototype.name or sku is no property of the item.
  const own: Record<string, string | undefined> = Object.create(null);
  const nested: Record<string, string | undefined> = Object.create(null);
  item.querySelectorAll(`[${prop}]`).forEach((el) => {
    // content= (meta, or any element in RDFa), then a link's or an image's URL, then the text.
    const value = text(el.getAttribute('content') ?? el.getAttribute('href') ?? el.getAttribute('src') ?? el.textContent);
    const values = el.parentElement!.closest(`[${type}]`) == item ? own : nested;
    for (const name of el.getAttribute(prop)!.split(/\s+/)) values[name.replace(/.*[/:]/, '')] ??= value;
  });
  const pick = (name: string) => own[name] || nested[name];
  return {
    name: own.name,
    sku: pick('sku') || own.productID || own.mpn,
    price: pick('price') || pick('lowPrice'),
    currency: pick('priceCurrency'),
    smallImage: own.image,
    currentPageUrl: own.url,
  };
}
