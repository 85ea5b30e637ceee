import type { PageReading } from './readProduct';
import { merge } from './readProduct';
import { readItem } from './readItem';
import { readPlatform } from './readPlatform';
import { readMeta } from './readMeta';
import { platforms } from './platforms';

/**
 * What the page chunk reads, in order and named for debug mode: microdata, RDFa, each
 * storefront platform's own page data (which alone also states the page type), then
 * Open Graph and `product:` meta tags.
 */
export function pageSources(win: Window): [string, PageReading | undefined][] {
  const doc = win.document;
  return [
    ['microdata', readItem(doc, 'itemtype', 'itemprop')],
    ['RDFa', readItem(doc, 'typeof', 'property')],
    ...Object.keys(platforms).map((name): [string, PageReading] => [name, readPlatform(win, platforms[name])]),
    ['meta tags', readMeta(doc)],
  ];
}

export const readPage = (win: Window): PageReading => merge(pageSources(win).map(([, reading]) => reading));
