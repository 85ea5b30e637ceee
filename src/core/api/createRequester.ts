import { apiError, type ApiError } from './apiError';
import { bare } from '../util/bare';
import { parseJson } from './parseJson';

export type Query = Record<string, string | number | undefined | null>;

export interface RequesterOptions {
  baseUrl: string;
  orgId: string;
  apiKey: string;
  /** Captured once at start-up, so a host page that wraps `fetch` later changes nothing. */
  fetch: typeof fetch;
  /** Per attempt. The service answers in 10–100 ms (interface.md, Limits); 5 s is a dead call. */
  timeoutMs?: number;
  /** Base of the retry backoff; the wait is base to 2×base (jitter spreads a thundering herd). */
  retryDelayMs?: number;
  now?: () => number;
}

/** Goes to `fetch` as it is: a JSON `body`, or `headers` that replace the service's own. */
export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

export type Requester = (path: string, query?: Query, init?: RequestOptions) => Promise<unknown>;

/**
 * One requester per page and account: it owns the page-wide stop after a 403 and the
 * Retry-After wait after a 429, so every caller shares them.
 */
export function createRequester(options: RequesterOptions): Requester {
  const { orgId, apiKey, fetch: fetchFn, timeoutMs = 5000, retryDelayMs = 300, now = Date.now } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  let stopped: ApiError | undefined;
  let notBefore = 0;

  async function attempt(url: string, init: RequestOptions): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    let body: { errMsg?: unknown } | undefined;
    try {
      // Built on a null prototype from our literals and the call's own options: fetch
      // reads every member of its init through the prototype chain, so
      // `Object.prototype.mode = 'no-cors'` or `referrerPolicy = 'unsafe-url'` on the host
      // page would otherwise apply here.
      response = await fetchFn(
        url,
        bare<RequestInit>(
          // The headers too: fetch reads an iterable `headers` as a list of pairs, and an
          // `Object.prototype[Symbol.iterator]` would make a plain object one.
          { headers: bare({ Accept: 'application/json', 'Content-Type': 'application/json', 'X-Service-Access-Token': apiKey, 'X-Service-orgId': orgId }) },
          init,
          // The key goes to the service's origin only: fetch keeps custom headers across a
          // redirect to another host, so none is followed (a browser sees an opaque one).
          { signal: controller.signal, credentials: 'omit', redirect: 'manual' },
        ),
      );
      // A body that is not JSON (a proxy's error page) is undefined: a failure below. A
      // body cut off by the timeout is a timeout.
      body = (await response
        .text()
        .then(parseJson)
        .catch((error) => {
          if (controller.signal.aborted) throw error;
        })) as typeof body;
    } catch {
      throw controller.signal.aborted ? apiError('timeout', 'timed out') : apiError('network', 'network error');
    } finally {
      clearTimeout(timer);
    }
    const status = response.status;
    const errMsg = typeof body?.errMsg == 'string' ? body.errMsg : null;
    if (status == 429) notBefore = now() + (+response.headers.get('Retry-After')! || 60) * 1000;
    if (!response.ok) {
      // Not ok and under 400: a redirect, 3xx here, an opaque status 0 in a browser.
      const kind = status == 403 ? 'quota' : status == 429 ? 'rate' : status > 499 ? 'server' : status < 400 ? 'redirect' : 'request';
      throw apiError(kind, `HTTP ${status}${errMsg ? ': ' + errMsg : ''}`, status, errMsg);
    }
    if (!body) throw apiError('parse', 'not JSON', status);
    return body;
  }

  return async (path, query = {}, init = {}) => {
    // Own parameters only: an enumerable name added to Object.prototype is not sent.
    const params = new URLSearchParams();
    for (const key of Object.keys(query)) if (query[key] != null) params.set(key, '' + query[key]);
    const url = base + path + (params + '' ? '?' + params : '');
    for (let tries = 2; ; ) {
      if (stopped) throw stopped;
      if (now() < notBefore) throw apiError('rate', 'waiting for Retry-After', 429);
      try {
        return await attempt(url, init);
      } catch (error) {
        const kind = (error as ApiError).kind;
        if (kind == 'quota') stopped = error as ApiError;
        // Network, timeout and 5xx get one more try after 1–2 × the delay.
        if (!--tries || (kind != 'network' && kind != 'timeout' && kind != 'server')) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * (1 + Math.random())));
      }
    }
  };
}
