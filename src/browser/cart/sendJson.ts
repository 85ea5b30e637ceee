import { bare } from '../../core/util/bare';
import type { CartFailure } from './CartLine';
import { toJson } from '../../core/util/toJson';

/** A cart answer slower than this is taken as lost; Shopify, WooCommerce and BigCommerce answer in well under a second. */
const TIMEOUT_MS = 10_000;

export interface Answer {
  status: number;
  ok: boolean;
  body: Record<string, unknown> | unknown[] | null;
  headers: Headers;
}

const failure = (message: CartFailure['message'], status = 0): CartFailure => ({ message, status });

/**
 * One JSON request to the shop's own origin with its cookies. A 4xx with a JSON body is
 * an answer (the platform's refusal, which says why); a network error, a timeout, a 5xx
 * or a body that is not JSON (a proxy's HTML page) is a `CartFailure`, never retried:
 * a request that timed out may still have added, and must not add twice.
 */
export async function sendJson(win: Window, url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let res: Response;
  try {
    // Null prototypes: fetch reads its init's members and takes headers that are iterable
    // as a list, both through the prototype chain, so a page's Object.prototype.integrity,
    // mode or Symbol.iterator would otherwise apply to the shop's own cart request.
    res = await win.fetch(
      url,
      bare<RequestInit>({
        method,
        credentials: 'same-origin',
        headers: bare({ Accept: 'application/json' }, body ? { 'Content-Type': 'application/json' } : {}, headers),
        body: body ? toJson(body) : undefined,
        signal: controller.signal,
      }),
    );
  } catch {
    throw failure(controller.signal.aborted ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
  }
  let parsed: Answer['body'] = null;
  try {
    const value: unknown = JSON.parse(await res.text());
    if (value && typeof value == 'object') parsed = value as Answer['body'];
  } catch {
    /* not JSON: said below */
  }
  if (res.status >= 500 || !parsed) throw failure(res.status >= 500 ? 'server' : 'shape', res.status);
  return { status: res.status, ok: res.ok, body: parsed, headers: res.headers };
}

/** A field of an answer as text, own properties only. */
export const field = (body: unknown, key: string): string => {
  const value = body && typeof body == 'object' && Object.prototype.hasOwnProperty.call(body, key) ? (body as Record<string, unknown>)[key] : undefined;
  return typeof value == 'string' || typeof value == 'number' ? String(value) : '';
};
