// @vitest-environment node
// `renderSlots` attacked as a careless merchant's server and a hostile service would: options
// whose reads throw or lie about their size, ids and a nonce that try to leave their
// attribute, a service that answers HTML, huge JSON or nothing, redirects on its own
// origin, and Object.prototype additions Preact and the state could read directly. The
// built dist/server.mjs against the sandbox and small HTTP servers on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseFragment, type DefaultTreeAdapterTypes as T } from 'parse5';
import { createSandbox, type Sandbox } from '../../../demo/sandbox/createSandbox';
import { createCatalogue } from '../../../demo/sandbox/createCatalogue';
import type * as ServerApi from '../../../src/server/index';
import type { RenderSlotsOptions, SlotResult } from '../../../src/types/server';

const { renderSlots } = (await import('../../../dist/server.mjs' as string)) as typeof ServerApi;

let sandbox: Sandbox;
let dataDir: string;
const coat = createCatalogue().find((p) => p.category == 'outerwear')!;
const page = { pageType: 'product_page' as const, pname: coat.name, sku: coat.sku, domain: 'shop.example', locale: 'en-IE', currency: 'EUR' };
const options = (): RenderSlotsOptions => ({ baseUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, page, consent: true, timeoutMs: 10_000, slots: [{ id: 's', algorithm: 'trending', max: 2 }] });
const noThemes = (input: RequestInfo | URL, init?: RequestInit) =>
  new URL(String(input)).pathname == '/v1/theme' ? Promise.resolve(new Response('{"errMsg":null,"widgetThemes":[]}')) : fetch(input, init);

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => (server.closeAllConnections(), server.close()) };
}

/** Every element of the markup as parse5 (the HTML standard's parser) builds it. */
function elements(html: string): T.Element[] {
  const out: T.Element[] = [];
  const walk = (node: T.ParentNode) => {
    for (const child of node.childNodes) if ('tagName' in child) out.push(child), walk(child);
  };
  walk(parseFragment(html));
  return out;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vitrine-server-attack-'));
  sandbox = await createSandbox({ port: 0, dataDir });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('options that fight being read', () => {
  it('options behind a Proxy whose traps throw: one input result naming the options', async () => {
    const hostile = new Proxy(options(), { ownKeys: () => { throw new Error('trap'); } });
    const results = await renderSlots(hostile);
    expect(results).toEqual([expect.objectContaining({ id: '', ok: false, error: expect.objectContaining({ kind: 'input', message: expect.stringMatching(/options could not be read.*trap/) }) })]);
  });

  it('a slot whose getter throws fails alone, kind input, named by its index; the slot before it renders', async () => {
    const bad = {};
    Object.defineProperty(bad, 'id', { enumerable: true, get: () => { throw new Error('getter'); } });
    const results = await renderSlots({ ...options(), slots: [{ id: 'good', algorithm: 'trending', max: 2 }, bad as never] });
    expect(results.map((r) => [r.id, r.ok, r.error?.kind])).toEqual([['good', true, undefined], ['', false, 'input']]);
    expect(results[1].error!.message).toMatch(/slots\[1\] could not be read.*getter/);
  });

  it('a slots array of a billion holes answers at once, kind input, instead of walking them', async () => {
    const slots: unknown[] = [];
    slots.length = 1e9;
    const started = Date.now();
    const results = await renderSlots({ ...options(), timeoutMs: 200, slots: slots as never });
    expect(Date.now() - started).toBeLessThan(500);
    expect(results).toEqual([expect.objectContaining({ ok: false, error: expect.objectContaining({ kind: 'input', message: expect.stringMatching(/slots must hold at most 1000 slots \(got 1000000000\)/) }) })]);
  });

  it('an array Proxy that lies about its length, or throws reading an item, is refused the same way', async () => {
    const long = new Proxy([], { get: (t, k) => (k == 'length' ? 2 ** 32 - 1 : Reflect.get(t, k)) });
    const [r1] = await renderSlots({ ...options(), timeoutMs: 200, slots: long as never });
    expect(r1.error).toMatchObject({ kind: 'input', message: expect.stringMatching(/slots must hold at most/) });
    const throwing = new Proxy([{ id: 'a' }], { get: (t, k) => { if (k == '0') throw new Error('item'); return Reflect.get(t, k); } });
    const [r2] = await renderSlots({ ...options(), timeoutMs: 200, slots: throwing as never });
    expect(r2.error).toMatchObject({ kind: 'input', message: expect.stringMatching(/slots could not be read.*item/) });
  });

});

describe('values that try to leave their attribute', () => {
  it('a slot id with quotes and markup renders (it is only echoed in the result), and adds no element', async () => {
    const id = `a"><img src=x onerror=alert(1)><'`;
    const [r] = await renderSlots({ ...options(), fetch: noThemes, slots: [{ id, algorithm: 'trending', max: 2 }] });
    expect(r.id).toBe(id);
    expect([r.ok, r.error?.message]).toEqual([true, undefined]);
    expect(elements(r.html).some((e) => e.tagName == 'img' && e.attrs.some((a) => a.name.startsWith('on')))).toBe(false);
    expect(r.html).not.toContain('onerror');
  });

  it('a nonce with a quote stays one attribute value on the style and the state', async () => {
    const nonce = `n"><script>alert(1)</script><x y="`;
    const [r] = await renderSlots({ ...options(), fetch: noThemes, nonce, slots: [{ id: 's', algorithm: 'trending', max: 2 }] });
    expect(r.ok).toBe(true);
    const found = elements(r.html);
    const scripts = found.filter((e) => e.tagName == 'script');
    expect(scripts.map((e) => e.attrs.find((a) => a.name == 'type')?.value)).toEqual(['application/json']);
    for (const e of found.filter((e) => e.attrs.some((a) => a.name == 'nonce'))) expect(e.attrs.find((a) => a.name == 'nonce')!.value).toBe(nonce);
    expect(found.some((e) => e.tagName == 'x')).toBe(false);
  });
});

describe('a service that misbehaves', () => {
  it('answers HTML with 200: the slot fails with a kind, never throws, within the budget', async () => {
    const html = await listen((_, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Login</title><script>alert(1)</script>'));
    const results = await renderSlots({ ...options(), baseUrl: html.url, timeoutMs: 1000, slots: [{ id: 'a', algorithm: 'trending' }] });
    html.close();
    expect(results[0].ok).toBe(false);
    expect(results[0].html).toBe('');
    expect(results[0].error!.kind).toMatch(/^[a-z]+$/);
  });

  // A 40 MB answer of 300,000 products once held a 50 ms call to 5–7 s (JSON.parse and
  // the walk after it are synchronous work the call's timer cannot cut short): the call
  // now counts an answer's bytes as they come and refuses one past 4 MB unread.
  it('answers 40 MB of products at once: the slot fails (kind parse) saying why, within its budget and 100 ms', async () => {
    // 300,000 products as JSON text, made as the answer is read (no 40 MB kept by the test,
    // whose garbage would be collected in the middle of the call).
    const product = (i: number) => JSON.stringify({ name: 'P' + i, sku: 'S' + i, price: '1.00', currentPageUrl: 'https://shop.example/p' + i, smallImage: 'https://shop.example/i' + i + '.jpg' });
    const count = 300_000;
    const head = '{"errMsg":null,"widgetName":"Huge","products":[';
    let length = head.length + 2 + count - 1;
    for (let i = 0; i < count; i++) length += product(i).length;
    expect(length).toBeGreaterThan(40e6);
    // The merchant's own fetch (RenderSlotsOptions.fetch), answering as a WHATWG fetch
    // does (a Response whose body streams as the network gives it, some 64 KB at a time),
    // with no transfer time: what the call spends is its own.
    const encoder = new TextEncoder();
    const chunk = (n: number) => {
      const part = n == 0 ? [head] : [];
      for (let i = n * 500; i < Math.min(count, (n + 1) * 500); i++) part.push((i ? ',' : '') + product(i));
      if ((n + 1) * 500 >= count) part.push(']}');
      return encoder.encode(part.join(''));
    };
    // The first 6 MB ready before the clock starts; the rest made if it is ever asked for.
    const ready = Array.from({ length: 80 }, (_, n) => chunk(n));
    const streamed = () => {
      let n = 0;
      return new ReadableStream<Uint8Array>({
        pull(out) {
          if (n * 500 >= count) return out.close();
          out.enqueue(ready[n] || chunk(n));
          n++;
        },
      });
    };
    const huge = async (input: RequestInfo | URL) =>
      new Response(new URL(String(input)).pathname == '/v1/theme' ? '{"errMsg":null,"widgetThemes":[]}' : streamed(), { headers: { 'Content-Type': 'application/json' } });
    const started = performance.now();
    const [r] = await renderSlots({ ...options(), fetch: huge, timeoutMs: 50, slots: [{ id: 'a', algorithm: 'trending', max: 3 }] });
    const spent = performance.now() - started;
    // Refused, or (a busy machine) timed out before the first 4 MB were in.
    expect(r).toMatchObject({ ok: false, html: '', error: { kind: expect.stringMatching(/^(parse|timeout)$/) } });
    expect(spent).toBeLessThan(50 + 100);
    // With time to spare, the slot says why.
    const again = performance.now();
    const [roomy] = await renderSlots({ ...options(), fetch: huge, timeoutMs: 5_000, slots: [{ id: 'a', algorithm: 'trending', max: 3 }] });
    expect(roomy).toMatchObject({ ok: false, html: '', error: { kind: 'parse', message: 'the answer is larger than 4 MB: refused, the rest not read', status: 200 } });
    expect(performance.now() - again).toBeLessThan(1_000);
  }, 30_000);

  it('says its answer is 100 MB (Content-Length) and sends it slowly: refused before a byte of the body is read', async () => {
    let written = 0;
    const slow = await listen((req, res) => {
      if (req.url!.startsWith('/v1/theme')) return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"errMsg":null,"widgetThemes":[]}');
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(100 * 1024 * 1024) });
      const chunk = '{"products":[' + ' '.repeat(64 * 1024);
      const tick = setInterval(() => (res.destroyed ? clearInterval(tick) : (res.write(chunk), (written += chunk.length))), 20);
      res.on('close', () => clearInterval(tick));
    });
    const started = performance.now();
    const [r] = await renderSlots({ ...options(), baseUrl: slow.url, timeoutMs: 5_000, slots: [{ id: 'a', algorithm: 'trending' }] });
    const spent = performance.now() - started;
    slow.close();
    expect(r).toMatchObject({ ok: false, html: '', error: { kind: 'parse', message: expect.stringMatching(/larger than 4 MB/) } });
    // Not the call's 5 s: the refusal came with the headers.
    expect(spent).toBeLessThan(1_000);
    expect(written).toBeLessThan(4 * 1024 * 1024);
  });

  it('streams an answer without a length past 4 MB: refused once 4 MB are in, the rest never sent', async () => {
    let written = 0;
    const total = 64 * 1024 * 1024;
    const stream = await listen((req, res) => {
      if (req.url!.startsWith('/v1/theme')) return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"errMsg":null,"widgetThemes":[]}');
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      const more = () => {
        while (written < total && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        if (!res.destroyed) res.end();
      };
      more();
    });
    const [r] = await renderSlots({ ...options(), baseUrl: stream.url, timeoutMs: 5_000, slots: [{ id: 'a', algorithm: 'trending' }] });
    stream.close();
    expect(r).toMatchObject({ ok: false, html: '', error: { kind: 'parse', message: expect.stringMatching(/larger than 4 MB: refused, the rest not read/) } });
    // What the socket's buffers took before the refusal, far from the 64 MB it would have sent.
    expect(written).toBeLessThan(total / 2);
  });

  it('answers 3 MB of products, under the cap: the slot renders them', async () => {
    const filler = 'x'.repeat(3 * 1024 * 1024);
    const body = JSON.stringify({ errMsg: null, widgetName: 'Big', customValues: { note: filler }, products: [{ name: 'Kept', sku: 'K1', price: '1.00', currentPageUrl: 'https://shop.example/k' }] });
    const big = async (input: RequestInfo | URL) => new Response(new URL(String(input)).pathname == '/v1/theme' ? '{"errMsg":null,"widgetThemes":[]}' : body);
    const [r] = await renderSlots({ ...options(), fetch: big, slots: [{ id: 'a', algorithm: 'trending' }] });
    expect(r).toMatchObject({ ok: true, products: 1 });
    expect(r.html).toContain('Kept');
  });

  it('redirects on its own origin: the key is not sent again, the slot fails with kind redirect', async () => {
    const seen: string[] = [];
    const service = await listen((req, res) => {
      seen.push(req.url!);
      if (req.url!.startsWith('/moved')) return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"errMsg":null,"widgetThemes":[],"products":[{"name":"Moved","price":"1"}]}');
      res.writeHead(307, { Location: '/moved' + req.url }).end();
    });
    const [r] = await renderSlots({ ...options(), baseUrl: service.url, timeoutMs: 2000, slots: [{ id: 'a', algorithm: 'trending' }] });
    service.close();
    expect(r).toMatchObject({ ok: false, error: { kind: 'redirect' } });
    expect(seen.filter((u) => u.startsWith('/moved'))).toEqual([]);
  });

  it('never answers: the call ends within its budget and a few ms', async () => {
    const hung = await listen(() => {});
    const started = performance.now();
    const [r] = await renderSlots({ ...options(), baseUrl: hung.url, timeoutMs: 300, slots: [{ id: 'a', algorithm: 'trending' }] });
    const spent = performance.now() - started;
    hung.close();
    expect(r.error!.kind).toBe('timeout');
    expect(spent).toBeLessThan(300 + 70);
  });
});

describe('Object.prototype additions read directly, not by for…in', () => {
  // What a polluting dependency or a merged request body can set (JSON values only):
  // names Preact, the template or the state read by name.
  const POLLUTED: Record<string, unknown> = {
    dangerouslySetInnerHTML: { __html: '<img src=x onerror=alert("dsih")>' },
    __html: '<img src=x onerror=alert("html")>',
    children: '<img src=x onerror=alert("children")>',
    script: 'alert("script")',
    whole: true,
    anchor: { name: 'Polluted anchor' },
    cartIds: { X: 'Polluted' },
    href: 'javascript:alert("href")',
    src: 'javascript:alert("src")',
    class: 'polluted-class',
    className: 'polluted-class',
    style: 'background:url(javascript:alert(1))',
    type: 'submit',
    method: 'POST',
    headers: { 'X-Polluted': '1' },
    body: 'polluted=1',
    mode: 'no-cors',
    styles: 'each',
    consent: true,
    strings: { next: 'Polluted' },
    fetch: 'polluted',
    slot: 'polluted',
  };
  // The answers of a clean call, recorded and replayed: the sandbox runs in this process
  // and would read the additions itself (a polluted `method` makes it answer 405).
  const recorded = new Map<string, string>();
  const inits: RequestInit[] = [];
  const replay = async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = new URL(String(input));
    inits.push(init!);
    if (key.pathname == '/v1/theme') return new Response('{"errMsg":null,"widgetThemes":[]}');
    // A call without the page's visitor id sends a random one: the rest names the answer.
    key.searchParams.delete('site_uid');
    const url = String(key);
    if (!recorded.has(url)) recorded.set(url, await (await fetch(input, init)).text());
    return new Response(recorded.get(url), { headers: { 'Content-Type': 'application/json' } });
  };
  const render = () =>
    renderSlots({ ...options(), fetch: replay, nonce: 'n', slots: [{ id: 'c', algorithm: 'trending', layout: 'carousel', max: 3 }, { id: 'm', algorithm: 'trending', layout: 'matrix', max: 3 }, { id: 'b', algorithm: 'crosssell' }] });
  const stable = (results: SlotResult[]) => results.map((r) => ({ ...r, ms: 0 }));

  it('renders the same markup and state as without them', async () => {
    const clean = await render();
    expect(clean.every((r) => r.ok)).toBe(true);
    const proto = Object.prototype as Record<string, unknown>;
    let polluted: SlotResult[];
    try {
      for (const [key, value] of Object.entries(POLLUTED)) proto[key] = value;
      polluted = await render();
    } finally {
      for (const key of Object.keys(POLLUTED)) delete proto[key];
    }
    expect(stable(polluted)).toEqual(stable(clean));
    for (const r of polluted) expect(r.html).not.toMatch(/alert|[Pp]olluted/);
    // What fetch was handed: its members read own and inherited alike, none of the additions.
    for (const init of inits) {
      expect(Object.getPrototypeOf(init)).toBe(null);
      expect([init.method, init.body, init.mode]).toEqual([undefined, undefined, undefined]);
    }
  });
});

describe('a call of many slots', () => {
  // With a service that answers at once, the slots' answers and renders run one after
  // another as promise callbacks and the call's timer cannot fire between them: 1,000
  // slots once held a 50 ms call to 1.3–2.5 s. Each slot now reads the clock before its
  // request and before its render.
  it('a thousand slots, the most a call takes: the call ends within its budget and 100 ms, every slot rendered or timed out', async () => {
    const body = JSON.stringify({ errMsg: null, widgetName: 'W', products: [{ name: 'P', sku: 'S', price: '1.00', currentPageUrl: 'https://shop.example/p' }] });
    // The merchant's own fetch (RenderSlotsOptions.fetch), answering as a WHATWG fetch does.
    const instant = async (input: RequestInfo | URL) => new Response(new URL(String(input)).pathname == '/v1/theme' ? '{"errMsg":null,"widgetThemes":[]}' : body);
    const slots = Array.from({ length: 1000 }, (_, i) => ({ id: 'x' + i, algorithm: 'trending', max: 1 }));
    const started = performance.now();
    const results = await renderSlots({ ...options(), fetch: instant, timeoutMs: 50, slots });
    const spent = performance.now() - started;
    expect(results.map((r) => r.id)).toEqual(slots.map((s) => s.id));
    expect(spent).toBeLessThan(50 + 100);
    for (const r of results) {
      if (r.ok) expect(r.html).toContain('data-vitrine-resume');
      else expect(r).toMatchObject({ html: '', error: { kind: 'timeout', message: 'not rendered within 50 ms' } });
    }
  }, 30_000);

  it('a slot reached after the budget times out; the slot rendered before it keeps its widget', async () => {
    const body = JSON.stringify({ errMsg: null, widgetName: 'W', products: [{ name: 'P', sku: 'S', price: '1.00', currentPageUrl: 'https://shop.example/p' }] });
    // Slot "late"'s answer comes after the call's 50 ms, but in the same task as a
    // synchronous 80 ms stall (the timer cannot fire first): only the clock tells.
    const answers = async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname == '/v1/theme') return new Response('{"errMsg":null,"widgetThemes":[]}');
      if (url.searchParams.get('divisionId') == 'late') {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const until = Date.now() + 80;
        while (Date.now() < until);
      }
      return new Response(body);
    };
    const results = await renderSlots({ ...options(), fetch: answers, timeoutMs: 50, slots: [{ id: 'first', algorithm: 'trending' }, { id: 'late', algorithm: 'trending' }] });
    expect(results[0]).toMatchObject({ id: 'first', ok: true });
    expect(results[1]).toMatchObject({ id: 'late', ok: false, html: '', error: { kind: 'timeout' } });
  });
});
