import type { RenderSlotsOptions, SlotResult } from '../types/server';
import type { Strings } from '../core/strings/en';
import { createRequester } from '../core/api/createRequester';
import { fetchThemes } from '../core/api/fetchThemes';
import { en } from '../core/strings/en';
import { translations } from '../core/strings/translations';
import { loadThemes } from './loadThemes';
import { renderSlot, type Call } from './renderSlot';
import { withStyles } from './renderWidget';
import { baseCss } from '../layouts/baseCss';

/**
 * A `fetch` for one call: the browser-only `credentials` member is left out (a server
 * sends no cookies anyway, and Cloudflare Workers reject the member), and once the call's
 * budget is spent nothing more is asked (a retry would only be thrown away).
 */
function callFetch(base: typeof fetch, over: () => boolean): typeof fetch {
  return (input, init) => {
    if (over()) return Promise.reject(new Error('the call is over'));
    const { credentials, ...rest } = init || {};
    return base(input, rest);
  };
}

/**
 * Renders widgets on the server, for inside the merchant's slot elements: one theme
 * fetch per call (and a minute's cache per process), one widget call per distinct
 * request, the browser's chains, consent rule, theme choice, view, escaping and layouts.
 * Results come in slot order; a slot that could not render in `timeoutMs` (default 800)
 * or failed has `ok: false`, empty `html` and says why, and the others still render.
 * Uses only web-standard APIs (`fetch`, `URL`, `crypto`): Node 20, Workers, Deno.
 */
export async function renderSlots(options: RenderSlotsOptions): Promise<SlotResult[]> {
  const { baseUrl, orgId, apiKey, page, consent, nonce, cart, timeoutMs = 800, slots } = options;
  const started = Date.now();
  let over = false;
  const base = options.fetch || ((input, init) => fetch(input, init));
  const request = createRequester({ baseUrl, orgId, apiKey, fetch: callFetch(base, () => over), timeoutMs, retryDelayMs: Math.min(300, timeoutMs / 4) });
  const lang = (page.locale || 'en').slice(0, 2).toLowerCase() as keyof typeof translations;
  const call: Call = {
    orgId,
    page,
    consent: consent === true,
    // Without consent nothing identifies the visitor: a random id that ends with the call.
    siteUid: (consent === true && page.siteUid) || crypto.randomUUID(),
    request,
    themes: loadThemes(`${baseUrl} ${orgId} ${apiKey}`, () => fetchThemes(request, orgId), started),
    inflight: new Map(),
    strings: { ...en, ...(Object.prototype.hasOwnProperty.call(translations, lang) ? translations[lang] : {}), ...options.strings } as Strings,
    nonce,
    cart,
    started,
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  try {
    const results: (SlotResult & { css?: string })[] = await Promise.all(
      slots.map((slot) =>
        Promise.race([
          renderSlot(call, slot),
          late.then((): SlotResult => ({ id: slot.id, ok: false, html: '', skipped: [], substituted: [], error: { kind: 'timeout', message: `not rendered within ${timeoutMs} ms`, status: 0 }, ms: Date.now() - started })),
        ]),
      ),
    );
    return placeStyles(results, options.styles == 'each', nonce);
  } finally {
    over = true;
    clearTimeout(timer);
  }
}

/**
 * Puts the stylesheet into the widgets: Vitrine's base styles and each theme's once, in
 * the first slot that rendered, for all of them (the styles of a page are the page's, and
 * a 3.4 KB copy per slot was most of a small widget's bytes); with `each`, every slot
 * carries its own copy. The browser moves a resumed root's stylesheet into the head, so a
 * slot rendered again the client way takes no other slot's styles with it.
 */
function placeStyles(results: (SlotResult & { css?: string })[], each: boolean, nonce?: string): SlotResult[] {
  const themes = new Map<string, string>();
  for (const r of results) if (r.ok && r.css && !themes.has(r.theme!)) themes.set(r.theme!, r.css);
  const all = [baseCss, ...themes.values()].join('\n');
  let first = true;
  return results.map(({ css, ...r }) => {
    if (!r.ok) return r;
    const styles = each ? baseCss + (css ? '\n' + css : '') : first ? all : '';
    first = false;
    return styles ? { ...r, html: withStyles(r.html, styles, nonce) } : r;
  });
}
