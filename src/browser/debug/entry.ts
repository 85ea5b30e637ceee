import type { EmbedHost } from '../host';
import type { AlgorithmName, PageName, Theme } from '../../types/interface';
import { PAGES } from '../../core/api/endpoints';
import { widgetQuery } from '../../core/api/fetchWidget';
import { isListedFor } from '../../core/algorithms/chooseAlgorithm';
import { LAYOUTS, readMax, slotAttribute } from '../slots/readSlot';
import { TAG } from '../slots/element';
import { explainPage } from './explainPage';

type Detail = Record<string, unknown>;

/**
 * Debug mode (`data-debug` or `?vitrine_debug=1`) loads this chunk, so explaining costs
 * the everyday bundle nothing: the core parses quietly, and this chunk works out what it
 * ignored and why. Each slot gets a console line and a visible label: the algorithm and
 * why, the request, the outcome and timing, the theme and why, or why nothing showed.
 */
function explain(host: EmbedHost): void {
  const { doc, win, config } = host;
  const style = doc.createElement('style');
  style.nonce = config.nonce || '';
  style.textContent =
    '[data-vitrine-debug]{outline:2px dashed #c2185b;outline-offset:4px}' +
    '[data-vitrine-debug]::before{content:attr(data-vitrine-debug);display:block;font:12px/1.4 monospace;white-space:pre-wrap;background:#fce4ec;color:#880e4f;padding:4px 8px;margin-bottom:6px}';
  doc.head.appendChild(style);
  // The page is explained once a slot has used it: by then the page chunk, where the
  // page needs it, has read what JSON-LD left out.
  let explained = false;
  const page = () => {
    if (!explained) explainPage(host);
    explained = true;
  };
  if (host.history.length) page();
  for (const name of ['render', 'error']) doc.addEventListener('vitrine:' + name, page);
  if (config.consent) {
    const known = ['required', 'shopify', 'tcf', 'granted'].includes(config.consent);
    console.info(`[vitrine] consent mode ${known ? config.consent : `"${config.consent}" (not required, shopify, tcf or granted: treated as required)`}: ${host.mayStore() ? 'granted, the visitor id is stored' : 'no consent yet: the visitor id lives in memory for this page, personal algorithms wait'}`);
  }

  // Settings the core dropped: read them raw again, as the merchant wrote them.
  const tag = doc.querySelector<HTMLScriptElement>('script[data-org-id][src*="vitrine"]');
  const raw = (key: string) => tag?.dataset[key] ?? ((win as unknown as { vitrineConfig?: Record<string, unknown> }).vitrineConfig || {})[key];
  const pageType = raw('pageType');
  if (pageType && !PAGES.includes(pageType as PageName)) console.warn(`[vitrine] setting ignored: page type "${pageType}" is not one of ${PAGES.join(', ')}`);
  const currency = raw('currency');
  if (currency && currency != config.currency) console.warn(`[vitrine] setting ignored: currency "${currency}" is not a code like EUR`);

  let themes: Theme[] = [];
  const themeWhy = (el: HTMLElement, id: string) => {
    const named = slotAttribute(el, 'theme');
    if (named) return named == id ? 'named by the slot' : `theme "${named}" not found`;
    const theme = themes.find((t) => t.themeId == id);
    return !theme ? 'built-in' : theme.divisionId == el.id ? 'made for this slot' : 'matches the layout';
  };

  const show = (el: HTMLElement, name: string, d: Detail) => {
    if (name != 'render' && name != 'error') return;
    // The slot's own settings, from either form (`data-vitrine-max` or `<vitrine-widget max>`).
    const [named, layout, max, , , pname, sku] = ['algorithm', 'layout', 'max', 'theme', 'title', 'pname', 'sku'].map((a) => slotAttribute(el, a));
    const c = host.context();
    const algorithm = d.algorithm as AlgorithmName | undefined;
    const why = named ? 'named by the slot' : `chosen for ${c.pageType}`;
    const lines =
      name == 'render'
        ? [`${algorithm} (${why}): ${d.products} products in ${d.ms} ms`, `theme ${d.theme} (${themeWhy(el, d.theme as string)}), ${d.layout}`]
        : [`nothing shown (${d.kind}): ${d.message}`, algorithm ? `${algorithm} (${why})` : ''];
    if (algorithm) {
      const params = { divisionId: el.id, orgId: config.orgId, site_uid: c.siteUid, domain: c.domain, pname: pname || c.pname, sku: sku || c.sku };
      const query = widgetQuery(algorithm, params);
      lines.push('query ' + Object.keys(query).filter((k) => query[k] != null).map((k) => `${k}=${encodeURIComponent(query[k]!)}`).join('&'));
      if (named && !isListedFor(algorithm, c.pageType)) lines.push(`note: ${algorithm} is not listed for ${c.pageType}; used because the slot names it`);
    }
    // Without consent a personal algorithm gave way to this one.
    const substituted = (d.substituted as string[] | undefined) || [];
    if (substituted.length) lines.push(`no consent yet: ${substituted.join(', ')} left out (personal, needs the visitor's consent); ${algorithm} shown instead`);
    // A fallback chain: each algorithm tried before this one, and why it was passed over.
    for (const skip of (d.skipped as { algorithm: string; why: string }[] | undefined) || []) lines.push(`skipped ${skip.algorithm}: ${skip.why}`);
    if (d.warning) lines.push(String(d.warning));
    if (layout && !LAYOUTS.includes(layout as never)) lines.push(`note: layout "${layout}" is not carousel, matrix or bundle`);
    if (max && !readMax(max)) lines.push(`note: ${el.localName == TAG ? '' : 'data-vitrine-'}max "${max}" is not a whole number from 1 to 100`);
    const text = lines.filter(Boolean).join('\n');
    el.setAttribute('data-vitrine-debug', `#${el.id} ${text}`);
    (name == 'error' ? console.warn : console.info)(`[vitrine] #${el.id} ${text}`);
  };
  // Why a theme was chosen needs the org's themes: label what already happened once they
  // are in hand (the core has them by its first render), then every later event.
  host.themes().then((list) => {
    themes = list;
    host.history.forEach(([el, name, d]) => show(el as HTMLElement, name, d as Detail));
    for (const name of ['render', 'error']) doc.addEventListener('vitrine:' + name, (e) => show(e.target as HTMLElement, name, (e as CustomEvent).detail));
  });
}

(window as unknown as { Vitrine?: { use?: (p: typeof explain) => void } }).Vitrine?.use?.(explain);
