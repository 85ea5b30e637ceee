import type { RenderSlotsOptions, SlotError, SlotResult } from '../types/server';
import type { Strings } from '../core/strings/en';
import { createRequester } from '../core/api/createRequester';
import { fetchThemes } from '../core/api/fetchThemes';
import { en } from '../core/strings/en';
import { translations } from '../core/strings/translations';
import { loadThemes } from './loadThemes';
import { renderSlot, timedOut, type Call } from './renderSlot';
import { bare } from '../core/util/bare';
import { joinWarnings, readOptions, TIMEOUT_MS } from './readOptions';
import { withStyles } from './renderWidget';
import { baseCss } from '../layouts/baseCss';

/** What one call's requests share: whether it is over, what is on its way, the answers refused as too large. */
interface Requests {
  over: boolean;
  live: AbortController[];
  /** By the request's `divisionId` (the slot's id): why its answer was refused (see `capped`). */
  refused: Map<string, Error>;
}

/**
 * A `fetch` for one call: the browser-only `credentials` member is left out (a server
 * sends no cookies anyway, and Cloudflare Workers reject the member), the init stays a
 * null-prototype object (`fetch` reads its members through the prototype chain, so a
 * polluted `Object.prototype.redirect` would apply), and once the call is over nothing
 * more is asked (a retry would only be thrown away) and what is still on its way is
 * aborted (`live`): no socket outlives the call. Every answer's body is capped (`capped`).
 */
function callFetch(base: typeof fetch, call?: Requests): typeof fetch {
  return (input, init) => {
    if (call?.over) return Promise.reject(new Error('the call is over'));
    const { credentials, signal, ...rest } = init || {};
    const both = new AbortController();
    if (signal?.aborted) both.abort();
    signal?.addEventListener('abort', () => both.abort());
    call?.live.push(both);
    let slot: string | null = null;
    try {
      slot = new URL(String(input)).searchParams.get('divisionId');
    } catch {}
    return base(input, bare<RequestInit>(rest, { signal: both.signal })).then((response) => capped(response, (error) => slot && call?.refused.set(slot, error)));
  };
}

/** The most bytes of one answer a call reads: a widget answer is some kilobytes, an org's theme list rarely a megabyte. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * The answer with its body counted as it is read: one that says (`Content-Length`) or
 * turns out to be larger than `MAX_ANSWER_BYTES` is refused and the rest of it is not
 * read, so a service that answers megabytes of products holds no call past its budget in
 * `JSON.parse` and the walk after it. The refusal is `text()` failing (the requester then
 * has no JSON: a `parse` failure, not retried), told to `refuse` so that the slot can
 * say why. What the requester reads of an answer (`status`, `ok`, `headers`) stays.
 */
function capped(response: Response, refuse: (error: Error) => void): Response {
  const body = response.body;
  const refused = () => {
    const error = new Error(`the answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB: refused, the rest not read`);
    refuse(error);
    return error;
  };
  const said = Number(response.headers.get('content-length')) > MAX_ANSWER_BYTES;
  // No body, or not a web stream (a merchant's `fetch` of another kind): nothing to count.
  if (!said && (!body || typeof body.getReader != 'function')) return response;
  const { status, ok, statusText, headers } = response;
  const text = said ? () => (body?.cancel().catch(() => {}), Promise.reject(refused())) : () => readText(body!, refused);
  return bare<Response>({ status, ok, statusText, headers, text } as never);
}

/** A body's text as `Response.text()` reads it (UTF-8, a BOM dropped), refused past `MAX_ANSWER_BYTES`. */
async function readText(body: ReadableStream<Uint8Array>, refused: () => Error): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    read += value.byteLength;
    if (read > MAX_ANSWER_BYTES) {
      reader.cancel().catch(() => {});
      throw refused();
    }
    text += decoder.decode(value, { stream: true });
  }
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
  const requests: Requests = { over: false, live: [], refused: new Map() };
  const requester = (own?: typeof requests) => createRequester({ baseUrl, orgId, apiKey, fetch: callFetch(base, own), timeoutMs, retryDelayMs: Math.min(300, timeoutMs / 4) });
  const request = requester(requests);
  let themesTimer: ReturnType<typeof setTimeout> | undefined;
  const lang = (page.locale || 'en').slice(0, 2).toLowerCase() as keyof typeof translations;
  const call: Call = {
    orgId,
    page,
    consent: consent === true,
    // Without consent nothing identifies the visitor: a random id that ends with the call.
    siteUid: (consent === true && page.siteUid) || crypto.randomUUID(),
    request,
    // The theme list is shared by the calls of the next minute, so the end of this call
    // does not abort it; its own attempt timeout bounds it. It may be an earlier call's,
    // with a longer budget: this call waits for it until 90% of its own budget, then
    // renders with the built-in themes rather than time out.
    themes: Promise.race([
      loadThemes(`${baseUrl} ${orgId} ${apiKey}`, () => fetchThemes(requester(), orgId), started),
      new Promise<never[]>((resolve) => (themesTimer = setTimeout(() => resolve([]), timeoutMs * 0.9 - (Date.now() - started)))),
    ]),
    inflight: new Map(),
    strings: bare({ ...en }, Object.prototype.hasOwnProperty.call(translations, lang) ? translations[lang] : {}, read.options.strings || {}) as Strings,
    nonce,
    cart,
    started,
    timeoutMs,
    refused: requests.refused,
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
        // A slot reached after the budget (a call of many) does not start.
        if (Date.now() - started >= timeoutMs) return warned(result(id, started, { error: timedOut(timeoutMs) }));
        return Promise.race([
          renderSlot(call, slot).catch((e): SlotResult => result(id, started, { error: { kind: 'render', message: String((e as Error)?.message ?? e), status: 0 } })),
          late.then(() => result(id, started, { error: timedOut(timeoutMs) })),
        ]).then(warned);
      }),
    );
    return placeStyles(results, read.options.styles || 'once', nonce);
  } finally {
    clearTimeout(timer);
    clearTimeout(themesTimer);
    requests.over = true;
    // Once the caller has its results: aborting what is still on its way takes a moment.
    setTimeout(() => requests.live.forEach((request) => request.abort()));
  }
}

/**
 * Puts the stylesheet into the widgets: Vitrine's base styles and each theme's once, in
 * the first slot that rendered, for all of them (the styles of a page are the page's, and
 * a 3.4 KB copy per slot was most of a small widget's bytes); with `each`, every slot
 * carries its own copy; with `link` the page links the base styles itself, and only the
 * themes' stylesheets go, once (none at all when every slot has a built-in theme). The
 * browser moves a resumed root's stylesheet into the head, so a slot rendered again the
 * client way takes no other slot's styles with it.
 */
function placeStyles(results: (SlotResult & { css?: string })[], styles: NonNullable<RenderSlotsOptions['styles']>, nonce?: string): SlotResult[] {
  const themes = new Map<string, string>();
  for (const r of results) if (r.ok && r.css && !themes.has(r.theme!)) themes.set(r.theme!, r.css);
  const all = [...(styles == 'link' ? [] : [baseCss]), ...themes.values()].join('\n');
  let first = true;
  return results.map(({ css, ...r }) => {
    if (!r.ok) return r;
    const own = styles == 'each' ? baseCss + (css ? '\n' + css : '') : first ? all : '';
    first = false;
    return own ? { ...r, html: withStyles(r.html, own, nonce) } : r;
  });
}
