import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Window as HappyWindow } from 'happy-dom';
import { boot } from '../../../src/browser/boot';
import type { Theme } from '../../../src/types/interface';
import { builtinThemes } from '../../../src/core/theme/builtinThemes';
import { layouts } from '../../../src/browser/layouts/layouts';
import { Carousel } from '../../../src/layouts/Carousel';

// happy-dom runs no chunk: the carousel is here as its chunk leaves it once loaded (the
// chunk itself is loaded in Chromium, test/browser).
layouts.carousel = Carousel;

type Route = (url: URL) => { status: number; body: unknown } | undefined;
let calls: { url: URL; headers: Record<string, string> }[];
let route: Route;
const themes: Theme[] = [];

const products = (n: number, prefix = 'P') =>
  Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i + 1}`, sku: `${prefix}-${i + 1}`, price: '10', smallImage: '/i.svg', currentPageUrl: `/products/${prefix}${i + 1}` }));
const envelope = (n: number, name = 'Picks') => ({ errMsg: null, numberofdocs: n, success: '0', widgetType: 'x', widgetName: name, products: products(n) });

// Each test gets a page of its own, as each page view does in a browser.
let win: Window & typeof globalThis;
let document: Document;

function start(html: string, settings: Record<string, unknown> = {}) {
  document.body.innerHTML = html;
  return boot(win, null, { baseUrl: 'https://api.example', orgId: 'org-1', apiKey: 'key-1', assetBase: '/', ...settings });
}

/** Resolves with the first vitrine:render or vitrine:error event on the slot. */
const settled = (id: string) =>
  new Promise<CustomEvent>((resolve) => {
    const el = document.getElementById(id)!;
    const done = (e: Event) => resolve(e as CustomEvent);
    el.addEventListener('vitrine:render', done, { once: true });
    el.addEventListener('vitrine:error', done, { once: true });
  });

beforeEach(() => {
  calls = [];
  themes.length = 0;
  route = () => ({ status: 200, body: envelope(3) });
  win = new HappyWindow({ url: 'https://shop.example/', settings: { handleDisabledFileLoadingAsSuccess: true } }) as unknown as Window & typeof globalThis;
  document = win.document;
  // happy-dom computes no layout, so its IntersectionObserver never reports: without one,
  // Vitrine loads every slot at once. Lazy loading is checked in Chromium (test/browser).
  (win as { IntersectionObserver?: unknown }).IntersectionObserver = undefined;
  win.fetch = (async (input: string, init: RequestInit) => {
    const url = new URL(input);
    calls.push({ url, headers: init.headers as Record<string, string> });
    if (url.pathname == '/v1/theme') return new Response(JSON.stringify({ errMsg: null, widgetThemes: themes }));
    const answer = route(url) ?? { status: 404, body: { errMsg: 'no route' } };
    return new Response(typeof answer.body == 'string' ? answer.body : JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
});
afterEach(() => vi.restoreAllMocks());

const widgetCalls = () => calls.filter((c) => c.url.pathname.startsWith('/v1/widgetserver/'));

describe('boot', () => {
  it('opens the connection to the API while the page parses, and asks for none once it is parsed', async () => {
    const preconnects = () => [...document.head.querySelectorAll('link[rel="preconnect"]')].map((link) => link.getAttribute('href'));
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    start('');
    // In the task after the script's own, where the slots start.
    await new Promise((next) => setTimeout(next));
    expect(preconnects()).toEqual(['https://api.example']);
    // A script that runs later (added after the load): its first request follows within a frame.
    win = new HappyWindow({ url: 'https://shop.example/' }) as unknown as Window & typeof globalThis;
    document = win.document;
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
    start('');
    await new Promise((next) => setTimeout(next));
    expect(preconnects()).toEqual([]);
  });

  it('renders a named slot in place of its fallback and says so', async () => {
    start('<div id="pdp-also" data-vitrine="viewedalsoviewed" data-vitrine-pname="Coat" data-vitrine-title="Also viewed"><p>fallback</p></div>');
    const event = await settled('pdp-also');
    expect(event.type).toBe('vitrine:render');
    expect(event.detail).toMatchObject({ algorithm: 'viewedalsoviewed', products: 3, layout: 'carousel', theme: 'vitrine-carousel' });
    const slot = document.getElementById('pdp-also')!;
    // The fallback stays where it was (a framework may own it) but is no longer drawn:
    // only the widget is assigned to the slot's shadow outlet.
    const outlet = slot.shadowRoot!.querySelector('slot')!;
    expect(outlet.assignedNodes()).toEqual([slot.querySelector('.vitrine')]);
    expect(slot.querySelector('p')!.textContent).toBe('fallback');
    expect(slot.querySelector('.vitrine__title')!.textContent).toBe('Also viewed');
    expect(slot.querySelectorAll('.vitrine__slide')).toHaveLength(3);
    const call = widgetCalls()[0];
    expect(call.url.pathname).toBe('/v1/widgetserver/viewedalsoviewed');
    expect(Object.fromEntries(call.url.searchParams)).toMatchObject({ divisionId: 'pdp-also', orgId: 'org-1', domain: 'shop.example', pname: 'Coat' });
    expect(call.headers).toMatchObject({ 'X-Service-Access-Token': 'key-1', 'X-Service-orgId': 'org-1' });
  });

  it('keeps the fallback when no products come, and reports why', async () => {
    route = () => ({ status: 200, body: envelope(0) });
    start('<div id="s" data-vitrine="trending"><p>fallback</p></div>');
    const event = await settled('s');
    expect(event.detail).toMatchObject({ kind: 'empty' });
    expect(document.getElementById('s')!.innerHTML).toBe('<p>fallback</p>');
  });

  it('isolates a failing slot from the others', async () => {
    route = (url) => (url.pathname.endsWith('trending') ? { status: 200, body: '<html>proxy error</html>' } : { status: 200, body: envelope(2) });
    start('<div id="bad" data-vitrine="trending">a</div><div id="good" data-vitrine="recentviews">b</div>');
    const [bad, good] = await Promise.all([settled('bad'), settled('good')]);
    expect(bad.detail).toMatchObject({ kind: 'parse' });
    expect(good.type).toBe('vitrine:render');
  });

  it('makes no further call after a 403', async () => {
    route = () => ({ status: 403, body: { errMsg: 'credit quota exceeded' } });
    const api = start('<div id="a" data-vitrine="trending"></div>');
    expect((await settled('a')).detail).toMatchObject({ kind: 'quota', status: 403 });
    const before = widgetCalls().length;
    api!.refresh();
    expect((await settled('a')).detail).toMatchObject({ kind: 'quota' });
    expect(widgetCalls().length).toBe(before);
  });

  // The chain's rules are the slot lifecycle's (test/unit/core/slots): here, what a slot shows of them.
  describe('a fallback chain', () => {
    const chain = '<div id="c" data-vitrine="viewedalsoviewed categoryreco trending" data-vitrine-pname="Coat" data-vitrine-sku="C-1"><p>fallback</p></div>';
    const paths = () => widgetCalls().map((c) => c.url.pathname.split('/').pop());

    it('goes on after no products, and says what it skipped and why', async () => {
      route = (url) => (url.pathname.endsWith('viewedalsoviewed') ? { status: 200, body: envelope(0) } : { status: 200, body: envelope(2) });
      start(chain);
      const event = await settled('c');
      expect(event.type).toBe('vitrine:render');
      expect(event.detail).toMatchObject({ algorithm: 'categoryreco', skipped: [{ algorithm: 'viewedalsoviewed', why: 'viewedalsoviewed returned no products' }] });
      expect(paths()).toEqual(['viewedalsoviewed', 'categoryreco']);
    });

    it('ending in a failure keeps the fallback, and vitrine:error says where it ended and what it skipped', async () => {
      route = (url) => (url.pathname.endsWith('categoryreco') ? { status: 403, body: { errMsg: 'credit quota exceeded' } } : { status: 200, body: envelope(0) });
      start(chain);
      const event = await settled('c');
      expect(event.detail).toEqual({
        kind: 'quota',
        message: 'HTTP 403: credit quota exceeded',
        status: 403,
        algorithm: 'categoryreco',
        skipped: [{ algorithm: 'viewedalsoviewed', why: 'viewedalsoviewed returned no products' }],
        page: 'home_page',
        personal: true,
        substituted: [],
      });
      expect(document.getElementById('c')!.innerHTML).toBe('<p>fallback</p>');
    });
  });

  it('does nothing when a second copy starts', async () => {
    const first = start('<div id="a" data-vitrine="trending"></div>');
    await settled('a');
    const callsBefore = calls.length;
    expect(boot(win, null, { baseUrl: 'https://api.example', orgId: 'org-1', apiKey: 'key-1' })).toBeUndefined();
    expect((win as unknown as { Vitrine: { refresh: unknown } }).Vitrine.refresh).toBe(first!.refresh);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.length).toBe(callsBefore);
  });

  it('renders slots added later', async () => {
    start('<main></main>');
    const slot = Object.assign(document.createElement('div'), { id: 'later' });
    slot.dataset.vitrine = 'trending';
    const event = settledOn(slot);
    document.querySelector('main')!.append(slot);
    expect((await event).type).toBe('vitrine:render');
  });

  it('renders with the built-in theme when the chosen theme is broken', async () => {
    themes.push({ ...builtinThemes.carousel, id: 't', themeId: 'broken', htmlTemplate: '{{#products}}<b>' });
    start('<div id="s" data-vitrine="trending" data-vitrine-theme="broken"></div>');
    const errors: CustomEvent[] = [];
    document.getElementById('s')!.addEventListener('vitrine:error', (e) => errors.push(e as CustomEvent));
    const rendered = await new Promise<CustomEvent>((r) => document.getElementById('s')!.addEventListener('vitrine:render', (e) => r(e as CustomEvent)));
    expect(errors[0].detail).toMatchObject({ kind: 'theme' });
    expect(errors[0].detail.message).toMatch(/Unclosed section/);
    expect(rendered.detail.products).toBe(3);
  });

  it('renders a whole-widget theme and a card theme', async () => {
    themes.push({ ...builtinThemes.matrix, id: 'g', themeId: 'grid', displayType: 'matrix', htmlTemplate: '<h3>{{widget_displayName}}</h3><ol>{{#products}}<li>{{product_name}}</li>{{/products}}</ol>' });
    start('<div id="g" data-vitrine="trending" data-vitrine-layout="matrix"></div>');
    await settled('g');
    const root = document.querySelector('#g .vitrine')!;
    expect(root.className).toBe('vitrine vitrine--matrix vitrine-theme--grid');
    expect(root.querySelector('h3')!.textContent).toBe('Picks');
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['P1', 'P2', 'P3']);
  });

  it('makes one request for identical widgets and one theme request per page', async () => {
    start('<div id="x" data-vitrine="trending"></div><div id="y" data-vitrine="trending"></div>');
    await Promise.all([settled('x'), settled('y')]);
    expect(calls.filter((c) => c.url.pathname == '/v1/theme')).toHaveLength(1);
    expect(widgetCalls()).toHaveLength(2); // distinct divisionIds are distinct requests
  });

  it('starts nothing and tells the merchant when a required setting is missing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.innerHTML = '<div id="s" data-vitrine>fallback</div>';
    const event = settledOn(document.getElementById('s')!);
    boot(win, null, { baseUrl: 'https://api.example' });
    expect((await event).detail).toMatchObject({ kind: 'config' });
    expect(warn).toHaveBeenCalledWith('[vitrine] not started: orgId is missing; apiKey is missing');
    expect(document.getElementById('s')!.textContent).toBe('fallback');
    expect(calls).toHaveLength(0);
  });

  it('starts nothing, and throws nothing into the page, when the settings cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.innerHTML = '<div id="s" data-vitrine>fallback</div>';
    const event = settledOn(document.getElementById('s')!);
    // A page's settings whose getter throws (`window.vitrineConfig` made by a broken script).
    const hostile = Object.defineProperty({ orgId: 'org-1', apiKey: 'key-1' }, 'baseUrl', { enumerable: true, get: () => { throw new Error('broken'); } });
    const api = boot(win, null, hostile);
    expect(api?.version).toBe('test');
    expect((await event).detail).toMatchObject({ kind: 'config', message: 'the settings could not be read' });
    expect(warn).toHaveBeenCalledWith('[vitrine] not started: the settings could not be read');
    expect(document.getElementById('s')!.textContent).toBe('fallback');
    expect(calls).toHaveLength(0);
  });

  it('emits vitrine:click with the product and its position', async () => {
    start('<div id="s" data-vitrine="trending"></div>');
    await settled('s');
    const clicked = settledClick('s');
    (document.querySelectorAll('#s .vitrine__link')[1] as HTMLElement).click();
    expect((await clicked).detail).toMatchObject({ position: 2, product: { name: 'P2', sku: 'P-2', url: '/products/P2' } });
  });
});

describe('slots owned by a framework', () => {
  const next = (el: Element, type = 'vitrine:render') => new Promise<CustomEvent>((resolve) => el.addEventListener(type, (e) => resolve(e as CustomEvent), { once: true }));
  const names = (id: string) => [...document.querySelectorAll(`#${id} .vitrine__name`)].map((n) => n.textContent);
  const drawn = (id: string) => document.getElementById(id)!.shadowRoot!.querySelector('slot')!.assignedNodes();

  it('renders <vitrine-widget> from its attributes, like a [data-vitrine] slot', async () => {
    route = () => ({ status: 200, body: envelope(5) });
    start('<vitrine-widget id="pdp" algorithm="viewedalsoviewed" layout="matrix" max="2" title="Also viewed" pname="Coat"><p>fallback</p></vitrine-widget>');
    const event = await settled('pdp');
    expect(event.detail).toMatchObject({ algorithm: 'viewedalsoviewed', layout: 'matrix', products: 2 });
    expect(Object.fromEntries(widgetCalls()[0].url.searchParams)).toMatchObject({ divisionId: 'pdp', pname: 'Coat' });
    expect(document.querySelector('#pdp .vitrine__title')!.textContent).toBe('Also viewed');
    expect(drawn('pdp')).toEqual([document.querySelector('#pdp .vitrine')]);
  });

  it('shows a slot again when a framework changes its settings, from the answer it has', async () => {
    route = () => ({ status: 200, body: envelope(5) });
    start('<div id="s" data-vitrine="trending" data-vitrine-max="4"></div>');
    await settled('s');
    const slot = document.getElementById('s')!;
    const again = next(slot);
    slot.setAttribute('data-vitrine-max', '2');
    expect((await again).detail.products).toBe(2);
    expect(names('s')).toEqual(['P1', 'P2']);
    expect(widgetCalls()).toHaveLength(1);
  });

  it('asks again when a changed setting changes the request, once for changes made together', async () => {
    start('<vitrine-widget id="w" algorithm="trending"></vitrine-widget>');
    await settled('w');
    const widget = document.getElementById('w')!;
    const again = next(widget);
    widget.setAttribute('algorithm', 'viewedalsoviewed');
    widget.setAttribute('pname', 'Hat');
    expect((await again).detail.algorithm).toBe('viewedalsoviewed');
    expect(widgetCalls().map((c) => c.url.pathname + ' ' + (c.url.searchParams.get('pname') ?? ''))).toEqual(['/v1/widgetserver/trending ', '/v1/widgetserver/viewedalsoviewed Hat']);
  });

  it('never moves the fallback: a framework can keep updating it, and it is drawn again when products stop', async () => {
    start('<div id="s" data-vitrine="trending"><p>fallback</p></div>');
    await settled('s');
    const slot = document.getElementById('s')!;
    const p = slot.querySelector('p')!;
    // What React does when its fallback changes: insert before a node it made.
    slot.insertBefore(document.createElement('em'), p);
    expect(slot.firstElementChild!.tagName).toBe('EM');
    route = () => ({ status: 200, body: envelope(0) });
    const empty = next(slot, 'vitrine:error');
    (win as unknown as { Vitrine: { refresh(): void } }).Vitrine.refresh();
    expect((await empty).detail).toMatchObject({ kind: 'empty' });
    expect(slot.querySelector('.vitrine')).toBeNull();
    expect(drawn('s')).toEqual([slot.querySelector('em'), p]);
  });

  it('unmounts a slot removed from the page and forgets it', async () => {
    start('<main><vitrine-widget id="w" algorithm="trending"></vitrine-widget></main>');
    await settled('w');
    const widget = document.getElementById('w')!;
    widget.remove();
    await new Promise((r) => setTimeout(r));
    expect(widget.querySelector('.vitrine')).toBeNull();
    const before = widgetCalls().length;
    (win as unknown as { Vitrine: { refresh(): void } }).Vitrine.refresh();
    await new Promise((r) => setTimeout(r, 10));
    expect(widgetCalls()).toHaveLength(before);
  });

  it('setContext replaces the page: the last product does not linger, and the same page twice is asked for once', async () => {
    const api = start('<div id="s" data-vitrine="trending"></div>')!;
    await settled('s');
    const slot = document.getElementById('s')!;
    let rendered = next(slot);
    api.setContext({ pageType: 'product_page', pname: 'Coat', sku: 'C-1' });
    await rendered;
    rendered = next(slot);
    api.setContext({ pageType: 'home_page' });
    api.setContext({ pageType: 'home_page' });
    await rendered;
    await new Promise((r) => setTimeout(r, 10));
    expect(widgetCalls().map((c) => c.url.searchParams.get('pname'))).toEqual([null, 'Coat', null]);
  });
});

function settledOn(el: Element) {
  return new Promise<CustomEvent>((resolve) => {
    el.addEventListener('vitrine:render', (e) => resolve(e as CustomEvent), { once: true });
    el.addEventListener('vitrine:error', (e) => resolve(e as CustomEvent), { once: true });
  });
}
function settledClick(id: string) {
  return new Promise<CustomEvent>((resolve) => document.getElementById(id)!.addEventListener('vitrine:click', (e) => { e.preventDefault(); resolve(e as CustomEvent); }, { once: true }));
}
