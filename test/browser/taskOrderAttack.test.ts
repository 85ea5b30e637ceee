// Vitrine's start and the page's first widget, cut into short tasks queued ahead of the
// page's own (scheduler.postTask, user-blocking), attacked from outside as a real shop or a
// hostile page would: a page's own `scheduler` (missing, a stand-in, a broken polyfill),
// Object.prototype polluted with the options postTask reads, a dozen slots in view at
// phone speed while the shopper taps, a theme script that reads its widget, a route
// change and a slot taken away between the call and the draw, consent asked for, a page
// still arriving, and a strict policy with Trusted Types. Built dist/ files in real
// Chromium, against the sandbox on 127.0.0.1. Counted, not timed.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { expectRendered, newRecordedPage, records, serveThemes, settled } from './embed/harness';
import { useSandboxSuite } from './useSandboxSuite';
import { arrivingPages, type Held } from './arrivingPages';

const suite = useSandboxSuite('task-order-attack', 'pages', () => arrivingPages());

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

const tag = (extra = '') =>
  `<script async nonce="%NONCE%" src="/dist/vitrine.js" data-base-url="${suite.sandbox.url}" data-org-id="${suite.sandbox.orgId}" data-api-key="${suite.sandbox.apiKey}" data-locale="en-IE" data-currency="EUR"${extra}></script>`;
const slot = (id: string, layout = 'carousel', extra = '') => `<div id="${id}" data-vitrine="trending" data-vitrine-layout="${layout}"${extra}></div>`;

const isCall = (r: Request) => r.url().startsWith(suite.sandbox.url + '/v1/widgetserver/');

interface Open {
  body: string;
  head?: string;
  tagExtra?: string;
  /** Scripts run before the page's, after the recorder. */
  init?: (() => void)[];
  device?: typeof DESKTOP | typeof PHONE;
  /** The main thread this many times slower (DevTools' CPU throttling). */
  cpu?: number;
  rest?: string;
  hold?: (page: Page) => Promise<string>;
  csp?: string;
  /** Before the page is asked for: routes, themes. */
  prepare?: (page: Page) => Promise<void>;
}

async function open({ body, head = '', tagExtra = '', init = [], device = DESKTOP, cpu = 1, rest = '', hold, csp, prepare }: Open) {
  const context: BrowserContext = await suite.browser.newContext(device);
  const opened = await newRecordedPage(context);
  for (const script of init) await opened.page.addInitScript(script);
  await prepare?.(opened.page);
  if (cpu > 1) await (await context.newCDPSession(opened.page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const calls: string[] = [];
  opened.page.on('request', (r) => isCall(r) && calls.push(r.url()));
  suite.pages.show({ head: head + tag(tagExtra), first: body, rest, csp, hold: hold ? () => hold(opened.page) : async () => 'at once' });
  const loaded = opened.page.goto(suite.pages.origin + '/', { waitUntil: 'commit' });
  return { ...opened, context, calls, loaded };
}

const renders = async (page: Page, id: string) => (await records(page)).events.filter((e) => e.id == id && e.type == 'render');
/** Widget roots in the slot: a widget drawn twice would leave two, or say so twice. */
const roots = (page: Page, id: string) => page.evaluate((s) => document.getElementById(s)!.querySelectorAll(':scope>.vitrine').length, id);
/** Long enough for a draw left behind to have ended its tasks, had it gone on. */
const aWhile = (page: Page, ms = 1200) => page.evaluate((wait) => new Promise((done) => setTimeout(done, wait)), ms);

/** Expects the slot drawn once, with no error in the page, within `timeout`. */
async function drawnOnce(page: Page, errors: string[], id = 'first', timeout = 10_000) {
  expectRendered(await settled(page, [id], timeout), [id]);
  await aWhile(page);
  expect((await renders(page, id)).length).toBe(1);
  expect(await roots(page, id)).toBe(1);
  expect(await page.evaluate((s) => document.querySelectorAll(`#${s} a[href]`).length, id)).toBeGreaterThan(0);
  expect(errors).toEqual([]);
}

/** Stands in for the page's `scheduler` (a polyfill, or a page's own global of that name). */
const schedulers: Record<string, () => void> = {
  missing: () => Object.defineProperty(window, 'scheduler', { value: undefined, configurable: true, writable: true }),
  'a plain object without postTask': () => Object.defineProperty(window, 'scheduler', { value: { yield: () => Promise.resolve() }, configurable: true, writable: true }),
  'a postTask that throws': () =>
    Object.defineProperty(window, 'scheduler', {
      value: {
        postTask() {
          throw new TypeError('not supported here');
        },
      },
      configurable: true,
      writable: true,
    }),
  'a postTask that runs the task in a timer and returns a promise that never settles': () =>
    Object.defineProperty(window, 'scheduler', { value: { postTask: (task: () => void) => (setTimeout(task), new Promise(() => {})) }, configurable: true, writable: true }),
  'a postTask that runs the task at once, inside the call': () =>
    Object.defineProperty(window, 'scheduler', { value: { postTask: (task: () => void) => Promise.resolve(task()) }, configurable: true, writable: true }),
};

describe('a page’s own scheduler', () => {
  it.each(Object.keys(schedulers))('%s: the first widget is drawn, once, with no error in the page', async (name) => {
    const { page, context, errors } = await open({ body: '<h1>Shop</h1>' + slot('first'), init: [schedulers[name]] });
    try {
      await drawnOnce(page, errors);
    } finally {
      await context.close();
    }
  });

  // Every step of the start and of the first widget's draw is handed to the scheduler: a
  // polyfill that takes the task and never runs it (a stub a shop's theme keeps for an old
  // Safari, its queue never flushed) left Vitrine's start unrun, no slot ever watched.
  // Only the browser's own scheduler is asked now.
  it('a postTask that never runs its task (a broken polyfill): the first widget is drawn, once, with no error in the page', async () => {
    const { page, context, errors } = await open({
      body: '<h1>Shop</h1>' + slot('first'),
      init: [() => Object.defineProperty(window, 'scheduler', { value: { postTask: () => new Promise(() => {}) }, configurable: true, writable: true })],
    });
    try {
      await drawnOnce(page, errors);
    } finally {
      await context.close();
    }
  });

  it('Object.prototype.priority, delay and signal polluted: the first widget is still drawn, once', async () => {
    const { page, context, errors, calls } = await open({
      body: '<h1>Shop</h1>' + slot('first'),
      init: [
        () => {
          const proto = Object.prototype as Record<string, unknown>;
          proto.priority = 'background';
          proto.delay = 100000;
          proto.signal = AbortSignal.abort();
        },
      ],
    });
    try {
      // With the page's delay the start alone would wait 100 s: drawn within 10 s, it did not.
      await drawnOnce(page, errors);
      expect(calls.length).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe('a dozen slots in the first screen, at phone speed (4× CPU)', () => {
  it('every one is drawn once, and the shopper’s tap on the page’s button is handled before the last of them is', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => 's' + i);
    const { page, context, errors } = await open({
      head: '<style>#grid{display:grid;grid-template-columns:repeat(4,1fr);gap:8px}#grid>div{min-height:160px;overflow:hidden}#buy{position:fixed;top:0;left:0;width:200px;height:48px;z-index:9}</style>',
      body: '<button id="buy" type="button">Add to bag</button><div id="grid">' + ids.map((id) => slot(id, 'matrix', ' data-vitrine-max="4"')).join('') + '</div>',
      cpu: 4,
      init: [
        () => {
          const order: string[] = ((window as unknown as { __order: string[] }).__order = []);
          addEventListener('vitrine:render', (e) => order.push('render ' + (e.target as Element).id), true);
          // The page's own handler, as a shop's add-to-bag button has.
          addEventListener('click', (e) => (e.target as Element).id == 'buy' && order.push('click'), true);
        },
      ],
    });
    try {
      await page.waitForRequest(isCall, { timeout: 15_000 });
      // Real input, through the browser's input pipeline, as the widgets are drawn.
      await page.mouse.click(100, 24);
      expectRendered(await settled(page, ids, 40_000), ids);
      await aWhile(page);
      const order = await page.evaluate(() => (window as unknown as { __order: string[] }).__order);
      for (const id of ids) expect(order.filter((o) => o == 'render ' + id), id).toHaveLength(1);
      for (const id of ids) expect(await roots(page, id), id).toBe(1);
      expect(order.filter((o) => o == 'click')).toHaveLength(1);
      expect(order.indexOf('click'), order.join(', ')).toBeLessThan(order.lastIndexOf(order.filter((o) => o.startsWith('render')).at(-1)!));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});

/** The org's one theme (interface.md's theme list shape): its script records what it finds. */
const grid = {
  id: '6f1d2c3b-4a5e-4f60-8b71-c2d3e4f5a6b7',
  orgId: 'task-order-attack',
  orgName: 'Task order attack',
  themeId: 'sa-grid',
  name: 'Grid',
  displayType: 'matrix',
  description: 'One card per product.',
  type: 'Custom',
  payload: null,
  divisionId: null,
  htmlTemplate: '<a class="sa-card" href="{{product_currentPageUrl}}"><span class="sa-name">{{product_name}}</span> <span class="sa-price">{{product_price}}</span></a>',
  cssTemplate: '.vitrine-theme--sa-grid .sa-card{display:block;min-height:60px}',
  // What a theme author's script does: counts the cards, marks the widget, and (here) says
  // how many `vitrine:render` the page had heard by then.
  jsTemplate:
    'root.classList.add("sa-ready");window.__themeRuns.push({cards:root.querySelectorAll(".sa-card").length,products:data.products.length,inPage:root.isConnected,rendersBefore:window.__vitrineTest.events.filter(function(e){return e.type=="render"}).length})',
};
type ThemeRun = { cards: number; products: number; inPage: boolean; rendersBefore: number };
const themeRuns = (page: Page) => page.evaluate(() => (window as unknown as { __themeRuns: ThemeRun[] }).__themeRuns);
const initRuns = () => void ((window as unknown as { __themeRuns: unknown[] }).__themeRuns = []);

describe('a theme’s script, which may now run a task after its widget is drawn', () => {
  it('at phone speed it finds the drawn cards in the page, runs once, and vitrine:render comes after it, as docs/theme-authors.md says', async () => {
    const { page, context, errors } = await open({
      body: '<h1>Shop</h1>' + slot('first', 'matrix', ' data-vitrine-max="6"'),
      device: PHONE,
      cpu: 4,
      init: [initRuns],
      prepare: (page) => serveThemes(page, grid),
    });
    try {
      await drawnOnce(page, errors, 'first', 20_000);
      const runs = await themeRuns(page);
      expect(runs).toHaveLength(1);
      expect(runs[0].inPage).toBe(true);
      expect(runs[0].cards).toBe(runs[0].products);
      expect(runs[0].cards).toBeGreaterThan(0);
      // "vitrine:render always comes after it"
      expect(runs[0].rendersBefore).toBe(0);
      expect(await page.evaluate(() => document.querySelector('#first>.vitrine')!.classList.contains('sa-ready'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('the page changes between the first widget’s call and its draw', () => {
  it('a route change (setContext, which shows every slot again) while the call is on the wire: one widget, the new page’s, no stale draw after', async () => {
    let held = 0;
    const { page, context, errors, calls } = await open({
      body: '<h1>Home</h1>' + slot('first', 'matrix', ' data-vitrine-max="4"'),
      tagExtra: ' data-page-type="home_page"',
      device: PHONE,
      cpu: 4,
      prepare: async (page) => {
        await page.route(
          (u) => u.pathname.startsWith('/v1/widgetserver/'),
          async (route) => {
            // The first call: the single-page app goes to a product page meanwhile.
            if (!held++) await page.evaluate(() => (window as unknown as { Vitrine: { setContext(c: object): void } }).Vitrine.setContext({ pageType: 'product_page', sku: 'MV-KNI-001', pname: 'Quiberon Crewneck' }));
            await route.continue();
          },
        );
      },
    });
    try {
      expectRendered(await settled(page, ['first'], 20_000), ['first']);
      await aWhile(page, 2000);
      const said = await renders(page, 'first');
      expect(said.map((e) => e.detail.page)).toEqual(['product_page']);
      expect(await roots(page, 'first')).toBe(1);
      expect(calls.length).toBe(2);
      expect(new URL(calls[1]).searchParams.get('sku') ?? calls[1]).toContain('MV-KNI-001');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the slot taken out of the page while the call is on the wire: nothing drawn into it, no error, and the slot is not kept', async () => {
    const { page, context, errors } = await open({
      body: '<h1>Shop</h1>' + slot('first', 'matrix', ' data-vitrine-max="4"'),
      device: PHONE,
      cpu: 4,
      init: [initRuns],
      prepare: async (page) => {
        await serveThemes(page, grid);
        await page.route(
          (u) => u.pathname.startsWith('/v1/widgetserver/'),
          async (route) => {
            await page.evaluate(() => {
              const el = document.getElementById('first')!;
              const w = window as unknown as { __gone: WeakRef<Element>; __drawnInto: () => number };
              w.__gone = new WeakRef(el);
              // What was drawn into it, read without keeping it.
              w.__drawnInto = () => w.__gone.deref()?.querySelectorAll('.vitrine, .sa-card').length ?? -1;
              el.remove();
            });
            await route.continue();
          },
        );
      },
    });
    try {
      await page.waitForRequest(isCall, { timeout: 15_000 });
      await page.waitForResponse((r) => isCall(r.request()), { timeout: 15_000 });
      await aWhile(page, 2500);
      expect(await page.evaluate(() => (window as unknown as { __drawnInto: () => number }).__drawnInto())).toBe(0);
      expect(await themeRuns(page)).toEqual([]);
      expect((await records(page)).events.filter((e) => e.type == 'render' || e.type == 'error')).toEqual([]);
      expect(errors).toEqual([]);
      // Nothing of Vitrine's holds the slot once it has left the page.
      const cdp = await context.newCDPSession(page);
      await expect
        .poll(
          async () => {
            await cdp.send('HeapProfiler.collectGarbage');
            return page.evaluate(() => (window as unknown as { __gone: WeakRef<Element> }).__gone.deref() === undefined);
          },
          { timeout: 10_000, interval: 500 },
        )
        .toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('consent, the page still arriving, a strict policy', () => {
  it('consent required: after the first widget is drawn, before consent, nothing identifying is stored, though the id is read earlier now', async () => {
    const { page, context, errors, calls } = await open({ body: '<h1>Shop</h1>' + slot('first'), tagExtra: ' data-consent="required"', device: PHONE, cpu: 4 });
    try {
      await drawnOnce(page, errors, 'first', 20_000);
      const uid = new URL(calls[0]).searchParams.get('site_uid');
      const kept = await page.evaluate(() => ({
        cookie: document.cookie,
        local: Object.entries(localStorage),
        session: Object.entries(sessionStorage),
      }));
      expect(kept.cookie).toBe('');
      expect(kept.session).toEqual([]);
      expect(kept.local.filter(([key]) => /uid|visitor/i.test(key))).toEqual([]);
      if (uid) expect(JSON.stringify(kept)).not.toContain(uid);
      expect((await context.cookies()).map((c) => c.name)).toEqual([]);
      expect((await renders(page, 'first'))[0].detail.personal).toBe(false);
    } finally {
      await context.close();
    }
  });

  // The rest of the page is held until the first widget is drawn: the carousel's layout
  // chunk and the built-in theme's card plug in while the page still arrives.
  it('a page still arriving: the slot in view is drawn before the page ends; one the rest brings is drawn once it has come', async () => {
    const { page, context, errors, loaded } = await open({
      body: '<h1>Shop</h1>' + slot('first') + '<p>More to come</p>',
      rest: slot('later', 'matrix', ' data-vitrine-max="4"'),
      device: PHONE,
      cpu: 4,
      // The rest is held until the first widget is drawn, 8 s at most.
      hold: (page) =>
        Promise.race([
          page
            .waitForFunction(() => (window as unknown as { __vitrineTest: { events: { type: string }[] } }).__vitrineTest.events.some((e) => e.type == 'render'), null, { timeout: 8000, polling: 50 })
            .then(
              () => 'drawn',
              () => 'timer',
            ),
        ]),
    });
    try {
      expect(await suite.pages.released()).toBe('drawn');
      await loaded;
      expectRendered(await settled(page, ['first', 'later'], 15_000), ['first', 'later']);
      await aWhile(page);
      expect((await renders(page, 'first')).length).toBe(1);
      expect((await renders(page, 'later')).length).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a strict nonce policy with Trusted Types required: drawn once, its theme script run, and nothing refused', async () => {
    const api = suite.sandbox.url;
    const { page, context, errors } = await open({
      body: '<h1>Shop</h1>' + slot('first', 'matrix', ' data-vitrine-max="4"'),
      device: PHONE,
      cpu: 4,
      init: [initRuns],
      prepare: (page) => serveThemes(page, grid),
      csp: ["default-src 'none'", "script-src 'nonce-%NONCE%'", "style-src 'nonce-%NONCE%'", `img-src ${api}`, `connect-src ${api}`, "require-trusted-types-for 'script'", 'trusted-types vitrine'].join('; '),
    });
    try {
      await drawnOnce(page, errors, 'first', 20_000);
      expect(await themeRuns(page)).toHaveLength(1);
      expect((await records(page)).violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
