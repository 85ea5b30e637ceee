// @vitest-environment node
// renderSlots' 4 MB cap on an answer attacked over HTTP the ways a service or a proxy in
// front of it can answer: gzip whose Content-Length counts the compressed bytes, an
// answer of exactly 4 MB, one byte more, with and without Content-Length, and a theme
// list past the cap. The built dist/server.mjs against a small server on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type * as ServerApi from '../../../src/server/index';

const { renderSlots } = (await import('../../../dist/server.mjs' as string)) as typeof ServerApi;

const MB4 = 4 * 1024 * 1024;
const page = { pageType: 'product_page' as const, pname: 'Coat', sku: 'C1', domain: 'shop.example' };
const THEMES = '{"errMsg":null,"widgetThemes":[]}';
/** A widget answer of exactly `size` bytes: valid JSON, padded with spaces before its end. */
function answerOf(size: number): Buffer {
  const json = JSON.stringify({ errMsg: null, widgetName: 'Padded', products: [{ name: 'Kept', sku: 'K1', price: '1.00', currentPageUrl: 'https://shop.example/k' }] });
  return Buffer.from(json.slice(0, -1) + ' '.repeat(size - json.length) + '}');
}

let server: { url: string; close(): void };
/** What the next widget request gets: the body and how it is sent. */
let next: { body: Buffer; gzip?: boolean; length?: boolean; themes?: Buffer; hangThemes?: boolean };

beforeAll(async () => {
  const s = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url!.startsWith('/v1/theme') && next.hangThemes) return;
    if (req.url!.startsWith('/v1/theme')) return res.writeHead(200, { 'Content-Type': 'application/json' }).end(next.themes ?? THEMES);
    const body = next.gzip ? gzipSync(next.body) : next.body;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (next.gzip) headers['Content-Encoding'] = 'gzip';
    // Without a length the server sends the body chunked (HTTP/1.1 chunked transfer coding).
    if (next.length !== false) headers['Content-Length'] = String(body.length);
    res.writeHead(200, headers);
    for (let at = 0; at < body.length; at += 256 * 1024) res.write(body.subarray(at, at + 256 * 1024));
    res.end();
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  server = { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, close: () => (s.closeAllConnections(), s.close()) };
});
afterAll(() => server?.close());

const render = (timeoutMs = 5_000) =>
  renderSlots({ baseUrl: server.url, orgId: 'org', apiKey: 'key', page, consent: true, timeoutMs, slots: [{ id: 'a', algorithm: 'trending', max: 2 }] }).then(([r]) => r);
const refused = { ok: false, html: '', error: { kind: 'parse', message: 'the answer is larger than 4 MB: refused, the rest not read' } };

describe('the 4 MB cap on an answer', () => {
  it('renders an answer of exactly 4 MB, with Content-Length and chunked', async () => {
    for (const length of [true, false]) {
      next = { body: answerOf(MB4), length };
      const r = await render();
      expect(r.ok, `Content-Length ${length}: ${JSON.stringify(r.error)}`).toBe(true);
      expect(r.html).toContain('Kept');
    }
  });

  it('refuses 4 MB and one byte, with Content-Length and chunked', async () => {
    for (const length of [true, false]) {
      next = { body: answerOf(MB4 + 1), length };
      expect(await render()).toMatchObject(refused);
    }
  });

  it('counts what gzip decodes to, not the compressed bytes its Content-Length says: 40 MB in 40 KB is refused, quickly', async () => {
    next = { body: answerOf(40 * 1024 * 1024), gzip: true };
    expect(gzipSync(next.body).length).toBeLessThan(MB4 / 10);
    const started = performance.now();
    expect(await render()).toMatchObject(refused);
    // Far from what decoding and parsing 40 MB take (a busy machine of two cores: room to spare).
    expect(performance.now() - started).toBeLessThan(2_000);
    // And a gzip answer of 3 MB decoded, 4 MB's worth of cap to spare, renders.
    next = { body: answerOf(3 * 1024 * 1024), gzip: true };
    expect(await render()).toMatchObject({ ok: true, html: expect.stringContaining('Kept') });
  });

  it('renders with the built-in theme when the theme list is past the cap', async () => {
    next = { body: answerOf(2_000), themes: answerOf(MB4 + 10) };
    // Another key than the other tests' calls, so that no kept theme list answers.
    const [r] = await renderSlots({ baseUrl: server.url, orgId: 'org-themes', apiKey: 'key', page, consent: true, timeoutMs: 5_000, slots: [{ id: 'a', algorithm: 'trending', max: 2 }] });
    expect(r).toMatchObject({ ok: true, html: expect.stringContaining('Kept') });
  });
});

describe('the theme list one call shares with the calls of the next minute', () => {
  it('does not hold a later call with a shorter budget past its own: a slow list fetched by a call of 5 s, then a call of 500 ms', async () => {
    next = { body: answerOf(2_000), hangThemes: true };
    const options = { baseUrl: server.url, orgId: 'org-shared', apiKey: 'key', page, consent: true, slots: [{ id: 'a', algorithm: 'trending', max: 2 }] };
    const patient = renderSlots({ ...options, timeoutMs: 5_000 });
    await new Promise((r) => setTimeout(r, 100));
    // The theme service is back; the second call's widget answers at once.
    next = { body: answerOf(2_000) };
    const started = performance.now();
    const [r] = await renderSlots({ ...options, timeoutMs: 500 });
    const spent = performance.now() - started;
    expect(spent).toBeLessThan(500 + 100);
    expect(r).toMatchObject({ ok: true, html: expect.stringContaining('Kept') });
    await patient;
  }, 20_000);
});
