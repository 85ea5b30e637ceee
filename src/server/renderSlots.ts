import type { RenderSlotsOptions, SlotError, SlotResult } from '../types/server';
import type { Strings } from '../core/strings/en';
import { createRequester } from '../core/api/createRequester';
import { fetchThemes } from '../core/api/fetchThemes';
import { en } from '../core/strings/en';
import { translations } from '../core/strings/translations';
import { loadThemes } from './loadThemes';
import { renderSlot, type Call } from './renderSlot';
import { bare } from '../core/util/bare';
import { joinWarnings, readOptions, TIMEOUT_MS } from './readOptions';
import { withStyles } from './renderWidget';
import { baseCss } from '../layouts/baseCss';

/**
 * A `fetch` for one call: the browser-only `credentials` member is left out (a server
 * sends no cookies anyway, and Cloudflare Workers reject the member), the init stays a
 * null-prototype object (`fetch` reads its members through the prototype chain, so a
 * polluted `Object.prototype.redirect` would apply), and once the call is over nothing
 * more is asked (a retry would only be thrown away) and what is still on its way is
 * aborted (`live`): no socket outlives the call.
 */
function callFetch(base: typeof fetch, call?: { over: boolean; live: AbortController[] }): typeof fetch {
  return (input, init) => {
    if (call?.over) return Promise.reject(new Error('the call is over'));
    const { credentials, signal, ...rest } = init || {};
    const both = new AbortController();
    if (signal?.aborted) both.abort();
    signal?.addEventListener('abort', () => both.abort());
    call?.live.push(both);
    return base(input, bare<RequestInit>(rest, { signal: both.signal }));
  };
}

const result = (id: string, started: number, more: Partial<SlotResult>): SlotResult => ({ id, ok: false, html: '', skipped: [], substituted: [], ...more, ms: Date.now() - started });
const input = (message: string): SlotError => ({ kind: 'input', message, status: 0 });

/**
 * Renders widgets on the server, for inside the merchant's slot elements: one theme
 * fetch per call (and a minute's cache per process), one widget call per distinct
 * request, the browser's chains, consent rule, theme choice, view, escaping and layouts.
 * Results come in slot order; a slot that could not render in `timeoutMs` (default 800,
 * clamped to 50–10,000) or failed has `ok: false`, empty `html` and says why, and the
 * others still render. Never throws: bad options are results of kind `input` that name
 * the option (one per slot; a single result with id '' when there is no slot array).
 * Uses only web-standard APIs (`fetch`, `URL`, `crypto`): Node 20, Workers, Deno.
 */
export async function renderSlots(options: RenderSlotsOptions): Promise<SlotResult[]> {
  const started = Date.now();
  let read: ReturnType<typeof readOptions> | undefined;
  try {
    read = readOptions(options);
    return await render(read, started);
  } catch (error) {
    // Not reached by any known input: still an answer, not a rejection.
    const failed: SlotError = { kind: 'render', message: String((error as Error)?.message ?? error), status: 0 };
    return (read?.slots || [{ id: '' }]).map((s) => result(s.id, started, { error: failed }));
  }
}

async function render(read: ReturnType<typeof readOptions>, started: number): Promise<SlotResult[]> {
  const callWarning = read.warning ? input(read.warning) : undefined;
  if (!read.slots) return [result('', started, { error: input(read.error!), warning: callWarning })];
  if (read.error) return read.slots.map((s) => result(s.id, started, { error: input(read.error!), warning: callWarning }));
  const { baseUrl, orgId, apiKey, page, consent, nonce, cart, timeoutMs = TIMEOUT_MS.default } = read.options;
  const base = read.options.fetch || ((input, init) => fetch(input, init));
  const requests = { over: false, live: [] as AbortController[] };
  const requester = (own?: typeof requests) => createRequester({ baseUrl, orgId, apiKey, fetch: callFetch(base, own), timeoutMs, retryDelayMs: Math.min(300, timeoutMs / 4) });
  const request = requester(requests);
  const lang = (page.locale || 'en').slice(0, 2).toLowerCase() as keyof typeof translations;
  const call: Call = {
    orgId,
    page,
    consent: consent === true,
    // Without consent nothing identifies the visitor: a random id that ends with the call.
    siteUid: (consent === true && page.siteUid) || crypto.randomUUID(),
    request,
    // The theme list is shared by the calls of the next minute, so the end of this call
    // does not abort it; its own attempt timeout bounds it.
    themes: loadThemes(`${baseUrl} ${orgId} ${apiKey}`, () => fetchThemes(requester(), orgId), started),
    inflight: new Map(),
    strings: bare({ ...en }, Object.prototype.hasOwnProperty.call(translations, lang) ? translations[lang] : {}, read.options.strings || {}) as Strings,
    nonce,
    cart,
    started,
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  // From the start of the call: reading the options and setting up took some of it.
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs - (Date.now() - started))));
  try {
    type Rendered = SlotResult & { css?: string };
    const results: Rendered[] = await Promise.all(
      read.slots.map(({ slot, id, error, warning }) => {
        const warned = (r: Rendered): Rendered => ({ ...r, warning: joinWarnings(joinWarnings(r.warning, warning ? input(warning) : undefined), callWarning) });
        if (error) return warned(result(id, started, { error: input(error) }));
        return Promise.race([
          renderSlot(call, slot).catch((e): SlotResult => result(id, started, { error: { kind: 'render', message: String((e as Error)?.message ?? e), status: 0 } })),
          late.then(() => result(id, started, { error: { kind: 'timeout', message: `not rendered within ${timeoutMs} ms`, status: 0 } })),
        ]).then(warned);
      }),
    );
    return placeStyles(results, read.options.styles == 'each', nonce);
  } finally {
    clearTimeout(timer);
    requests.over = true;
    // Once the caller has its results: aborting what is still on its way takes a moment.
    setTimeout(() => requests.live.forEach((request) => request.abort()));
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
