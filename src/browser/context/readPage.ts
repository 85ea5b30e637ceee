import type { PageReading } from './readProduct';
import { merge } from './readProduct';
import { readJsonLd } from './readJsonLd';
import { findJsonLd } from './findJsonLd';
import { readItem } from './readItem';
import { readPlatform } from './readPlatform';
import { readMeta } from './readMeta';
import { readHeading } from './readHeading';
import { readPageKind } from './readPageKind';
import { readOfferCurrency } from './readOfferCurrency';
import { nameWithoutBrand } from './nameWithoutBrand';
import { decodeReferences } from './decodeReferences';
import { stripLabel } from './stripLabel';
import { guessCurrency } from './guessCurrency';
import { platforms } from './platforms';
import { bare } from '../../core/util/bare';

/** Sources whose name says `guess` give values debug mode reports as guessed. */
export const GUESS = 'guess';

type Source = [string, PageReading | undefined];

/** JSON-LD as the page chunk reads it: HTML character references decoded, once. */
function readDecodedJsonLd(doc: Document): PageReading | undefined {
  const reading = readJsonLd(doc) as Record<string, unknown> | undefined;
  if (!reading) return;
  const decoded: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(reading)) {
    const value = reading[key];
    if (key != 'doubt') decoded[key] = typeof value == 'string' ? decodeReferences(value) : value;
  }
  return decoded as PageReading;
}

/**
 * What the page says, in order and named for debug mode: JSON-LD, microdata, RDFa,
 * each storefront platform's own page data (which alone also states the page type),
 * Open Graph and `product:` meta tags, then an offer's currency anywhere in the markup.
 * Labels a template prints before a value are dropped, and a currency that is a sign
 * rather than an ISO code is left out: any source's code wins over it. Then, in front,
 * the heading's name where JSON-LD's starts with the brand the heading leaves out; after
 * them, blog and 404 pages by their URL and title (`readPageKind`); and last the guesses: a currency from that sign and the page's country, and a name from a
 * product page's heading where nothing else names the product.
 */
export function pageSources(win: Window): Source[] {
  const doc = win.document;
  const jsonLd = readDecodedJsonLd(doc);
  const sources: Source[] = [
    ['JSON-LD', jsonLd],
    ['microdata', readItem(doc, 'itemtype', 'itemprop')],
    ['RDFa', readItem(doc, 'typeof', 'property')],
    ...Object.keys(platforms).map((name): Source => [name, readPlatform(win, platforms[name])]),
    ['meta tags', readMeta(doc)],
    ['offer markup', readOfferCurrency(doc)],
  ];
  let sign: string | undefined;
  for (const [, reading] of sources) {
    if (!reading) continue;
    reading.name = stripLabel(reading.name, 'name');
    reading.sku = stripLabel(reading.sku, 'sku');
    const currency = reading.currency?.trim();
    if (currency && !/^[A-Z]{3}$/i.test(currency)) sign ||= currency;
    reading.currency = currency && /^[A-Z]{3}$/i.test(currency) ? currency.toUpperCase() : undefined;
  }
  const own = nameWithoutBrand(doc, jsonLd?.name, decodeReferences(brandOf(doc) || ''));
  if (own) sources.unshift(['product heading (JSON-LD name without its brand)', { name: own }]);
  const found = merge(sources.map(([, reading]) => reading));
  const locale = doc.documentElement.lang || found.locale;
  if (sign && !found.currency) sources.push([`${GUESS} from the sign ${sign} and the page's locale ${locale}`, { currency: guessCurrency(sign, locale) }]);
  if (!found.pageType) sources.push(['URL and title', { pageType: readPageKind(win, !!(found.name || found.sku)) }]);
  if (!found.name && !found.sku) sources.push([`product heading (${GUESS})`, readHeading(doc)]);
  return sources;
}

/**
 * The brand's name JSON-LD gives, as an object (`brand.name`) or a string; its own
 * members only: a page's Object.prototype.brand is no brand of the product.
 */
function brandOf(doc: Document): string | undefined {
  const given = bare(findJsonLd(doc) || {}).brand;
  const brand = Array.isArray(given) ? given[0] : given;
  const name = brand && typeof brand == 'object' ? bare(brand).name : brand;
  return typeof name == 'string' ? name.trim() : undefined;
}

export const readPage = (win: Window): PageReading => merge(pageSources(win).map(([, reading]) => reading));
