import type { PageReading } from './PageReading';
import { readJsonLd } from './readJsonLd';

export type { PageProduct, PageReading } from './PageReading';

/**
 * The whole page reading: JSON-LD checked against the page, microdata, RDFa, the
 * storefront platforms' page data and meta tags. The page chunk (`vitrine-page.js`)
 * puts its reader here, and the ESM build its own at start. A null prototype: a page's
 * Object.prototype.read is no reader.
 */
export const pageReader: { read?: (win: Window) => PageReading } = Object.create(null);

/**
 * Each value from the first reading that states it, on a null prototype and from the
 * readings' own keys: a page's Object.prototype.name is no product name to ask about.
 */
export function merge(readings: (PageReading | undefined)[]): PageReading {
  const found: Record<string, unknown> = Object.create(null);
  for (const reading of readings) for (const key of Object.keys(reading || {})) found[key] ||= reading![key as keyof PageReading];
  return found as PageReading;
}

/**
 * Where the page states its product: JSON-LD alone in the core; with the page chunk in,
 * its reader, which reads JSON-LD first too and then microdata, RDFa, the platform's
 * page data and Open Graph / `product:` meta tags. So a JSON-LD offer without
 * `priceCurrency` takes the currency the others give.
 */
export function readProduct(win: Window): PageReading {
  const doc = win.document;
  // The product on show is this page: the bundle's "this item" card links here when no source gives its URL.
  return merge([pageReader.read ? pageReader.read(win) : readJsonLd(doc), { currentPageUrl: doc.URL }]);
}
