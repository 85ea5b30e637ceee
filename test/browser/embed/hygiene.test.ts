// Hygiene: what Vitrine leaves on a host page. The only new global is `Vitrine`; a second
// copy of the script changes nothing; slots added later render and removed ones are let
// go (no observer keeps them); a slot far down costs no request until it comes near; the
// bundle layout's chunk is fetched only where a bundle shows; and
// a host page that meddles (its own Mustache, a polluted Object.prototype, a fetch wrapped
// later) does not change what is rendered.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectRendered, newRecordedPage, records, settled, shownNames, slotEvents, type OpenedPage, type SlotEvent } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const suite = useFixtureSuite('hygiene');
let context: BrowserContext | undefined;

/** Widget calls the page sent, by slot id, in order. */
function trackWidgetCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname.startsWith('/v1/widgetserver/')) calls.push(url.searchParams.get('divisionId') ?? '');
  });
  return calls;
}

/** Runs in the page before its scripts: a one-second timer waits a minute instead. */
function stretchSecondTimers(): void {
  const start = window.setTimeout;
  window.setTimeout = ((run: TimerHandler, ms?: number, ...rest: unknown[]) => start(run, ms == 1000 ? 60_000 : ms, ...rest)) as typeof setTimeout;
}

async function open(name: string, before?: (page: Page) => Promise<unknown>): Promise<OpenedPage & { calls: string[] }> {
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const opened = await newRecordedPage(context);
  const calls = trackWidgetCalls(opened.page);
  if (before) await before(opened.page);
  await opened.page.goto(suite.fixtures.page(name));
  return { ...opened, calls };
}

/**
 * Runs in the page before its scripts: keeps the set of elements each
 * IntersectionObserver watches, so a test can ask whether a removed slot is still held.
 */
function watchObservers(): void {
  const watched = new Set<Element>();
  const byObserver = new WeakMap<IntersectionObserver, Set<Element>>();
  const proto = IntersectionObserver.prototype;
  const { observe, unobserve, disconnect } = proto;
  const mine = (io: IntersectionObserver) => byObserver.get(io) ?? (byObserver.set(io, new Set()), byObserver.get(io)!);
  proto.observe = function (this: IntersectionObserver, el: Element) {
    mine(this).add(el);
    watched.add(el);
    return observe.call(this, el);
  };
  proto.unobserve = function (this: IntersectionObserver, el: Element) {
    mine(this).delete(el);
    watched.delete(el);
    return unobserve.call(this, el);
  };
  proto.disconnect = function (this: IntersectionObserver) {
    mine(this).forEach((el) => watched.delete(el));
    mine(this).clear();
    return disconnect.call(this);
  };
  Object.defineProperty(window, '__observed', { value: () => Array.from(watched, (el) => ({ id: el.id || el.parentElement?.id || el.localName, connected: el.isConnected })) });
}

const observed = (page: Page) => page.evaluate(() => (window as unknown as { __observed: () => { id: string; connected: boolean }[] }).__observed());

/** Lets the MutationObserver and IntersectionObserver callbacks run (two frames). */
const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));


afterEach(async () => {
  await context?.close();
  context = undefined;
});


describe('what Vitrine leaves on the host page', () => {
  it('the only new global is Vitrine, with every layout and a theme script rendered', async () => {
    const { page, errors } = await open('hygiene-globals');
    const ids = ['g-carousel', 'g-matrix', 'g-bundle'];
    expectRendered(await settled(page, ids), ids);
    await expect(page.locator('#g-carousel > .vitrine').getAttribute('data-theme-script')).resolves.toBe('ran');
    const added = await page.evaluate(() => {
      const before = (window as unknown as { __namesBeforeVitrine: { keys: string[]; own: string[] } }).__namesBeforeVitrine;
      return {
        keys: Object.keys(window).filter((k) => !before.keys.includes(k)),
        own: Object.getOwnPropertyNames(window).filter((k) => !before.own.includes(k) && k !== '__namesBeforeVitrine'),
      };
    });
    expect(added.keys).toEqual(['Vitrine']);
    expect(added.own).toEqual(['Vitrine']);
    await expect(page.evaluate(() => Object.keys((window as unknown as { Vitrine: object }).Vitrine).sort())).resolves.toEqual(
      expect.arrayContaining(['refresh', 'render', 'setContext', 'use', 'version']),
    );
    expect(errors).toEqual([]);
  });

  it('a second and a third copy of the script change nothing', async () => {
    const { page, calls, errors } = await open('hygiene-double');
    const ids = ['d-carousel', 'd-matrix'];
    expectRendered(await settled(page, ids), ids);
    await page.waitForLoadState('load');
    await frames(page);
    // All three copies were fetched and ran …
    const copies = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/vitrine\.js(\?|$)/.test(e.name)).length);
    expect(copies).toBe(3);
    // … yet each slot was asked for once, rendered once, holds one widget.
    expect(calls.filter((id) => id === 'd-carousel')).toHaveLength(1);
    expect(calls.filter((id) => id === 'd-matrix')).toHaveLength(1);
    const renders = await slotEvents(page, 'render');
    expect(renders.map((e) => e.id).sort()).toEqual(ids.slice().sort());
    for (const id of ids) await expect(page.locator(`#${id} > .vitrine`).count()).resolves.toBe(1);
    await expect(page.locator('link[href$="vitrine.css"]').count()).resolves.toBe(1);
    // One preconnect at most: the first copy's, and none when it ran after the parse.
    await expect(page.locator('link[rel="preconnect"]').count()).resolves.toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
  });

  it('the bundle layout costs a request only where a slot shows a bundle, and a grid stands in if it cannot load', async () => {
    const chunks = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/vitrine-bundle\.js$/.test(e.name)).length);
    // A page without a bundle slot never asks for the chunk.
    const plain = await open('hygiene-lazy');
    expectRendered(await settled(plain.page, ['top', 'near']), ['top', 'near']);
    await expect(chunks(plain.page)).resolves.toBe(0);
    await context!.close();
    // A page with one asks once and shows the bundle.
    const withBundle = await open('hygiene-globals');
    expectRendered(await settled(withBundle.page, ['g-bundle']), ['g-bundle']);
    await expect(chunks(withBundle.page)).resolves.toBe(1);
    await expect(withBundle.page.locator('#g-bundle .vitrine__bundle input[type=checkbox]').count()).resolves.toBeGreaterThan(1);
    await context!.close();
    // Blocked, the slot still shows its products, as a grid, and the page sees no error.
    const blocked = await open('hygiene-globals', (p) => p.route('**/vitrine-bundle.js', (route) => route.abort()));
    expectRendered(await settled(blocked.page, ['g-bundle']), ['g-bundle']);
    await expect(blocked.page.locator('#g-bundle .vitrine__grid .vitrine__cell').count()).resolves.toBeGreaterThan(1);
    expect(blocked.errors).toEqual([]);
  });

  it("a theme's script costs a request only where a chosen theme has one; blocked, the widget still shows and its render says the script did not run", async () => {
    const chunks = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/vitrine-script\.js$/.test(e.name)).length);
    // Grids whose theme has no script never ask for the runner.
    const plain = await open('hygiene-lazy');
    expectRendered(await settled(plain.page, ['top', 'near']), ['top', 'near']);
    await expect(chunks(plain.page)).resolves.toBe(0);
    await context!.close();
    // maison-carousel has one: asked for once, it runs on the widget.
    const scripted = await open('hygiene-globals');
    expectRendered(await settled(scripted.page, ['g-carousel', 'g-matrix']), ['g-carousel', 'g-matrix']);
    await expect(chunks(scripted.page)).resolves.toBe(1);
    await expect(scripted.page.locator('#g-carousel > .vitrine').getAttribute('data-theme-script')).resolves.toBe('ran');
    await context!.close();
    // Blocked: the cards are drawn all the same, the render says why the script did not run, and the page sees no error.
    const blocked = await open('hygiene-globals', (p) => p.route('**/vitrine-script.js', (route) => route.abort()));
    expectRendered(await settled(blocked.page, ['g-carousel']), ['g-carousel']);
    await expect(blocked.page.locator('#g-carousel .vitrine__slide').count()).resolves.toBeGreaterThan(1);
    await expect(blocked.page.locator('#g-carousel > .vitrine').getAttribute('data-theme-script')).resolves.toBeNull();
    const render = (await slotEvents(blocked.page, 'render')).find((e) => e.id === 'g-carousel')!;
    expect(render.detail.warning).toBe('theme script did not run (vitrine-script.js did not load)');
    expect(blocked.errors).toEqual([]);
  });

  it('only slots near the viewport are asked for; a far one is asked for when scrolled near', async () => {
    const { page, calls, errors } = await open('hygiene-lazy', (p) => p.addInitScript(watchObservers));
    expectRendered(await settled(page, ['top', 'near']), ['top', 'near']);
    await page.waitForLoadState('load');
    await frames(page);
    expect(calls.sort()).toEqual(['near', 'top']);
    await page.locator('#far').scrollIntoViewIfNeeded();
    expectRendered(await settled(page, ['far']), ['far']);
    expect(calls).toContain('far');
    expect(calls).not.toContain('far-removed');
    expect(errors).toEqual([]);
  });

  it('empty slots stacked below the fold: the first one loads, those its widget pushes away wait until scrolled near', async () => {
    // The next slot waits 1 s at most for the widget before it; a busy machine can take
    // longer than that to draw it. Here the page's one-second waits last a minute, so the
    // widget alone decides (the cap has its own case below).
    const { page, calls, errors } = await open('hygiene-stacked', (p) => p.addInitScript(stretchSecondTimers));
    expectRendered(await settled(page, ['stack-1']), ['stack-1']);
    await page.waitForLoadState('load');
    await frames(page);
    await page.waitForTimeout(300);
    expect(calls).toEqual(['stack-1']);
    // Its two rows put the next slot beyond the margin; scrolling there loads it.
    const top = await page.locator('#stack-2').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(800 + 600);
    await page.locator('#stack-2').scrollIntoViewIfNeeded();
    expectRendered(await settled(page, ['stack-2']), ['stack-2']);
    expect(calls).toContain('stack-2');
    expect(errors).toEqual([]);
  });

  it('empty slots stacked below the fold, the first answer stalled: the next is asked for all the same, and drawn', async () => {
    const { page, calls, errors } = await open('hygiene-stacked', (p) =>
      // stack-1's answer never comes.
      p.route('**/v1/widgetserver/**', (route) => (new URL(route.request().url()).searchParams.get('divisionId') == 'stack-1' ? undefined : route.continue())),
    );
    expectRendered(await settled(page, ['stack-2']), ['stack-2']);
    expect(calls.slice(0, 2)).toEqual(['stack-1', 'stack-2']);
    expect((await slotEvents(page)).filter((e) => e.id == 'stack-1' && e.type == 'render')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('removed slots are let go: no observer holds them and a removed far slot is never asked for', async () => {
    const { page, calls, errors } = await open('hygiene-lazy', (p) => p.addInitScript(watchObservers));
    expectRendered(await settled(page, ['top', 'near']), ['top', 'near']);
    // #near rendered below the fold: its impression is still pending, so it is watched.
    const watching = (await observed(page)).map((o) => o.id);
    expect(watching).toEqual(expect.arrayContaining(['near', 'far', 'far-removed']));
    const nearRoot = await page.locator('#near > .vitrine').elementHandle();
    await page.evaluate(() => {
      document.getElementById('near')!.remove();
      document.getElementById('far-removed')!.remove();
    });
    await frames(page);
    expect((await observed(page)).filter((o) => !o.connected)).toEqual([]);
    // The removed widget was unmounted, so nothing of it stays alive.
    await expect(nearRoot!.evaluate((el) => el.childElementCount)).resolves.toBe(0);
    // Scrolling all the way down passes where the removed slot was: no request for it.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
    });
    expectRendered(await settled(page, ['far']), ['far']);
    expect(calls).not.toContain('far-removed');
    expect(errors).toEqual([]);
  });

  it('slots added later render by themselves, alone or inside added markup', async () => {
    const { page, calls, errors } = await open('hygiene-lazy');
    await settled(page, ['top']);
    await page.evaluate(() => {
      const main = document.getElementById('main')!;
      const slot = document.createElement('div');
      slot.id = 'added';
      slot.setAttribute('data-vitrine', 'trending');
      slot.setAttribute('data-vitrine-layout', 'carousel');
      main.insertBefore(slot, main.children[1]);
      const section = document.createElement('section');
      section.innerHTML = '<h2>From a single-page app</h2><div id="added-inside" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="3"></div>';
      main.insertBefore(section, main.children[2]);
    });
    const ids = ['added', 'added-inside'];
    expectRendered(await settled(page, ids), ids);
    expect(calls).toEqual(expect.arrayContaining(ids));
    expect(await shownNames(page, 'added-inside')).toHaveLength(3);
    expect(errors).toEqual([]);
  });

  it("a host page's own Mustache, a polluted Object.prototype and a fetch wrapped later change nothing", async () => {
    const { page, errors } = await open('hygiene-hostile-host');
    const ids = ['h-carousel', 'h-matrix'];
    expectRendered(await settled(page, ids), ids);
    const names = [...(await shownNames(page, 'h-carousel')), ...(await shownNames(page, 'h-matrix'))];
    expect(names.length).toBeGreaterThan(4);
    for (const name of names) expect(name).toMatch(/^[A-Z][a-z]+ [A-Z]/);
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('polluted');
    expect(text).not.toContain('replaced renderer');
    await expect(page.locator('#h-carousel .vitrine__title').innerText()).resolves.toBe('Trending');
    // A fetch wrapped after start-up is not Vitrine's: a slot added now still gets real products.
    await page.evaluate(() => {
      window.fetch = () => Promise.resolve(new Response(JSON.stringify({ errMsg: null, success: '0', products: [{ name: 'From the wrapper', sku: 'W', price: '1' }] })));
      const slot = document.createElement('div');
      slot.id = 'h-later';
      slot.setAttribute('data-vitrine', 'trending');
      slot.setAttribute('data-vitrine-layout', 'matrix');
      document.getElementById('main')!.prepend(slot);
    });
    expectRendered(await settled(page, ['h-later']), ['h-later']);
    const later = await shownNames(page, 'h-later');
    expect(later.length).toBeGreaterThan(1);
    expect(later).not.toContain('From the wrapper');
    expect(errors).toEqual([]);
  });
});

// One key at a time on Object.prototype, set by plain assignment before the page's own
// scripts (the way a prototype-pollution gadget sets it): what renders and what is
// requested must be what the same page shows and asks for unpolluted.
const POLLUTION: Record<string, unknown> = {
  jsTemplate: '__pwned("jsTemplate")',
  htmlTemplate: '<b class="polluted">{{product_name}}</b>',
  cssTemplate: '.vitrine{display:none}',
  variantName: 'Polluted variant',
  discountedPrice: '1.00',
  mode: 'no-cors',
  referrerPolicy: 'unsafe-url',
  credentials: 'include',
  headers: { 'X-Polluted': '1' },
  method: 'POST',
  body: 'polluted',
  window: {},
  // What the embed reads from settings, products, envelopes, themes and options objects
  // of its own: each name set where an object lacks it must stay unread.
  name: 'Polluted name',
  sku: 'POLLUTED',
  price: '0.01',
  image: '/polluted.png',
  smallImage: '/polluted.png',
  url: 'https://polluted.example/',
  currentPageUrl: 'https://polluted.example/',
  theme: 'polluted',
  themeId: 'polluted',
  layout: 'polluted',
  displayType: 'polluted',
  value: 'polluted',
  id: 'polluted',
  type: 'polluted',
  data: 'polluted',
  items: ['polluted'],
  products: [{ name: 'Polluted product', sku: 'X', price: '1' }],
  widgetName: 'Polluted title',
  widgetThemes: [],
  errMsg: 'polluted',
  success: '1',
  title: 'Polluted title',
  max: '1',
  pageType: 'product_page',
  currency: 'JPY',
  locale: 'ar-EG',
  notation: 'compact',
  style: 'percent',
  currencyDisplay: 'name',
  maximumFractionDigits: 0,
  minimumFractionDigits: 5,
  useGrouping: false,
  signal: 'polluted',
  once: true,
  capture: true,
  delay: 60_000,
  read: 'polluted',
  passive: true,
  rootMargin: '-50%',
  threshold: 5,
  root: {},
  priority: 'low',
  cache: 'no-store',
  redirect: 'error',
  keepalive: true,
  integrity: 'sha256-polluted',
  __html: '<img src=x onerror=__pwned("__html")>',
  slotAssignment: 'manual',
  composed: true,
  behavior: 'smooth',
  className: 'polluted',
  onclick: '__pwned("onclick")',
};

const BARE_CARD = '<a class="p-card" href="{{product_currentPageUrl}}"><span class="p-name">{{product_name}}</span>{{#variant_name}}<i class="p-variant">{{variant_name}}</i>{{/variant_name}}<span class="p-price">{{#product_discountedPrice}}<s>{{product_price}}</s> {{product_discountedPrice}}{{/product_discountedPrice}}{{nodiscount_price}}</span></a>';
// Products without a variant or a sale price: an inherited one would show.
const PRODUCTS = ['Aubrac Crewneck', 'Belle-Île Scarf', 'Cancale Beret', 'Dinard Cardigan', 'Étel Socks'].map((name, i) => ({ name, sku: `P-${i}`, price: String(40 + i), smallImage: `/img/${i}.png`, currentPageUrl: `/products/p${i}` }));

interface Snapshot {
  outcome: Record<string, string>;
  slots: Record<string, string>;
  head: string[];
  requests: string[];
  pwned: string[];
  errors: string[];
}

async function snapshot(pollute?: [string, unknown]): Promise<Snapshot> {
  await context?.close();
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const opened = await newRecordedPage(context);
  const { page } = opened;
  // A function cannot cross into the page as an argument: `then` is made there.
  if (pollute)
    await page.addInitScript(
      ([key, value]) =>
        ((Object.prototype as Record<string, unknown>)[key] =
          key == 'then'
            ? function then() {}
            : key == 'toJSON'
              ? function toJSON() {
                  return { orgId: 'polluted' };
                }
              : value),
      pollute,
    );
  const requests: Promise<string>[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/v1/')) requests.push(r.allHeaders().then((h) => JSON.stringify([r.method(), r.url(), r.postData(), Object.entries(h).sort()])));
  });
  const cors = { 'Access-Control-Allow-Origin': '*' };
  await page.route(
    (u) => u.pathname === '/v1/theme',
    (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify({ errMsg: null, widgetThemes: [{ id: 'bare-card', themeId: 'bare-card', name: 'Bare', displayType: 'carousel', htmlTemplate: BARE_CARD }] }) }),
  );
  await page.route(
    (u) => u.pathname.startsWith('/v1/widgetserver/'),
    (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify({ errMsg: null, success: '0', widgetName: 'Trending', products: PRODUCTS }) }),
  );
  await page.goto(suite.fixtures.page('hygiene-pollution'));
  const ids = ['p-org', 'p-builtin'];
  let events: Record<string, SlotEvent> = {};
  if (pollute?.[0] == 'then') {
    // Every promise the page awaits (Playwright's own evaluations too) now goes through
    // the polluted `then`: wait for the three calls, then lift the pollution over the
    // raw DevTools protocol so the page can be read. Nothing pending settles after that.
    await expect.poll(() => requests.length, { timeout: 10_000 }).toBe(3);
    await (await context.newCDPSession(page)).send('Runtime.evaluate', { expression: 'delete Object.prototype.then' });
  } else if (pollute?.[0] == 'toJSON') {
    // The recorder's copy of each event's detail and Playwright's own reads of the page
    // go through the polluted `toJSON`: wait over the raw DevTools protocol until both
    // slots show a widget, then lift the pollution so the page can be read.
    const cdp = await context.newCDPSession(page);
    const drawn = async () => ((await cdp.send('Runtime.evaluate', { expression: `document.querySelectorAll('#p-org .vitrine, #p-builtin .vitrine').length`, returnByValue: true })).result.value as number);
    await expect.poll(drawn, { timeout: 15_000 }).toBe(ids.length);
    await cdp.send('Runtime.evaluate', { expression: 'delete Object.prototype.toJSON' });
  } else {
    if (pollute?.[0] == 'signal') {
      // Playwright's own script in the page (behind waitForFunction) adds listeners whose
      // options read `signal`, and throws: wait on the records instead, and lift the
      // pollution once both slots have their outcome.
      const done = async () => (await records(page)).events.filter((e) => e.type == 'render' || (e.type == 'error' && e.detail.kind != 'theme')).length;
      await expect.poll(done, { timeout: 15_000 }).toBe(ids.length);
      await (await context.newCDPSession(page)).send('Runtime.evaluate', { expression: 'delete Object.prototype.signal' });
    }
    events = await settled(page, ids);
  }
  await page.waitForLoadState('load');
  await frames(page);
  const shown = await page.evaluate((slots) => {
    const clean = (html: string) => html.replace(/vitrine-\d+-title/g, 'vitrine-N-title');
    return {
      slots: Object.fromEntries(slots.map((id) => [id, clean(document.getElementById(id)!.innerHTML)])),
      head: Array.from(document.head.querySelectorAll('style, script:not([src]), link'), (el) => `${el.localName}#${el.id} ${el.textContent?.length ?? 0}`),
    };
  }, ids);
  return {
    outcome: Object.fromEntries(Object.entries(events).map(([id, e]) => [id, `${e.type} ${String(e.detail.theme ?? e.detail.kind)}`])),
    ...shown,
    requests: (await Promise.all(requests)).sort(),
    pwned: (await records(page)).pwned,
    errors: opened.errors,
  };
}

describe('a polluted Object.prototype, one key at a time', () => {
  let clean: Snapshot;
  it('the unpolluted page renders both slots and asks for the themes and two widgets', async () => {
    clean = await snapshot();
    expect(clean.outcome).toEqual({ 'p-org': 'render bare-card', 'p-builtin': 'render vitrine-matrix' });
    expect(clean.requests).toHaveLength(3);
    expect(clean.slots['p-org']).not.toContain('p-variant');
    expect(clean.errors).toEqual([]);
  });

  it.each(Object.keys(POLLUTION))('Object.prototype.%s changes nothing that renders or is requested', async (key) => {
    const polluted = await snapshot([key, POLLUTION[key]]);
    expect(polluted.pwned).toEqual([]);
    expect(polluted.errors).toEqual([]);
    expect(polluted.outcome).toEqual(clean.outcome);
    expect(polluted.slots).toEqual(clean.slots);
    expect(polluted.head).toEqual(clean.head);
    expect(polluted.requests).toEqual(clean.requests);
  });

  // Known limits in Preact 10.29.8 (pinned, and bundled in vitrine.js): `h` copies props
  // with `for…in`, which also walks what they inherit, so an inherited `class`, `children`
  // or `dangerouslySetInnerHTML` becomes every element's own (the last one is markup
  // written into each element: script runs); and the children diff reads `[0]` of a list
  // that may not have one, and an inherited string there throws "Cannot create property
  // '__u' on string". None of these props objects is Vitrine's to build.
  const PREACT_POLLUTION: Record<string, unknown> = {
    0: 'polluted',
    children: 'polluted',
    class: 'polluted',
    dangerouslySetInnerHTML: { __html: '<img src=x onerror=__pwned("dangerouslySetInnerHTML")>' },
  };
  for (const key of Object.keys(PREACT_POLLUTION)) {
    it.fails(`Breaks: Object.prototype.${key} changes what renders (Preact reads it)`, async () => {
      const polluted = await snapshot([key, PREACT_POLLUTION[key]]);
      expect(polluted.pwned).toEqual([]);
      expect(polluted.errors).toEqual([]);
      expect(polluted.outcome).toEqual(clean.outcome);
      expect(polluted.slots).toEqual(clean.slots);
    });
  }

  // Known limit: with `Object.prototype.then` set, every object is a thenable, and the
  // browser's own fetch() promise is resolved through it (the Response inherits it). In
  // Chromium 1xx `await fetch(…)` then never settles, for the host page as for Vitrine,
  // so nothing can be requested the same way. Vitrine keeps every slot's fallback and
  // throws nothing into the page.
  it.fails('Object.prototype.then changes nothing that renders or is requested', async () => {
    const polluted = await snapshot(['then', null]);
    expect(polluted.outcome).toEqual(clean.outcome);
    expect(polluted.slots).toEqual(clean.slots);
  });

  // JSON.stringify asks every object it writes for a `toJSON`, through the prototype: the
  // theme list's `request` parameter and the key that shares one call between slots are
  // written without it.
  it('Object.prototype.toJSON: the same requests go out, and the same widgets render', async () => {
    const polluted = await snapshot(['toJSON', null]);
    expect(polluted.requests).toEqual(clean.requests);
    expect(polluted.slots).toEqual(clean.slots);
    expect(polluted.pwned).toEqual([]);
    expect(polluted.errors).toEqual([]);
  });

  it('Object.prototype.then: the same requests go out, nothing runs, nothing is thrown into the page, the fallbacks stay', async () => {
    const polluted = await snapshot(['then', null]);
    expect(polluted.requests).toEqual(clean.requests);
    expect(polluted.pwned).toEqual([]);
    expect(polluted.errors).toEqual([]);
    expect(polluted.slots).toEqual({ 'p-org': '', 'p-builtin': '' });
  });
});

// A page's `toJSON` on every object (or, as Prototype.js 1.6 on a Magento 1 shop does, on
// arrays) answers for each object `JSON.stringify` writes: what Vitrine compares or keeps
// is written from own fields.
describe("a page's toJSON decides nothing Vitrine compares or keeps", () => {
  /** The hygiene page with the API answered here, `pollution` run before the page's scripts. */
  async function openPolluted(pollution: string): Promise<{ page: Page; calls: string[]; themeCalls: () => number; run: (expression: string) => Promise<unknown> }> {
    context ??= await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(pollution);
    const calls = trackWidgetCalls(page);
    let themes = 0;
    const cors = { 'Access-Control-Allow-Origin': '*' };
    await page.route(
      (u) => u.pathname === '/v1/theme',
      (route) => (themes++, route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify({ errMsg: null, widgetThemes: [{ id: 'bare-card', themeId: 'bare-card', name: 'Bare', displayType: 'carousel', htmlTemplate: BARE_CARD }] }) })),
    );
    await page.route(
      (u) => u.pathname.startsWith('/v1/widgetserver/'),
      (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify({ errMsg: null, success: '0', widgetName: 'Trending', products: PRODUCTS }) }),
    );
    // Playwright's own reads of the page go through a polluted toJSON: the raw protocol reads it.
    const cdp = await context.newCDPSession(page);
    const run = async (expression: string) => (await cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })).result.value;
    await page.goto(suite.fixtures.page('hygiene-pollution'));
    await expect.poll(() => run(`document.querySelectorAll('#p-org .vitrine, #p-builtin .vitrine').length`), { timeout: 15_000 }).toBe(2);
    return { page, calls, themeCalls: () => themes, run };
  }

  it('Object.prototype.toJSON: a single-page app that says a second product page gets widgets for it', async () => {
    const { calls, run } = await openPolluted(`Object.prototype.toJSON = function toJSON() { return { page: 'the same' }; };`);
    await expect.poll(() => calls.length).toBe(2);
    await run(`Vitrine.setContext({ pageType: 'product_page', pname: 'Aubrac Crewneck', sku: 'P-0' })`);
    await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(4);
    await run(`Vitrine.setContext({ pageType: 'product_page', pname: 'Belle-Île Scarf', sku: 'P-1' })`);
    await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(6);
    // The same page said twice is still one page.
    await run(`Vitrine.setContext({ pageType: 'product_page', pname: 'Belle-Île Scarf', sku: 'P-1' })`);
    await new Promise((r) => setTimeout(r, 500));
    expect(calls).toHaveLength(6);
  });

  it("Array.prototype.toJSON (Prototype.js): the org's themes kept on the device serve the next page", async () => {
    const prototypeJs = `Array.prototype.toJSON = function toJSON() { return '[' + this.map(function (x) { return JSON.stringify(x); }).join(', ') + ']'; };`;
    const first = await openPolluted(prototypeJs);
    expect(first.themeCalls()).toBe(1);
    await first.page.close();
    const second = await openPolluted(prototypeJs);
    expect(second.themeCalls()).toBe(0);
    expect(await second.run(`document.querySelector('#p-org .p-name')?.textContent`)).toBe('Aubrac Crewneck');
  });
});
