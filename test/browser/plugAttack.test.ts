// The chunks plugging in as they run, the page still arriving, attacked from outside as a
// real shop or a hostile page would: a carousel slot in view on a page held mid-stream (in
// English and in French), a widget the server drew with the product named further down,
// a theme's script under a strict nonce policy, Shopify's Customer Privacy API and a
// product named below the held part for the analytics chunk, a theme tool's own plugin
// and a page's own `Vitrine`, the search chunk's walk of a big page for shadow roots (a
// host removed and one moved meanwhile, a page's own `shadowRoot` getter), and an add to
// cart pressed before the page ends under a polluted prototype. Built dist/ files in real
// Chromium, against the sandbox on 127.0.0.1. Counted, not timed.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { expectRendered, newRecordedPage, records, serveThemes, settled } from './embed/harness';
import { useSandboxSuite } from './useSandboxSuite';
import { arrivingPages, carouselSlot, serverCarousel } from './arrivingPages';
import { coat } from './useServerPages';
import { withCartIdsInOrder } from './cartIds';

const suite = useSandboxSuite('plug-attack', 'pages', () => arrivingPages({ csp: "script-src 'nonce-%NONCE%' 'strict-dynamic'; object-src 'none'; base-uri 'none'" }));

const tag = (extra = ' data-locale="en-IE" data-currency="EUR"') =>
  `<script async nonce="%NONCE%" src="/dist/vitrine.js" data-base-url="${suite.sandbox.url}" data-org-id="${suite.sandbox.orgId}" data-api-key="${suite.sandbox.apiKey}"${extra}></script>`;
const slot = (id: string, layout = 'carousel', extra = '') => `<div id="${id}" data-vitrine="trending" data-vitrine-layout="${layout}"${extra}></div>`;
const productJsonLd = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: coat.name, sku: coat.sku, offers: { '@type': 'Offer', price: '100.00', priceCurrency: 'EUR' } })}</script>`;

const isCall = (r: Request) => r.url().startsWith(suite.sandbox.url + '/v1/widgetserver/');
const algorithmOf = (url: string) => new URL(url).pathname.split('/').pop();

interface Open {
  path?: string;
  head?: string;
  first: string;
  rest?: string;
  /** Settles when the rest of the page may be sent (the page is held until then). */
  hold?: (page: Page) => Promise<string>;
  nonce?: string;
  padFirst?: boolean;
  /** Scripts run before the page's, after the recorder. */
  init?: (() => void)[];
  /** Before the page is asked for: routes, themes. */
  prepare?: (page: Page) => Promise<unknown>;
}

async function open({ path = '/', head = tag(), first, rest = '', hold, nonce, padFirst, init = [], prepare }: Open) {
  const context: BrowserContext = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const opened = await newRecordedPage(context);
  for (const script of init) await opened.page.addInitScript(script);
  await prepare?.(opened.page);
  const calls: string[] = [];
  const chunks: string[] = [];
  opened.page.on('request', (r) => {
    if (isCall(r)) calls.push(r.url());
    const chunk = /\/dist\/(vitrine-[\w-]+)\.js$/.exec(new URL(r.url()).pathname);
    if (chunk) chunks.push(chunk[1]);
  });
  suite.pages.show({ head, first, rest, nonce, padFirst, hold: hold ? () => hold(opened.page) : async () => 'at once' });
  const loaded = opened.page.goto(suite.pages.origin + path, { waitUntil: 'commit' }).then(() => opened.page.waitForLoadState('load'));
  // A page closed before its load (a case that failed first) is no second failure.
  loaded.catch(() => {});
  return { ...opened, context, calls, chunks, loaded };
}

const events = async (page: Page, id: string, type: string) => (await records(page)).events.filter((e) => e.id == id && e.type == type);
/** Long enough for a render or a call left behind to have come, had it come. */
const aWhile = (page: Page, ms = 1500) => page.evaluate((wait) => new Promise((done) => setTimeout(done, wait)), ms);

/** Holds the rest of the page until a widget has rendered (`ms` at most), then runs `look` on the page still arriving: says which came. */
const afterFirstRender =
  <T>(look: (page: Page) => Promise<T>, into: { value?: T }, ms = 10_000, id = '') =>
  async (page: Page) => {
    let why = 'drawn';
    try {
      await page.waitForFunction((id) => (window as unknown as { __vitrineTest: { events: { type: string; id: string }[] } }).__vitrineTest.events.some((e) => e.type == 'render' && (!id || e.id == id)), id, { timeout: ms, polling: 50 });
    } catch {
      why = 'timer';
    }
    into.value = await look(page).catch(() => undefined);
    return why;
  };

/** What the shopper sees of a carousel slot: the page's state, its layout, cards, look and words. */
const lookAt = (id: string) => (page: Page) =>
  page.evaluate((s) => {
    const el = document.getElementById(s)!;
    const track = el.querySelector<HTMLElement>('.vitrine__track');
    return {
      state: document.readyState,
      roots: el.querySelectorAll(':scope>.vitrine').length,
      track: !!track,
      grid: !!el.querySelector('.vitrine__grid'),
      names: el.querySelectorAll('.vitrine__name').length,
      flow: track ? getComputedStyle(track).gridAutoFlow : '',
      next: el.querySelector('.vitrine__nav[data-dir="next"]')?.getAttribute('aria-label') ?? '',
    };
  }, id);

describe('a carousel slot in view on a page held mid-stream', () => {
  it('is drawn before the page ends, a carousel of built-in cards, styled, from one call; the product the rest names costs at most one more render and no second impression', async () => {
    const before: { value?: Awaited<ReturnType<ReturnType<typeof lookAt>>> & { calls: number; renders: number } } = {};
    let calls: string[] = [];
    const { page, context, loaded, errors, ...o } = await open({
      first: '<h1>Maison Vitrine</h1>' + slot('picks') + '<p>More to come</p>',
      rest: productJsonLd,
      // An org without themes of its own: the built-in theme's card (its chunk) draws.
      prepare: (page) => serveThemes(page),
      hold: afterFirstRender(async (page) => ({ ...(await lookAt('picks')(page)), calls: calls.length, renders: (await events(page, 'picks', 'render')).length }), before),
    });
    calls = o.calls;
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('drawn');
      expect(before.value).toEqual({ state: 'loading', roots: 1, track: true, grid: false, names: expect.any(Number), flow: 'column', next: 'Next products', calls: 1, renders: 1 });
      expect(before.value!.names).toBeGreaterThan(0);
      await expect.poll(async () => (await events(page, 'picks', 'impression')).length, { timeout: 10_000 }).toBe(1);
      await aWhile(page);
      const renders = await events(page, 'picks', 'render');
      expect(renders.length).toBeLessThanOrEqual(2);
      expect(renders.at(-1)!.detail.page).toBe('product_page');
      expect(renders.every((r) => r.detail.layout == 'carousel')).toBe(true);
      expect(calls.length).toBeLessThanOrEqual(2);
      expect((await events(page, 'picks', 'impression')).length).toBe(1);
      expect((await lookAt('picks')(page)).roots).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // WooCommerce prints `wcSettings` with its footer scripts: a widget drawn before then is
  // drawn again for the platform's cart, from the answer it has, since its call is the same.
  it('on a WooCommerce page whose wcSettings comes with the footer: drawn again at the end for the platform\'s cart, from one call', async () => {
    const before: { value?: number } = {};
    let calls: string[] = [];
    const { page, context, loaded, errors, ...o } = await open({
      head: tag(' data-locale="en-IE" data-currency="EUR" data-page-type="home_page"'),
      first: '<h1>Maison Vitrine</h1>' + slot('picks') + '<p>More to come</p>',
      rest: '<script nonce="%NONCE%">window.wcSettings = { currency: { code: "EUR" } };</script><footer>The end</footer>',
      hold: afterFirstRender(async () => calls.length, before),
    });
    calls = o.calls;
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('drawn');
      expect(before.value).toBe(1);
      await expect.poll(async () => (await events(page, 'picks', 'render')).length, { timeout: 10_000 }).toBe(2);
      await aWhile(page);
      expect(calls).toHaveLength(1);
      expect(await events(page, 'picks', 'render')).toHaveLength(2);
      expect((await lookAt('picks')(page)).roots).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('in French (data-locale="fr-FR"): the strings chunk plugs in first, and the widget speaks French before the page ends', async () => {
    const before: { value?: Awaited<ReturnType<ReturnType<typeof lookAt>>> } = {};
    const { page, context, loaded, errors, chunks } = await open({
      head: tag(' data-locale="fr-FR" data-currency="EUR"'),
      first: '<h1>Maison Vitrine</h1>' + slot('fr') + '<p>La suite arrive</p>',
      rest: '<p>Fin de la page</p>',
      hold: afterFirstRender(lookAt('fr'), before),
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('drawn');
      expect(before.value).toMatchObject({ state: 'loading', roots: 1, track: true, next: 'Produits suivants' });
      expect(await page.locator('#fr .vitrine__nav[data-dir="prev"]').getAttribute('aria-label')).toBe('Produits précédents');
      await aWhile(page);
      expect((await events(page, 'fr', 'render')).length).toBe(1);
      expect(chunks.filter((c) => c == 'vitrine-strings')).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a widget the server drew, on a page held mid-stream', () => {
  it('is taken over before the page ends and its buttons work: no call to the service', async () => {
    const nonce = 'plug' + Date.now();
    const widget = await serverCarousel(suite.sandbox, nonce);
    const before: { value?: { state: string; server: unknown[] } } = {};
    const { page, context, loaded, errors, calls } = await open({
      path: '/products/coat',
      head: tag(` data-locale="en-IE" data-currency="EUR" data-page-type="product_page" data-pname="${coat.name}" data-sku="${coat.sku}"`),
      nonce,
      first: '<h1>' + coat.name + '</h1>' + carouselSlot + widget + '</div><p>Reviews load below</p>',
      rest: '<p>The end of the page</p>',
      hold: afterFirstRender(async (page) => ({ state: await page.evaluate(() => document.readyState), server: (await events(page, 'a', 'render')).map((e) => e.detail.server) }), before),
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('drawn');
      expect(before.value).toEqual({ state: 'loading', server: [true] });
      // The shopper reaches for it and presses "next": the track moves.
      const next = page.locator('#a .vitrine__nav[data-dir="next"]');
      await next.hover();
      await next.click();
      await expect.poll(() => page.evaluate(() => document.querySelector('#a .vitrine__track')!.scrollLeft), { timeout: 5000 }).toBeGreaterThan(0);
      await aWhile(page);
      expect(calls).toEqual([]);
      expect((await events(page, 'a', 'render')).length).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // The server drew the widget for the coat's page; the tag says nothing of the page, and
  // the product's JSON-LD comes below the widget (an SEO app's block at the end of the body).
  // The resume chunk takes the widget over while the page arrives, and reads the page's
  // context then (its words: createChunks.ts `strings`, `ctx().locale`); at the end of the
  // parse boot.ts finds the context changed and shows the slots again, but for those that
  // show the server's widget.
  it('taken over before the page ends, it is not fetched and drawn again when the rest names the product it was drawn for', async () => {
    const nonce = 'plug' + Date.now();
    const widget = await serverCarousel(suite.sandbox, nonce);
    const { page, context, loaded, errors, calls } = await open({
      path: '/products/coat',
      nonce,
      first: '<h1>' + coat.name + '</h1>' + carouselSlot + widget + '</div><p>Reviews load below</p>',
      rest: productJsonLd + '<p>The end of the page</p>',
      hold: afterFirstRender(async () => undefined, {}),
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('drawn');
      await aWhile(page, 2500);
      const renders = await events(page, 'a', 'render');
      console.info(`server widget, product named below: ${calls.length} calls (${calls.map(algorithmOf).join(', ')}), renders ${renders.map((r) => (r.detail.server ? 'server' : 'client')).join(' then ')}`);
      expect(calls).toEqual([]);
      expect(renders.map((r) => r.detail.server)).toEqual([true]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

const sandboxTheme = {
  id: '7a2e3d4c-5b6f-4a71-9c82-d3e4f5a6b7c8',
  orgId: 'plug-attack',
  orgName: 'Plug attack',
  themeId: 'pa-grid',
  name: 'Grid',
  displayType: 'matrix',
  description: 'One card per product.',
  type: 'Custom',
  payload: null,
  divisionId: null,
  htmlTemplate: '<a class="pa-card" href="{{product_currentPageUrl}}"><span class="pa-name">{{product_name}}</span></a>',
  cssTemplate: '.vitrine-theme--pa-grid .pa-card{display:block;min-height:40px}',
  // A theme author's script: marks the widget, and says what it found and when.
  jsTemplate: 'root.classList.add("pa-ready");window.__themeRuns.push({cards:root.querySelectorAll(".pa-card").length,state:document.readyState})',
};

describe('a theme with a script, on a page held mid-stream under a strict nonce policy', () => {
  it('its script runs once, before the page ends, on the drawn cards, and nothing is refused', async () => {
    const before: { value?: unknown } = {};
    const { page, context, loaded, errors } = await open({
      first: '<h1>Shop</h1>' + slot('grid', 'matrix', ' data-vitrine-max="4"') + '<p>More to come</p>',
      rest: '<p>The end</p>',
      init: [() => void ((window as unknown as { __themeRuns: unknown[] }).__themeRuns = [])],
      prepare: (page) => serveThemes(page, sandboxTheme),
      hold: afterFirstRender((page) => page.evaluate(() => (window as unknown as { __themeRuns: unknown[] }).__themeRuns.slice()), before),
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('drawn');
      expect(before.value).toEqual([{ cards: expect.any(Number), state: 'loading' }]);
      expect((before.value as { cards: number }[])[0].cards).toBeGreaterThan(0);
      await aWhile(page);
      expect(await page.evaluate(() => (window as unknown as { __themeRuns: unknown[] }).__themeRuns.length)).toBe(1);
      expect(await page.evaluate(() => document.querySelector('#grid>.vitrine')!.classList.contains('pa-ready'))).toBe(true);
      expect((await events(page, 'grid', 'render')).map((e) => e.detail.theme)).toEqual(['pa-grid']);
      expect((await records(page)).violations).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('what reads the whole page waits for it', () => {
  it('Shopify\'s Customer Privacy API defined only further down: nothing identifying stored, no personal algorithm asked, until it says yes; then both', async () => {
    // `Shopify.customerPrivacy` as https://shopify.dev/docs/api/customer-privacy documents it, printed below the slot.
    const privacy = '<script nonce="%NONCE%">window.Shopify={shop:"maison.myshopify.com",routes:{root:"/"},customerPrivacy:{preferencesProcessingAllowed:function(){return true}}}</script>';
    const before: { value?: { cookies: string; uid: string | null; session: number; calls: string[] } } = {};
    let calls: string[] = [];
    const { page, context, loaded, errors, ...o } = await open({
      head: tag(' data-locale="en-IE" data-currency="EUR" data-page-type="home_page" data-consent="shopify"'),
      first: '<h1>Shop</h1><div id="own" data-vitrine="recentviews trending" data-vitrine-layout="carousel"></div><p>More to come</p>',
      rest: privacy,
      hold: afterFirstRender(async (page) => ({ ...(await page.evaluate(() => ({ cookies: document.cookie, uid: localStorage.getItem('vitrine_uid'), session: sessionStorage.length }))), calls: calls.map((c) => algorithmOf(c)!) }), before, 5000),
    });
    calls = o.calls;
    try {
      await loaded;
      console.info(`Shopify's API further down: ${await suite.pages.released()} before the end, ${JSON.stringify(before.value)}`);
      // The org's themes may be kept (nothing of the shopper's); the visitor id is not.
      expect(before.value).toMatchObject({ cookies: '', uid: null, session: 0 });
      expect(before.value!.calls).not.toContain('recentviews');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('vitrine_uid') || /vitrine_uid=/.test(document.cookie)), { timeout: 10_000 }).toBeTruthy();
      // Shown again once allowed: personal now (a first visit has no recent views to ask for).
      await expect.poll(async () => (await events(page, 'own', 'render')).map((e) => e.detail.personal), { timeout: 10_000 }).toContain(true);
      expect(calls.map(algorithmOf)).toContain('recentviews');
      console.info(`renders ${JSON.stringify((await events(page, 'own', 'render')).map((e) => [e.detail.algorithm, e.detail.personal, e.detail.skipped]))}, calls ${calls.map(algorithmOf).join(', ')}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('data-analytics="datalayer" on a product page whose JSON-LD is below the held part, the shopper coming from a widget click: the attribution names the page\'s product, view_item_list goes once', async () => {
    const { page, context, loaded, errors } = await open({
      // Shopify's collection-aware product URL: not the path that was clicked, the same product.
      path: '/collections/coats/products/coat',
      head: '<script nonce="%NONCE%">window.dataLayer=window.dataLayer||[]</script>' + tag(' data-locale="en-IE" data-currency="EUR" data-analytics="datalayer"'),
      first: '<h1>' + coat.name + '</h1>' + slot('also') + '<p>Details load below</p>',
      rest: productJsonLd,
      // The click on the previous page, as the analytics chunk stores it.
      prepare: (page) =>
        page.addInitScript(`sessionStorage.setItem('vitrine_attribution', JSON.stringify({ slot: 'home-picks', algorithm: 'trending', position: 2, sku: ${JSON.stringify(coat.sku)}, name: ${JSON.stringify(coat.name)}, at: Date.now(), path: '/products/coat' }))`),
      // A page whose type is in doubt may keep its slot until its end: either way.
      hold: afterFirstRender(async () => undefined, {}, 3000),
    });
    try {
      await loaded;
      console.info(`analytics, product named below: ${await suite.pages.released()} before the end`);
      const lists = () => page.evaluate(() => (window as unknown as { dataLayer: { event?: string; ecommerce?: { item_list_id?: string } }[] }).dataLayer.filter((e) => e.event == 'view_item_list').map((e) => e.ecommerce!.item_list_id));
      await expect.poll(lists, { timeout: 10_000 }).toEqual(['also']);
      await aWhile(page);
      expect(await lists()).toEqual(['also']);
      const attribution = await page.evaluate(() => (window as unknown as { Vitrine: { attribution?: () => unknown } }).Vitrine.attribution?.());
      expect(attribution).toMatchObject({ slot: 'home-picks', sku: coat.sku, position: 2 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a page\'s own use of Vitrine', () => {
  it('a theme tool that calls Vitrine.use before the page ends: its plugin runs once, with a host; one that throws breaks nothing', async () => {
    // The tool waits for Vitrine's API, as a tool loaded beside an async tag does.
    const tool =
      '<script nonce="%NONCE%">window.__uses=[];(function wait(){var V=window.Vitrine;if(!V||typeof V.version!="string")return setTimeout(wait,5);' +
      'V.use(function(host){window.__uses.push({state:document.readyState,host:!!host&&typeof host.render=="function"&&host.doc===document})});' +
      'V.use(function(){throw new Error("the tool\'s bug")})})()</script>';
    const before: { value?: unknown } = {};
    const { page, context, loaded, errors } = await open({
      first: tool + '<h1>Shop</h1>' + slot('tooled') + '<p>More to come</p>',
      rest: slot('below', 'matrix', ' data-vitrine-max="3"'),
      hold: afterFirstRender((page) => page.evaluate(() => (window as unknown as { __uses: unknown[] }).__uses.slice()), before),
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('drawn');
      expect(before.value).toEqual([{ state: 'loading', host: true }]);
      expectRendered(await settled(page, ['tooled', 'below']), ['tooled', 'below']);
      await aWhile(page);
      expect(await page.evaluate(() => (window as unknown as { __uses: unknown[] }).__uses.length)).toBe(1);
      expect((await events(page, 'tooled', 'render')).length).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['its own window.Vitrine = { use() {} } before our script', '<script nonce="%NONCE%">window.Vitrine={use:function(){},settings:{}}</script>', ''],
    ['a form and an iframe named Vitrine above the slots', '', '<form id="Vitrine" name="Vitrine"><input name="use"><input name="version"></form><iframe name="Vitrine" src="about:blank" hidden></iframe>'],
  ])('a page with %s: every chunk plugs in, every widget is drawn with its layout, no error', async (_, head, markup) => {
    const before: { value?: Awaited<ReturnType<ReturnType<typeof lookAt>>> } = {};
    const { page, context, loaded, errors, chunks } = await open({
      head: head + tag(' data-locale="fr-FR" data-currency="EUR"'),
      first: markup + '<h1>Boutique</h1>' + slot('car') + slot('mat', 'matrix', ' data-vitrine-max="4"') + '<p>La suite arrive</p>',
      rest: '<p>Fin de la page</p>',
      prepare: (page) => serveThemes(page),
      hold: afterFirstRender(lookAt('car'), before, 10_000, 'car'),
    });
    try {
      await loaded;
      expect(await suite.pages.released()).toBe('drawn');
      expect(before.value).toMatchObject({ state: 'loading', roots: 1, track: true, next: 'Produits suivants' });
      expectRendered(await settled(page, ['car', 'mat']), ['car', 'mat']);
      await aWhile(page);
      expect((await events(page, 'car', 'render')).map((e) => e.detail.layout)).toEqual(['carousel']);
      expect((await events(page, 'mat', 'render')).map((e) => e.detail.layout)).toEqual(['matrix']);
      expect(await page.evaluate(() => typeof (window as unknown as { Vitrine: { version?: unknown } }).Vitrine.version)).toBe('string');
      expect(chunks).toEqual(expect.arrayContaining(['vitrine-carousel', 'vitrine-theme', 'vitrine-strings']));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

// --- The search chunk's walk for shadow roots --------------------------------------

/**
 * A page parsed whole with a box in its light DOM (which asks for the search chunk), the
 * chunk held on the wire until `build` has made the page what the case needs.
 */
async function searchPage(build: () => void) {
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  const opened = await open({
    head: tag(' data-locale="en-IE" data-currency="EUR" data-page-type="home_page"'),
    first: '<header id="header"><div id="light-box" data-vitrine-searchbox></div></header><main id="main"><h1>Shop</h1></main>',
    prepare: (page) => page.route(/\/dist\/vitrine-search\.js$/, async (route) => (await held, route.continue())),
  });
  // The chunk is asked for at the end of the parse; the page's load waits for it.
  await expect.poll(() => opened.chunks.includes('vitrine-search'), { timeout: 10_000 }).toBe(true);
  await opened.page.evaluate(hostWithBox + fastClock);
  await opened.page.evaluate(build);
  release();
  await opened.loaded;
  return opened;
}

/** How many drawn search forms each box (by id, in the light DOM or any open shadow root) holds; -1 for one not in the page. */
const drawnBoxes = (page: Page, ids: string[]) =>
  page.evaluate((ids) => {
    const find = (scope: Document | ShadowRoot, id: string): Element | null => {
      const el = scope.querySelector('#' + id);
      if (el) return el;
      for (const host of scope.querySelectorAll('*')) {
        const root = (host as Element & { __root?: ShadowRoot }).__root;
        const found = root && find(root, id);
        if (found) return found;
      }
      return null;
    };
    return Object.fromEntries(ids.map((id) => [id, find(document, id)?.querySelectorAll('form[role="search"]').length ?? -1]));
  }, ids);

/** A host element with an open shadow root holding a box (kept on `__root` too, for the test's own look). */
const hostWithBox = `window.__hostWithBox = function (tag, id) { var h = document.createElement(tag); var r = h.attachShadow({ mode: 'open' }); h.__root = r; r.innerHTML = '<div id="' + id + '" data-vitrine-searchbox></div>'; return h; };`;

/**
 * The page's clock ticks 5 ms a read (a fake clock, as a test tool or a session-replay
 * script installs): every slice of the walk is then 256 elements, so a walk of 50,000 is
 * ~200 tasks whatever the machine. `__atRead` runs page code in a timer queued at that
 * read, which runs between two slices of the walk.
 */
const fastClock = `window.__reads = 0; (function () { var now = performance.now.bind(performance); performance.now = function () { var n = ++window.__reads; if (window.__atRead && n == window.__atRead.n) setTimeout(window.__atRead.run); return now() + 5 * n; }; })();`;

/** Settles once the page's clock has not been read for a while: the walk has ended (or stopped). */
const walkEnded = async (page: Page) => {
  let last = -1;
  for (;;) {
    const reads = await page.evaluate(() => new Promise<number>((done) => setTimeout(() => done((window as unknown as { __reads: number }).__reads), 400)));
    if (reads == last) return reads;
    last = reads;
  }
};

describe('the search chunk looks for shadow roots a slice at a time', () => {
  it('on a page of 50,000 elements, a host removed and one moved while the walk is under way: every box still in the page is drawn once, the removed one is not, no error', async () => {
    const { page, context, errors, chunks } = await searchPage(() => {
      const w = window as unknown as { __hostWithBox: (tag: string, id: string) => HTMLElement; __atRead: { n: number; run: () => void }; __midWalk: number; __reads: number; __gone: HTMLElement };
      const filler = document.createElement('div');
      for (let i = 0; i < 50_000; i++) filler.appendChild(document.createElement('span'));
      document.getElementById('main')!.append(filler);
      const gone = (w.__gone = w.__hostWithBox('gone-search', 'gone-box'));
      const moved = w.__hostWithBox('moved-search', 'moved-box');
      const outer = document.createElement('site-footer');
      (outer as unknown as { __root: ShadowRoot }).__root = outer.attachShadow({ mode: 'open' });
      outer.shadowRoot!.append(w.__hostWithBox('footer-search', 'deep-box'));
      document.body.append(gone, moved, outer);
      // The app's route change, between two slices early in the walk: one host taken out,
      // one moved up into the header (which the walk is past).
      w.__atRead = {
        n: 10,
        run: () => {
          gone.remove();
          document.getElementById('header')!.append(moved);
          w.__midWalk = w.__reads;
        },
      };
    });
    try {
      const reads = await walkEnded(page);
      const midWalk = await page.evaluate(() => (window as unknown as { __midWalk: number }).__midWalk);
      // The route change came while the walk had most of the page to go.
      expect(midWalk).toBeGreaterThan(0);
      expect(reads).toBeGreaterThan(midWalk + 100);
      await aWhile(page);
      expect(await drawnBoxes(page, ['light-box', 'moved-box', 'deep-box'])).toEqual({ 'light-box': 1, 'moved-box': 1, 'deep-box': 1 });
      expect(await page.evaluate(() => (window as unknown as { __gone: { __root: ShadowRoot } }).__gone.__root.querySelectorAll('form').length)).toBe(0);
      expect(chunks.filter((c) => c == 'vitrine-search')).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // The walk read each element's `shadowRoot` bare: a getter that throws or a stand-in root
  // (which the MutationObserver refuses to observe) threw out of a slice's timer, reached
  // the page as an error and ended the walk, so a box in a later shadow root was never
  // drawn; the same read in the observer's callback stopped it looking at what was added,
  // so a box added later was not drawn either. Each element now costs itself only.
  it.each([
    ['throws for every element', false, `Object.defineProperty(Element.prototype, 'shadowRoot', { configurable: true, get: function () { throw new Error('shadowRoot is not available here'); } });`],
    [
      'returns a stand-in object for its legacy widgets',
      true,
      `(function () { var d = Object.getOwnPropertyDescriptor(Element.prototype, 'shadowRoot'); Object.defineProperty(Element.prototype, 'shadowRoot', { configurable: true, get: function () { return this.localName == 'legacy-widget' ? { host: this, mode: 'open', firstElementChild: null, querySelector: function () { return null; }, querySelectorAll: function () { return []; } } : d.get.call(this); } }); })();`,
    ],
  ])('a page whose Element.prototype.shadowRoot getter %s: no error from Vitrine, the light-DOM boxes drawn (one added later too), and a reachable shadow box', async (_, reachable, getter) => {
    const { page, context, errors } = await searchPage(
      new Function(
        `var filler = document.createElement('div'); for (var i = 0; i < 20000; i++) filler.appendChild(document.createElement(i % 5000 == 4999 ? 'legacy-widget' : 'span'));
           document.getElementById('main').append(filler); document.body.append(window.__hostWithBox('late-search', 'shadow-box'));` +
          getter,
      ) as () => void,
    );
    try {
      await page.locator('#light-box form[role="search"]').waitFor({ timeout: 15_000 });
      await walkEnded(page);
      // A box the app adds to the light DOM afterwards is drawn too.
      await page.evaluate(() => document.getElementById('header')!.insertAdjacentHTML('beforeend', '<div id="later-box" data-vitrine-searchbox></div>'));
      await expect.poll(() => drawnBoxes(page, ['later-box']), { timeout: 10_000 }).toEqual({ 'later-box': 1 });
      await aWhile(page);
      expect(await drawnBoxes(page, ['light-box', 'later-box', ...(reachable ? ['shadow-box'] : [])])).toEqual({ 'light-box': 1, 'later-box': 1, ...(reachable && { 'shadow-box': 1 }) });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

// --- An add to cart pressed before the page ends --------------------------------------

/** Shopify stood in for: the service's answers carry the shop's variant ids, and /cart/add.js and /cart.js answer as https://shopify.dev/docs/api/ajax/reference/cart documents them. `adds` gets each body posted. */
async function shopifyRoutes(page: Page, adds: string[]) {
  await page.route(suite.sandbox.url + '/v1/**', withCartIdsInOrder);
  await page.route('**/cart/add.js', async (route) => {
    const req = route.request();
    adds.push(req.postData() ?? '');
    const items = (JSON.parse(req.postData() || '{}') as { items?: { id: number; quantity: number }[] }).items || [];
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ items: items.map((i) => ({ id: i.id, variant_id: i.id, key: `${i.id}:k`, quantity: i.quantity })) }) });
  });
  await page.route('**/cart.js', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ token: 'c1', item_count: 1, items: [] }) }));
}

/** Presses the first card's add-to-cart button from the keyboard; its variant id, once the widget has said the outcome. */
async function pressFirst(page: Page, id: string) {
  expectRendered(await settled(page, [id]), [id]);
  const button = page.locator(`#${id} [data-vitrine-index="0"] [data-vitrine-cart]`);
  const variant = (await button.getAttribute('data-vitrine-cart'))!;
  await button.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator(`#${id} .vitrine__status`).textContent(), { timeout: 15_000 }).toMatch(/\S/);
  return Number(variant);
}

describe('an add to cart pressed on a widget drawn before the page ends, on Shopify', () => {
  it('under inherited toJSON (objects, arrays, numbers, strings) and getters named items and quantity: the body posted to /cart/add.js is the one pressed for', async () => {
    const adds: string[] = [];
    let end = (_: string) => {};
    const { page, context, loaded, errors } = await open({
      head: '<script nonce="%NONCE%">window.Shopify={shop:"maison.myshopify.com",routes:{root:"/"}}</script>' + tag(' data-locale="en-IE" data-currency="EUR" data-page-type="home_page"'),
      first: '<h1>Maison Vitrine</h1>' + slot('cart-picks', 'carousel', ' data-vitrine-max="6"') + '<p>More to come</p>',
      rest: '<p>The end</p>',
      hold: () => new Promise<string>((done) => (end = done)),
      init: [
        () => {
          // What old libraries and prototype-pollution gadgets leave on a shop's pages.
          const rewrite = { items: [{ id: 99999, quantity: 99 }] };
          Object.defineProperty(Object.prototype, 'toJSON', { value: function (this: object) { return Object.prototype.hasOwnProperty.call(this, 'items') ? rewrite : this; }, writable: true, configurable: true });
          Object.defineProperty(Array.prototype, 'toJSON', { value: function (this: unknown[]) { return this.some((l) => l && typeof l == 'object' && Object.prototype.hasOwnProperty.call(l, 'quantity')) ? rewrite.items : Array.from(this); }, writable: true, configurable: true });
          Object.defineProperty(Number.prototype, 'toJSON', { value: () => 99, writable: true, configurable: true });
          Object.defineProperty(String.prototype, 'toJSON', { value: () => 'polluted', writable: true, configurable: true });
          for (const [name, value] of [['items', rewrite.items], ['quantity', 99]] as const)
            Object.defineProperty(Object.prototype, name, {
              configurable: true,
              get: () => value,
              set(this: object, v: unknown) {
                Object.defineProperty(this, name, { value: v, writable: true, enumerable: true, configurable: true });
              },
            });
        },
      ],
      prepare: (page) => shopifyRoutes(page, adds),
    });
    try {
      const id = await pressFirst(page, 'cart-picks');
      expect(await page.evaluate(() => document.readyState)).toBe('loading');
      expect(adds).toEqual([`{"items":[{"id":${id},"quantity":1}]}`]);
      expect(await page.locator('#cart-picks .vitrine__status').textContent()).toMatch(/ added to the cart$/);
      end('pressed');
      await loaded;
      expect(errors).toEqual([]);
    } finally {
      end('closed');
      await context.close();
    }
  });

  // The merchant's Google tag gets `add_to_cart` for an add the cart confirmed
  // (docs/merchants.md). The analytics chunk plugs in as it arrives, so it hears the cart
  // chunk's `vitrine:added-to-cart` (dispatched on the slot, not kept in the host's
  // history) for an add made while the page still arrives.
  it('with data-analytics="datalayer", an add made before the page ends goes to the dataLayer as add_to_cart', async () => {
    const adds: string[] = [];
    let end = (_: string) => {};
    const { page, context, loaded, errors, chunks } = await open({
      head: '<script nonce="%NONCE%">window.Shopify={shop:"maison.myshopify.com",routes:{root:"/"}};window.dataLayer=[]</script>' + tag(' data-locale="en-IE" data-currency="EUR" data-page-type="home_page" data-analytics="datalayer"'),
      first: '<h1>Maison Vitrine</h1>' + slot('sold', 'carousel', ' data-vitrine-max="6"') + '<p>More to come</p>',
      rest: '<p>The end</p>',
      hold: () => new Promise<string>((done) => (end = done)),
      prepare: (page) => shopifyRoutes(page, adds),
    });
    try {
      const id = await pressFirst(page, 'sold');
      expect(await page.evaluate(() => document.readyState)).toBe('loading');
      expect(adds).toHaveLength(1);
      expect(chunks).toContain('vitrine-analytics');
      end('pressed');
      await loaded;
      const sent = () => page.evaluate(() => (window as unknown as { dataLayer: { event?: string; ecommerce?: { item_list_id?: string; items?: { item_id?: string }[] } }[] }).dataLayer.filter((e) => e.event == 'add_to_cart').map((e) => e.ecommerce!.item_list_id));
      await aWhile(page, 2500);
      console.info(`add before the end: variant ${id}, add_to_cart sent ${(await sent()).length} times`);
      expect(await sent()).toEqual(['sold']);
      expect(errors).toEqual([]);
    } finally {
      end('closed');
      await context.close();
    }
  });
});
