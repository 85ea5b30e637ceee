// The end of the page, attacked from outside as a real shop or a hostile page would: a
// slot drawn while the page still arrives, and what the rest of the page says below it
// (the product on show, WooCommerce's `wcSettings`, Shopify's `Shopify`, BigCommerce's
// `BCData`). The end of the page draws such a widget again from the answer it has when
// its call is the same, asks again when the call changed, and asks again for a call that
// failed; any other refresh (`Vitrine.refresh()`, `setContext`, a consent yes) asks again.
// Built dist/ files in real Chromium, against the sandbox on 127.0.0.1. Counted, not timed.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { expectRendered, newRecordedPage, records, serveThemes, settled } from './embed/harness';
import { useSandboxSuite } from './useSandboxSuite';
import { arrivingPages, carouselSlot, serverCarousel } from './arrivingPages';
import { coat } from './useServerPages';
import { withCartIdsInOrder } from './cartIds';

const suite = useSandboxSuite('end-attack', 'pages', () => arrivingPages());

const tag = (extra = ' data-locale="en-IE" data-currency="EUR" data-page-type="home_page"') =>
  `<script async nonce="%NONCE%" src="/dist/vitrine.js" data-base-url="${suite.sandbox.url}" data-org-id="${suite.sandbox.orgId}" data-api-key="${suite.sandbox.apiKey}"${extra}></script>`;
const slot = (id: string, algorithms = 'trending', extra = '') => `<div id="${id}" data-vitrine="${algorithms}" data-vitrine-layout="carousel"${extra}></div>`;
const productJsonLd = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: coat.name, sku: coat.sku, offers: { '@type': 'Offer', price: '100.00', priceCurrency: 'EUR' } })}</script>`;
/** WooCommerce's footer scripts, as its Blocks print them: the store's currency. */
const wooFooter = (code = 'EUR') => `<script nonce="%NONCE%">window.wcSettings = { currency: { code: "${code}", symbol: "${code == 'USD' ? '$' : '€'}" } };</script><footer>The end</footer>`;

const isCall = (r: Request) => r.url().startsWith(suite.sandbox.url + '/v1/widgetserver/');
const algorithmOf = (url: string) => new URL(url).pathname.split('/').pop();
const onCalls = (page: Page, handler: (route: Route) => unknown) => page.route((u) => u.pathname.startsWith('/v1/widgetserver/'), handler);

interface Open {
  path?: string;
  head?: string;
  first: string;
  rest?: string;
  hold?: (page: Page, calls: string[]) => Promise<string>;
  nonce?: string;
  prepare?: (page: Page) => Promise<unknown>;
}

async function open({ path = '/', head = tag(), first, rest = '', hold, nonce, prepare }: Open) {
  const context: BrowserContext = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const opened = await newRecordedPage(context);
  // An org without themes of its own: the built-in card, whose names, prices and buttons the test reads.
  await serveThemes(opened.page);
  await prepare?.(opened.page);
  const calls: string[] = [];
  opened.page.on('request', (r) => void (isCall(r) && calls.push(r.url())));
  suite.pages.show({ head, first, rest, nonce, hold: hold ? () => hold(opened.page, calls) : async () => 'at once' });
  const loaded = opened.page.goto(suite.pages.origin + path, { waitUntil: 'commit' }).then(() => opened.page.waitForLoadState('load'));
  loaded.catch(() => {});
  return { ...opened, context, calls, loaded };
}

type Ev = { id: string; type: string; detail: Record<string, unknown> };
const events = async (page: Page, id: string, type: string) => ((await records(page)).events as Ev[]).filter((e) => e.id == id && e.type == type);
const aWhile = (page: Page, ms = 1500) => page.evaluate((wait) => new Promise((done) => setTimeout(done, wait)), ms);

/** Holds the rest of the page until slot `id` has an event of `type` (`ms` at most): says which came. */
const until =
  (id: string, type = 'render', ms = 10_000) =>
  async (page: Page) => {
    try {
      await page.waitForFunction(([id, type]) => (window as unknown as { __vitrineTest: { events: Ev[] } }).__vitrineTest.events.some((e) => e.type == type && e.id == id), [id, type], { timeout: ms, polling: 50 });
      return type;
    } catch {
      return 'timer';
    }
  };

/** What the shopper sees of a slot: its roots, and its cards' names, prices and cart ids. */
const seen = (page: Page, id: string) =>
  page.evaluate((s) => {
    const el = document.getElementById(s)!;
    const text = (sel: string) => [...el.querySelectorAll(sel)].map((n) => (n.textContent ?? '').trim());
    return { roots: el.querySelectorAll(':scope>.vitrine').length, names: text('.vitrine__name'), prices: text('.vitrine__price'), cartIds: [...el.querySelectorAll('[data-vitrine-cart]')].map((b) => b.getAttribute('data-vitrine-cart')) };
  }, id);

/** The service's answer with `extra` products first (the product on show, as recent views lists it). */
const withFirst = (extra: { sku: string; name: string }) => async (route: Route) => {
  const res = await route.fetch().catch(() => undefined);
  if (!res) return;
  const body = await res.json();
  body.products = [{ ...body.products[0], ...extra }, ...body.products];
  await route.fulfill({ response: res, json: body }).catch(() => {});
};

describe('what the rest of the page says, below a widget drawn before it', () => {
  it('the product named below, which the service lists first: after the end the widget leaves it out, is asked again with it, keeps one root and counts one impression', async () => {
    const { page, context, loaded, errors, calls } = await open({
      head: tag(' data-locale="en-IE" data-currency="EUR"'),
      first: '<h1>' + coat.name + '</h1>' + slot('picks') + '<p>Reviews load below</p>',
      rest: productJsonLd,
      prepare: (page) => onCalls(page, withFirst(coat)),
      hold: until('picks'),
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('render');
      await expect.poll(async () => (await events(page, 'picks', 'render')).length, { timeout: 10_000 }).toBe(2);
      await expect.poll(async () => (await events(page, 'picks', 'impression')).length, { timeout: 10_000 }).toBe(1);
      await aWhile(page);
      const after = await seen(page, 'picks');
      expect(after.roots).toBe(1);
      expect(after.names.length).toBeGreaterThan(0);
      expect(after.names).not.toContain(coat.name);
      expect(calls).toHaveLength(2);
      expect(new URL(calls[1]).searchParams.get('sku')).toBe(coat.sku);
      expect(await events(page, 'picks', 'impression')).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // A tag that names no currency leaves the page in doubt: its slot waits for the end (or
  // is drawn before it, if the page said enough), and is drawn in the store's currency.
  it('WooCommerce\'s wcSettings in USD below, the tag naming no currency: the widget shows dollars and the shop\'s ids for its buttons, from one call', async () => {
    const { page, context, loaded, errors, calls } = await open({
      head: tag(' data-locale="en-US" data-page-type="home_page"'),
      first: '<h1>Store</h1>' + slot('woo') + '<p>More to come</p>',
      rest: wooFooter('USD'),
      prepare: (page) => onCalls(page, withCartIdsInOrder),
      hold: until('woo', 'render', 3000),
    });
    try {
      await loaded;
      expectRendered(await settled(page, ['woo']), ['woo']);
      await aWhile(page);
      const after = await seen(page, 'woo');
      expect(after.roots).toBe(1);
      expect(after.prices.length).toBeGreaterThan(0);
      expect(after.prices.every((p) => p.includes('$') && !p.includes('€'))).toBe(true);
      expect(after.cartIds.length).toBeGreaterThan(0);
      expect(after.cartIds.every((id) => /^700\d\d$/.test(id!))).toBe(true);
      expect(calls).toHaveLength(1);
      await expect.poll(async () => (await events(page, 'woo', 'impression')).length, { timeout: 10_000 }).toBe(1);
      await aWhile(page);
      expect(await events(page, 'woo', 'impression')).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Shopify\'s global printed below the slot: drawn again at the end for Shopify\'s cart, the buttons carrying the variant ids, the prices still in pounds, from one call', async () => {
    const { page, context, loaded, errors, calls } = await open({
      head: tag(' data-locale="en-GB" data-currency="GBP" data-page-type="home_page"'),
      first: '<h1>Maison</h1>' + slot('shop') + '<p>More to come</p>',
      rest: '<script nonce="%NONCE%">window.Shopify={shop:"maison.myshopify.com",locale:"en",currency:{active:"GBP",rate:"1.0"},routes:{root:"/"}}</script>',
      prepare: (page) => onCalls(page, withCartIdsInOrder),
      hold: until('shop'),
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('render');
      await expect.poll(async () => (await events(page, 'shop', 'render')).length, { timeout: 10_000 }).toBe(2);
      await aWhile(page);
      const after = await seen(page, 'shop');
      expect(after.roots).toBe(1);
      expect(after.prices.every((p) => p.includes('£'))).toBe(true);
      expect(after.cartIds.length).toBeGreaterThan(0);
      expect(after.cartIds.every((id) => /^700\d\d$/.test(id!))).toBe(true);
      expect(calls).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('BigCommerce\'s BCData below the slot: drawn again at the end for its cart, the buttons carrying the store\'s ids, from one call', async () => {
    const { page, context, loaded, errors, calls } = await open({
      head: tag(' data-locale="en-US" data-currency="USD" data-page-type="home_page"'),
      first: '<h1>Store</h1>' + slot('bc') + '<p>More to come</p>',
      rest: '<script nonce="%NONCE%">var BCData = {"csrf_token":"abc123"};</script>',
      prepare: (page) => onCalls(page, withCartIdsInOrder),
      hold: until('bc'),
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('render');
      await expect.poll(async () => (await events(page, 'bc', 'render')).length, { timeout: 10_000 }).toBe(2);
      await aWhile(page);
      expect((await seen(page, 'bc')).cartIds.every((id) => /^700\d\d$/.test(id!))).toBe(true);
      expect((await seen(page, 'bc')).roots).toBe(1);
      expect((await seen(page, 'bc')).cartIds.length).toBeGreaterThan(0);
      expect(calls).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // A theme that prints a section twice (one for phones, one for desktops, the other
  // hidden) gives two slots the same id: the same widget, one call.
  it('a section printed twice (two slots, one id) with wcSettings below: one call in all, and after the end both show the same products with the shop\'s ids', async () => {
    const { page, context, loaded, errors, calls } = await open({
      first: '<h1>Store</h1>' + slot('twice', 'trending', ' class="desktop"') + slot('twice', 'trending', ' class="phone"') + '<p>More to come</p>',
      rest: wooFooter(),
      prepare: (page) => onCalls(page, withCartIdsInOrder),
      hold: async (page) => {
        await until('twice')(page);
        await expect.poll(async () => (await events(page, 'twice', 'render')).length, { timeout: 10_000 }).toBe(2);
        return 'both';
      },
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('both');
      await expect.poll(async () => (await events(page, 'twice', 'render')).length, { timeout: 10_000 }).toBe(4);
      await aWhile(page);
      const both = await page.evaluate(() =>
        [...document.querySelectorAll('[id="twice"]')].map((el) => ({
          roots: el.querySelectorAll(':scope>.vitrine').length,
          names: [...el.querySelectorAll('.vitrine__name')].map((n) => n.textContent),
          ids: [...el.querySelectorAll('[data-vitrine-cart]')].map((b) => b.getAttribute('data-vitrine-cart')),
        })),
      );
      expect(both[0].names.length).toBeGreaterThan(0);
      expect(both[1]).toEqual(both[0]);
      expect(both[0].roots).toBe(1);
      expect(both[0].ids.every((id) => /^700\d\d$/.test(id!))).toBe(true);
      expect(calls).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the page ends while the first call is still on the wire: one call, one widget, drawn once', async () => {
    let answer = () => {};
    const answered = new Promise<void>((go) => (answer = go));
    const { page, context, loaded, errors, calls } = await open({
      first: '<h1>Store</h1>' + slot('slow') + '<p>More to come</p>',
      rest: wooFooter(),
      prepare: (page) => onCalls(page, async (route) => (await answered, route.continue().catch(() => {}))),
      hold: async (page, calls) => {
        await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(1);
        return 'asked';
      },
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('asked');
      answer();
      expectRendered(await settled(page, ['slow']), ['slow']);
      await aWhile(page);
      expect(await events(page, 'slow', 'render')).toHaveLength(1);
      expect((await seen(page, 'slow')).roots).toBe(1);
      expect(calls).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      answer();
      await context.close();
    }
  });

  it('a widget the server drew, WooCommerce\'s wcSettings below it: not fetched, not drawn again', async () => {
    const nonce = 'end' + Date.now();
    const widget = await serverCarousel(suite.sandbox, nonce);
    const { page, context, loaded, errors, calls } = await open({
      path: '/products/coat',
      head: tag(` data-locale="en-IE" data-currency="EUR" data-page-type="product_page" data-pname="${coat.name}" data-sku="${coat.sku}"`),
      nonce,
      first: '<h1>' + coat.name + '</h1>' + carouselSlot + widget + '</div><p>Reviews load below</p>',
      rest: wooFooter(),
      hold: until('a'),
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('render');
      await aWhile(page, 2500);
      expect(calls).toEqual([]);
      expect((await events(page, 'a', 'render')).map((e) => e.detail.server)).toEqual([true]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a slot that failed before the end is tried again at the end', () => {
  // Every call fails until the rest of the page is sent; the rest names the platform.
  const failing = (fail: (route: Route) => Promise<unknown>) => {
    let ended = false;
    return {
      end: () => (ended = true),
      prepare: (page: Page) => onCalls(page, (route) => (ended ? route.continue().catch(() => {}) : fail(route))),
    };
  };

  it.each([
    ['a 500', (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: '{"errMsg":"upstream"}' })],
    ['a dropped connection', (route: Route) => route.abort('connectionreset')],
    // Never answered: the requester gives up after 5 s, tries once more, and gives up again.
    ['a call that times out twice', () => new Promise<void>(() => {})],
  ])('%s before the end, wcSettings below: the slot is asked again and drawn', { timeout: 60_000 }, async (_, fail) => {
    const f = failing(fail);
    const { page, context, loaded, errors, calls } = await open({
      first: '<h1>Store</h1>' + slot('flaky') + '<p>More to come</p>',
      rest: wooFooter(),
      prepare: f.prepare,
      hold: async (page) => {
        const why = await until('flaky', 'error', 20_000)(page);
        f.end();
        return why;
      },
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('error');
      const before = calls.length;
      await expect.poll(async () => (await events(page, 'flaky', 'render')).length, { timeout: 15_000 }).toBe(1);
      expect(calls.length).toBeGreaterThan(before);
      expect((await seen(page, 'flaky')).roots).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // An empty answer was kept like any other: the end of the page drew the slot again from
  // it, found nothing again, and never asked (the end of the page's refresh now forgets
  // the empty answers; a chain that names an algorithm twice still asks it once).
  it('an empty answer before the end (the service warming up), wcSettings below: the slot is asked again and drawn', async () => {
    const f = failing((route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify({ errMsg: null, widgetName: 'Trending', products: [] }) }));
    const { page, context, loaded, errors, calls } = await open({
      first: '<h1>Store</h1>' + slot('cold') + '<p>More to come</p>',
      rest: wooFooter(),
      prepare: f.prepare,
      hold: async (page) => {
        const why = await until('cold', 'error')(page);
        f.end();
        return why;
      },
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('error');
      expect((await events(page, 'cold', 'error'))[0].detail.kind).toBe('empty');
      await expect.poll(async () => (await events(page, 'cold', 'render')).length, { timeout: 10_000 }).toBe(1);
      expect(calls).toHaveLength(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('any other refresh asks again', () => {
  /** A widget drawn before the end and again at the end (wcSettings below), from one call. */
  const drawnThroughTheEnd = async (head = tag(), algorithms = 'trending') => {
    const opened = await open({ head, first: '<h1>Store</h1>' + slot('w', algorithms) + '<p>More to come</p>', rest: wooFooter(), hold: until('w') });
    await opened.loaded;
    await expect.poll(async () => (await events(opened.page, 'w', 'render')).length, { timeout: 10_000 }).toBe(2);
    await aWhile(opened.page, 500);
    expect(opened.calls).toHaveLength(1);
    return opened;
  };

  it('Vitrine.refresh() after the end: the widget is asked for again and drawn once more, one root', async () => {
    const { page, context, errors, calls } = await drawnThroughTheEnd();
    try {
      await page.evaluate(() => (window as unknown as { Vitrine: { refresh(): void } }).Vitrine.refresh());
      await expect.poll(async () => (await events(page, 'w', 'render')).length, { timeout: 10_000 }).toBe(3);
      await aWhile(page);
      expect(calls).toHaveLength(2);
      expect((await seen(page, 'w')).roots).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Vitrine.setContext() naming a product after the end: asked again with it, the product on show left out', async () => {
    const { page, context, errors, calls } = await drawnThroughTheEnd();
    try {
      await page.route((u) => u.pathname.startsWith('/v1/widgetserver/'), withFirst(coat));
      await page.evaluate(([pname, sku]) => (window as unknown as { Vitrine: { setContext(c: object): void } }).Vitrine.setContext({ pageType: 'product_page', pname, sku }), [coat.name, coat.sku]);
      await expect.poll(async () => (await events(page, 'w', 'render')).length, { timeout: 10_000 }).toBe(3);
      await aWhile(page);
      expect(calls).toHaveLength(2);
      expect(new URL(calls[1]).searchParams.get('sku')).toBe(coat.sku);
      expect((await seen(page, 'w')).names).not.toContain(coat.name);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a consent yes after the end (data-consent="required"): the personal algorithm is asked, with the visitor id stored', async () => {
    const { page, context, loaded, errors, calls } = await open({
      head: tag(' data-locale="en-IE" data-currency="EUR" data-page-type="home_page" data-consent="required"'),
      first: '<h1>Store</h1>' + slot('own', 'recentviews trending') + '<p>More to come</p>',
      rest: wooFooter(),
      hold: async () => 'at once',
    });
    try {
      await loaded;
      expectRendered(await settled(page, ['own']), ['own']);
      await aWhile(page, 500);
      expect(calls.map(algorithmOf)).not.toContain('recentviews');
      await page.evaluate(() => (window as unknown as { Vitrine: { consent(granted: boolean): void } }).Vitrine.consent(true));
      await expect.poll(() => calls.map(algorithmOf), { timeout: 10_000 }).toContain('recentviews');
      const uid = await page.evaluate(() => localStorage.getItem('vitrine_uid') || /vitrine_uid=([\w-]+)/.exec(document.cookie)?.[1]);
      expect(uid).toBeTruthy();
      expect(new URL(calls.find((c) => algorithmOf(c) == 'recentviews')!).searchParams.get('site_uid')).toBe(uid);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
