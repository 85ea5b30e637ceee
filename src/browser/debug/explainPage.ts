import type { EmbedHost } from '../host';
import type { PageReading } from '../context/PageReading';
import { GUESS, pageSources } from '../context/readPage';

/**
 * What Vitrine read of the page and from where: each value of the context beside the
 * setting or the source that gave it (JSON-LD, microdata, RDFa, a platform's page data,
 * meta tags, an offer's markup), the same order the core and the page chunk read them
 * in, and which values are guesses (a currency from its sign and the page's country, a
 * name from a product page's heading) rather than stated.
 */
export function explainPage(host: EmbedHost): void {
  const { win, doc, config } = host;
  const c = host.context();
  const sources = pageSources(win);
  const from = (key: keyof PageReading, value: unknown, setting: unknown, otherwise: string) =>
    value == null ? 'nowhere' : setting != null ? 'setting' : sources.find(([, reading]) => reading?.[key] == value)?.[0] || otherwise;
  const said = {
    pageType: from('pageType', c.pageType, config.pageType, 'URL'),
    pname: from('name', c.pname, config.pname, ''),
    sku: from('sku', c.sku, config.sku, ''),
    locale: config.locale ? 'setting' : doc.documentElement.lang ? '<html lang>' : from('locale', c.locale, null, 'browser'),
    currency: from('currency', c.currency, config.currency, ''),
  };
  // A product page known only by a guessed name is itself a guess, unless the URL says so.
  if (said.pageType == 'URL' && c.pageType == 'product_page' && said.pname.includes(GUESS) && !/\/products?\/[^/]/.test(win.location.pathname)) said.pageType = said.pname;
  const guessed = (Object.keys(said) as (keyof typeof said)[]).filter((key) => said[key].includes(GUESS));
  console.info(
    '[vitrine] page',
    { pageType: c.pageType, pname: c.pname, sku: c.sku, visitor: c.siteUid, domain: c.domain, locale: c.locale, currency: c.currency },
    'read from',
    said,
    ...(guessed.length ? ['guessed:', guessed.join(', ')] : []),
  );
}
