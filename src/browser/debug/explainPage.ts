import type { EmbedHost } from '../host';
import type { PageReading } from '../context/PageReading';
import { readJsonLd } from '../context/readJsonLd';
import { pageSources } from '../context/readPage';

/**
 * What Vitrine read of the page and from where: each value of the context beside the
 * setting or the source that gave it (JSON-LD, microdata, RDFa, a platform's page data,
 * meta tags), the same order the core and the page chunk read them in.
 */
export function explainPage(host: EmbedHost): void {
  const { win, doc, config } = host;
  const c = host.context();
  const sources: [string, PageReading | undefined][] = [['JSON-LD', readJsonLd(doc)], ...pageSources(win)];
  const from = (key: keyof PageReading, value: unknown, setting: unknown, otherwise: string) =>
    value == null ? 'nowhere' : setting != null ? 'setting' : sources.find(([, reading]) => reading?.[key] == value)?.[0] || otherwise;
  console.info(
    '[vitrine] page',
    { pageType: c.pageType, pname: c.pname, sku: c.sku, visitor: c.siteUid, domain: c.domain, locale: c.locale, currency: c.currency },
    'read from',
    {
      pageType: from('pageType', c.pageType, config.pageType, 'URL'),
      pname: from('name', c.pname, config.pname, ''),
      sku: from('sku', c.sku, config.sku, ''),
      locale: config.locale ? 'setting' : doc.documentElement.lang ? '<html lang>' : from('locale', c.locale, null, 'browser'),
      currency: from('currency', c.currency, config.currency, ''),
    },
  );
}
