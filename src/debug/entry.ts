import type { EmbedHost } from '../types/host';

type Detail = Record<string, unknown>;

/**
 * Debug mode (`data-debug` or `?vitrine_debug=1`) loads this chunk, so explaining slots
 * costs the everyday bundle nothing. Each slot gets a console line and a visible label:
 * algorithm and why, the request, the outcome and timing, the theme and why, or why
 * nothing showed.
 */
function explain(host: EmbedHost): void {
  const { doc, config } = host;
  const style = doc.createElement('style');
  style.nonce = config.nonce || '';
  style.textContent =
    '[data-vitrine-debug]{outline:2px dashed #c2185b;outline-offset:4px}' +
    '[data-vitrine-debug]::before{content:attr(data-vitrine-debug);display:block;font:12px/1.4 monospace;white-space:pre-wrap;background:#fce4ec;color:#880e4f;padding:4px 8px;margin-bottom:6px}';
  doc.head.appendChild(style);
  const c = host.context();
  console.info('[vitrine] page', { pageType: c.pageType, pname: c.pname, sku: c.sku, visitor: c.siteUid, domain: c.domain, locale: c.locale, currency: c.currency });
  host.problems.forEach((p) => console.warn('[vitrine] setting ignored: ' + p));

  const show = (el: Element, name: string, d: Detail) => {
    if (name != 'render' && name != 'error') return;
    const why = d.named ? 'named by the slot' : `chosen for ${d.page}`;
    const lines =
      name == 'render'
        ? [`${d.algorithm} (${why}): ${d.products} products in ${d.ms} ms`, `theme ${d.theme} (${d.themeWhy}), ${d.layout}`]
        : [`nothing shown (${d.kind}): ${d.message}`, d.algorithm ? `${d.algorithm} (${why})` : ''];
    if (d.query) lines.push('query ' + new URLSearchParams(d.query as Record<string, string>));
    if (d.warning) lines.push(String(d.warning));
    for (const note of (d.notes as string[]) || []) lines.push('note: ' + note);
    const text = lines.filter(Boolean).join('\n');
    el.setAttribute('data-vitrine-debug', `#${el.id} ${text}`);
    (name == 'error' ? console.warn : console.info)(`[vitrine] #${el.id} ${text}`);
  };
  host.history.forEach(([el, name, d]) => show(el, name, d as Detail));
  for (const name of ['render', 'error']) doc.addEventListener('vitrine:' + name, (e) => show(e.target as Element, name, (e as CustomEvent).detail));
}

(window as unknown as { Vitrine?: { use?: (p: typeof explain) => void } }).Vitrine?.use?.(explain);
