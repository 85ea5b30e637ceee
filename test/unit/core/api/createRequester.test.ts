import { describe, expect, it } from 'vitest';
import { createRequester } from '../../../../src/core/api/createRequester';
import type { ApiError } from '../../../../src/core/api/apiError';

type Answer = { status: number; body: string; headers?: Record<string, string> } | 'network' | 'hang' | 'stall';

/** A scripted fetch: answers in order, records every call the requester made. */
function scripted(answers: Answer[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.shift() ?? { status: 500, body: '' };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    const aborted = () => new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    if (answer === 'hang') return aborted();
    // Headers arrive, then the body stops coming: fetch errors its body when the signal aborts.
    if (answer === 'stall') return { status: 200, ok: true, headers: new Headers(), text: aborted } as unknown as Response;
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const options = { baseUrl: 'https://api.example/', orgId: 'org-1', apiKey: 'key-1', retryDelayMs: 1, timeoutMs: 50 };
const fail = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: ApiError) => e);

describe('createRequester', () => {
  it('builds the fetch init from its own literals, and reads answers onto null prototypes, on a polluted page', async () => {
    const proto = Object.prototype as Record<string, unknown>;
    const polluted = { mode: 'no-cors', referrerPolicy: 'unsafe-url', credentials: 'include', headers: { 'X-Polluted': '1' }, method: 'POST', body: 'x', polluted: 'yes' };
    Object.assign(proto, polluted);
    try {
      const { fetch, calls } = scripted([{ status: 200, body: '{"products":[{"name":"A"}]}' }]);
      const answer = (await createRequester({ ...options, fetch })('/v1/x', { a: '1' })) as { products: object[] };
      const init = calls[0].init as Record<string, unknown>;
      expect(calls[0].url).toBe('https://api.example/v1/x?a=1');
      expect(Object.getPrototypeOf(init)).toBeNull();
      // Only what the requester sets: fetch's defaults (GET, no body, the page's referrer policy) hold.
      expect(Object.keys(init).sort()).toEqual(['credentials', 'headers', 'redirect', 'signal']);
      // A redirect is not followed: the key would go to whatever host it names.
      expect(init.redirect).toBe('manual');
      for (const key of ['mode', 'referrerPolicy', 'polluted', 'body', 'method']) expect(init[key], key).toBeUndefined();
      expect(init.credentials).toBe('omit');
      expect(Object.keys(init.headers as object)).not.toContain('X-Polluted');
      expect(Object.getPrototypeOf(answer)).toBeNull();
      expect(Object.getPrototypeOf(answer.products[0])).toBeNull();
    } finally {
      for (const key of Object.keys(polluted)) delete proto[key];
    }
  });

  it('sends the interface headers and the query', async () => {
    const { fetch, calls } = scripted([{ status: 200, body: '{"products":[]}' }]);
    await createRequester({ ...options, fetch })('/v1/x', { a: '1', b: undefined });
    expect(calls[0].url).toBe('https://api.example/v1/x?a=1');
    expect(calls[0].init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', 'X-Service-Access-Token': 'key-1', 'X-Service-orgId': 'org-1' });
  });

  it('sends the headers a call gives instead of the service headers (the catalogue takes a Bearer key)', async () => {
    const { fetch, calls } = scripted([{ status: 200, body: '[]' }]);
    await createRequester({ ...options, fetch })('/api/v1/available_services', {}, { headers: { Authorization: 'Bearer key-1' } });
    expect(calls[0].init.headers).toEqual({ Authorization: 'Bearer key-1' });
  });

  it('retries a 5xx, a network error and a timeout once', async () => {
    for (const first of [{ status: 503, body: '' }, 'network', 'hang', 'stall'] as Answer[]) {
      const { fetch, calls } = scripted([first, { status: 200, body: '{"ok":1}' }]);
      await expect(createRequester({ ...options, fetch })('/v1/x')).resolves.toEqual({ ok: 1 });
      expect(calls).toHaveLength(2);
    }
  });

  it('gives up after the one retry', async () => {
    const { fetch, calls } = scripted(['network', 'network', { status: 200, body: '{}' }]);
    expect((await fail(createRequester({ ...options, fetch })('/v1/x'))).kind).toBe('network');
    expect(calls).toHaveLength(2);
  });

  it('does not retry a 400 and surfaces its errMsg', async () => {
    const { fetch, calls } = scripted([{ status: 400, body: '{"errMsg":"pname is required"}' }]);
    const error = await fail(createRequester({ ...options, fetch })('/v1/x'));
    expect([error.kind, error.status, error.errMsg]).toEqual(['request', 400, 'pname is required']);
    expect(error.message).toContain('pname is required');
    expect(calls).toHaveLength(1);
  });

  it('stops every later call after a 403', async () => {
    const { fetch, calls } = scripted([{ status: 403, body: '{"errMsg":"quota"}' }, { status: 200, body: '{}' }]);
    const request = createRequester({ ...options, fetch });
    expect((await fail(request('/v1/a'))).kind).toBe('quota');
    expect((await fail(request('/v1/b'))).kind).toBe('quota');
    expect(calls).toHaveLength(1);
  });

  it('waits for Retry-After after a 429', async () => {
    let now = 1000;
    const { fetch, calls } = scripted([{ status: 429, body: '', headers: { 'Retry-After': '2' } }, { status: 200, body: '{}' }]);
    const request = createRequester({ ...options, fetch, now: () => now });
    expect((await fail(request('/v1/a'))).kind).toBe('rate');
    expect((await fail(request('/v1/a'))).kind).toBe('rate');
    expect(calls).toHaveLength(1);
    now += 2001;
    await expect(request('/v1/a')).resolves.toEqual({});
  });

  it('treats a 200 that is not JSON (a proxy error page) as a failure', async () => {
    const { fetch } = scripted([{ status: 200, body: '<html><body>Bad gateway</body></html>' }]);
    expect((await fail(createRequester({ ...options, fetch })('/v1/x'))).kind).toBe('parse');
  });
});
