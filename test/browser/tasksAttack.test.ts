// Widgets drawn in short tasks, attacked from outside: a matrix of a hundred products
// draws its first screen in one task and the rest in the tasks after it, and waits for
// the page's first number format (a worker's, else a main-thread task). What a page, a
// theme and a shopper can do meanwhile: take the slot away, move it, change its layout
// or its size, draw cards far shorter or taller than the 160 px the first screen is
// counted with, and stand in the worker's way.
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectRendered, newRecordedPage, records, repeatProducts, serveThemes, settled, slotEvents } from './embed/harness';
import { useFixtureSuite } from './embed/useFixtureSuite';
import { heapCounts, heapSession } from './heapCounts';

const SLOT = 'big-matrix';
const COUNT = 100;
const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const suite = useFixtureSuite('tasks-attack', (api) => ({
  // big-matrix.html (bigMatrix.test.ts's page) with a policy whose workers must come from
  // the page's own origin, which refuses the worker's data: URL.
  'big-matrix?self-workers': "worker-src 'self'",
  // A strict nonce policy with Trusted Types: Vitrine's one policy for every script sink.
  'tasks-attack-csp': [
    "default-src 'none'",
    "script-src 'nonce-%NONCE%'",
    "style-src 'nonce-%NONCE%'",
    `img-src ${api}`,
    `connect-src ${api}`,
    "require-trusted-types-for 'script'",
    'trusted-types vitrine',
  ].join('; '),
}));
const contexts: BrowserContext[] = [];
afterAll(() => Promise.all(contexts.map((c) => c.close())));

/**
 * The org's one theme, in the theme list's shape (interface.md): a card per product with
 * `css` for its look; its script records what it found each time it runs.
 */
const theme = (css = '.vitrine-theme--ta-grid .ta-card{display:block;min-height:230px}') => ({
  id: '0c7e9a51-2b3d-4e6f-8a90-b1c2d3e4f5a6',
  orgId: 'tasks-attack',
  orgName: 'Tasks attack',
  themeId: 'ta-grid',
  name: 'Grid',
  displayType: 'matrix',
  description: 'One card per product.',
  type: 'Custom',
  payload: null,
  divisionId: null,
  htmlTemplate: '<a class="ta-card" href="{{product_currentPageUrl}}"><img src="{{product_imageUrl}}" alt="" width="160" height="160"><span class="ta-name">{{product_name}}</span> <span class="ta-price">{{product_price}}</span></a>',
  cssTemplate: css,
  jsTemplate: 'window.__themeRuns.push({cards:root.querySelectorAll(".ta-card").length,products:data.products.length,inPage:root.isConnected})',
});

/** Runs before the page's scripts: what the first task drew, and the theme script's runs. */
function watchDraw(): void {
  const w = window as unknown as Record<string, unknown>;
  w.__themeRuns = [];
  const cells = () => [...document.querySelectorAll('#big-matrix .vitrine__cell')];
  // A MutationObserver's callback runs at the end of the task that made the changes,
  // before any later task: what it reads is what that task drew.
  const mo = new MutationObserver(() => {
    const all = cells();
    if (!all.length) return;
    mo.disconnect();
    const drawn = all.filter((c) => c.querySelector('.ta-card'));
    const firstHeld = all.find((c) => !c.querySelector('.ta-card'));
    w.__first = {
      cells: all.length,
      filled: drawn.length,
      heldTop: firstHeld ? firstHeld.getBoundingClientRect().top : Infinity,
      footerTop: document.getElementById('below')!.getBoundingClientRect().top,
      screen: innerHeight,
    };
    // What the page does as soon as the first screen is drawn (the tests set it).
    (w.__onFirst as (() => void) | undefined)?.();
  });
  mo.observe(document, { childList: true, subtree: true });
}

interface Open {
  device?: typeof PHONE | typeof DESKTOP;
  css?: string;
  /** Scripts run before the page's, after the recorder. */
  init?: (() => void)[];
  query?: string;
  /** The fixture page (`big-matrix`). */
  name?: string;
  /** At 4× CPU slowdown (Lighthouse's phone), through the DevTools protocol. */
  slow?: boolean;
}

/**
 * The fixture page with the org's theme, whose widget calls answer a hundred products:
 * the sandbox's answer (at most 12) repeated under new names and SKUs, in the same shape.
 */
async function openPage({ device = PHONE, css, init = [], query = '', slow, name = 'big-matrix' }: Open = {}) {
  const context = await suite.browser.newContext(device);
  contexts.push(context);
  const opened = await newRecordedPage(context);
  await opened.page.addInitScript(watchDraw);
  for (const script of init) await opened.page.addInitScript(script);
  await serveThemes(opened.page, theme(css));
  await repeatProducts(opened.page, COUNT, (i) => ({ sku: `TA-${i}`, name: `Product ${i + 1}`, currentPageUrl: `/products/ta-${i}` }));
  if (slow) await (await context.newCDPSession(opened.page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await opened.page.goto(suite.fixtures.page(name) + query);
  return { context, ...opened };
}

type ThemeRun = { cards: number; products: number; inPage: boolean };
const themeRuns = (page: Page) => page.evaluate(() => (window as unknown as { __themeRuns: ThemeRun[] }).__themeRuns);
const first = (page: Page) => page.evaluate(() => (window as unknown as { __first: Record<string, number> }).__first);
/** Long enough for a draw left behind to have ended its tasks, had it gone on. */
const aWhile = (page: Page) => page.waitForTimeout(1000);

describe('a big matrix changed by its page while its later cards are drawn', () => {
  it('taken out of the page: no more cards drawn, no theme script, no vitrine:render for a widget that is gone', async () => {
    // At a phone's speed: on a fast desktop the whole matrix may be drawn within the first
    // task's few milliseconds, leaving the page no moment to take it out midway.
    const { page, errors } = await openPage({
      slow: true,
      init: [
        () => {
          const w = window as unknown as Record<string, unknown>;
          w.__renders = 0;
          w.__onFirst = () => {
            const slot = document.getElementById('big-matrix')!;
            // The page's own listener on its slot element, which it may still hold.
            slot.addEventListener('vitrine:render', () => (w.__renders = (w.__renders as number) + 1));
            w.__lastCell = [...slot.querySelectorAll('.vitrine__cell')].pop();
            slot.remove();
          };
        },
      ],
    });
    await page.waitForFunction(() => (window as unknown as { __lastCell?: Element }).__lastCell);
    await aWhile(page);
    const after = await page.evaluate(() => {
      const w = window as unknown as { __renders: number; __lastCell: Element; __themeRuns: ThemeRun[] };
      return { renders: w.__renders, lastCellDrawn: !!w.__lastCell.querySelector('.ta-card'), themeRuns: w.__themeRuns };
    });
    expect(after).toEqual({ renders: 0, lastCellDrawn: false, themeRuns: [] });
    expect(errors).toEqual([]);
  });

  it('moved elsewhere in the page: ends whole, says so once, its theme script runs once on all of it', async () => {
    const { page, errors } = await openPage({
      init: [
        () => {
          (window as unknown as Record<string, unknown>).__onFirst = () => document.body.prepend(document.getElementById('big-matrix')!);
        },
      ],
    });
    expectRendered(await settled(page, [SLOT]), [SLOT]);
    await aWhile(page);
    const renders = await slotEvents(page, 'render');
    expect(renders.map((e) => e.detail.products)).toEqual([COUNT]);
    expect(await page.locator('#big-matrix .ta-card').count()).toBe(COUNT);
    expect(await themeRuns(page)).toEqual([{ cards: COUNT, products: COUNT, inPage: true }]);
    expect(errors).toEqual([]);
  });

  it('asked for six products instead: ends with six cards, says so once with six; no theme script sees a part of a widget', async () => {
    const { page, errors } = await openPage({
      init: [
        () => {
          (window as unknown as Record<string, unknown>).__onFirst = () => document.getElementById('big-matrix')!.setAttribute('data-vitrine-max', '6');
        },
      ],
    });
    await page.waitForFunction(() => document.querySelectorAll('#big-matrix .vitrine__cell').length === 6, null, { timeout: 15_000 });
    expectRendered(await settled(page, [SLOT]), [SLOT]);
    await aWhile(page);
    expect((await slotEvents(page, 'render')).map((e) => e.detail.products)).toEqual([6]);
    expect(await page.locator('#big-matrix .ta-name').allInnerTexts()).toEqual(['Product 1', 'Product 2', 'Product 3', 'Product 4', 'Product 5', 'Product 6']);
    const runs = await themeRuns(page);
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) expect(run.cards).toBe(run.products);
    expect(runs[runs.length - 1]).toEqual({ cards: 6, products: 6, inPage: true });
    expect(errors).toEqual([]);
  });

  it('turned into a carousel: ends a carousel of every product, says so once as one', async () => {
    const { page, errors } = await openPage({
      init: [
        () => {
          (window as unknown as Record<string, unknown>).__onFirst = () => document.getElementById('big-matrix')!.setAttribute('data-vitrine-layout', 'carousel');
        },
      ],
    });
    await page.waitForFunction(() => document.querySelector('#big-matrix .vitrine--carousel'), null, { timeout: 15_000 });
    expectRendered(await settled(page, [SLOT]), [SLOT]);
    await aWhile(page);
    expect((await slotEvents(page, 'render')).map((e) => [e.detail.layout, e.detail.products])).toEqual([['carousel', COUNT]]);
    expect(await page.locator('#big-matrix .vitrine__cell').count()).toBe(0);
    expect(await page.locator('#big-matrix .vitrine__slide').count()).toBe(COUNT);
    // A theme script that ran saw a whole widget, never a part of one.
    for (const run of await themeRuns(page)) expect(run.cards).toBe(run.products);
    expect(errors).toEqual([]);
  });
});

describe('the first screen of a big matrix against the card a theme draws', () => {
  /** Nothing held empty is in view after the first task, and nothing below the widget: later cards move nothing seen. */
  async function expectNothingMovesInView(page: Page) {
    expectRendered(await settled(page, [SLOT]), [SLOT]);
    const at = await first(page);
    expect(at.cells).toBe(COUNT);
    // Cards drawn from one parse (the cards chunk) may fill the whole matrix in the task
    // that shows it; a place still held then is below the screen.
    if (at.filled < COUNT) expect(at.heldTop).toBeGreaterThanOrEqual(at.screen);
    expect(at.footerTop).toBeGreaterThanOrEqual(at.screen);
  }

  it('holds with cards much taller than 160 px, on a phone', async () => {
    const { page } = await openPage({ css: '.vitrine-theme--ta-grid .ta-card{display:block;min-height:420px}' });
    await expectNothingMovesInView(page);
  });

  it('holds with cards much taller than 160 px, on a desktop', async () => {
    const { page } = await openPage({ device: DESKTOP, css: '.vitrine-theme--ta-grid .ta-card{display:block;min-height:420px}' });
    await expectNothingMovesInView(page);
  });

  // A theme that lays its products out as a list of 48 px rows (one column): the first
  // screen counts a column of 48 px rows as well as the grid's 160 px ones, so its rows
  // reach below the screen in the task that draws the widget, whatever the machine's speed.
  it('holds with a list of short rows, on a phone', async () => {
    const { page } = await openPage({
      css: '.vitrine-theme--ta-grid .vitrine__grid{display:block}.vitrine-theme--ta-grid .ta-card{display:flex;height:48px;align-items:center}.vitrine-theme--ta-grid .ta-card img{width:40px;height:40px}',
    });
    await expectNothingMovesInView(page);
  });
});

describe('a shopper who scrolls while the later cards are drawn', () => {
  /**
   * Runs before the page's scripts: the page's layout shifts that no input explains (CLS's
   * own rule), with their times; and the time of the frame that shows the first screen.
   */
  function watchShifts(): void {
    const w = window as unknown as { __shifts: [number, number][] };
    w.__shifts = [];
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => {
        const shift = e as PerformanceEntry & { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) w.__shifts.push([shift.startTime, shift.value]);
      }),
    ).observe({ type: 'layout-shift', buffered: true });
  }

  /**
   * Opens the page at phone speed; `scroll` runs as soon as the first screen is drawn.
   * Returns the layout shift after the frame that showed the first screen (that frame's
   * own is the widget replacing the empty slot, as any widget does).
   */
  async function shiftAfterFirst(scroll: boolean) {
    const { page } = await openPage({
      slow: true,
      init: [
        watchShifts,
        scroll
          ? () => {
              const w = window as unknown as Record<string, unknown>;
              w.__onFirst = () => {
                requestAnimationFrame(() => requestAnimationFrame(() => (w.__shown = performance.now())));
                scrollTo(0, document.documentElement.scrollHeight);
              };
            }
          : () => {
              const w = window as unknown as Record<string, unknown>;
              w.__onFirst = () => requestAnimationFrame(() => requestAnimationFrame(() => (w.__shown = performance.now())));
            },
      ],
    });
    expectRendered(await settled(page, [SLOT]), [SLOT]);
    await aWhile(page);
    return page.evaluate(() => {
      const w = window as unknown as { __shifts: [number, number][]; __shown: number };
      return w.__shifts.filter(([t]) => t > w.__shown + 1).reduce((sum, [, v]) => sum + v, 0);
    });
  }

  it('a shopper who stays at the top sees nothing move while the rest is drawn, at phone speed', async () => {
    expect(await shiftAfterFirst(false)).toBe(0);
  });

});

describe('a page that takes its big matrix away again and again while it is drawn', () => {
  it('keeps no widget, slot, observer or listener of those 40 matrices once garbage is collected', async () => {
    const { page, errors } = await openPage();
    expectRendered(await settled(page, [SLOT]), [SLOT]);
    await aWhile(page);
    const cdp = await heapSession(page);
    const before = await heapCounts(cdp);
    await page.evaluate(async () => {
      for (let i = 0; i < 40; i++) {
        const slot = document.createElement('div');
        slot.id = 'churn-' + i;
        slot.setAttribute('data-vitrine', 'trending');
        slot.setAttribute('data-vitrine-layout', 'matrix');
        slot.setAttribute('data-vitrine-max', '100');
        document.querySelector('main')!.prepend(slot);
        // Taken away once its first screen is drawn, while the rest is still held.
        await new Promise<void>((drawn) => {
          const mo = new MutationObserver(() => slot.querySelector('.vitrine__cell') && (mo.disconnect(), drawn()));
          mo.observe(slot, { childList: true, subtree: true });
        });
        slot.remove();
        await new Promise((next) => setTimeout(next, 20));
      }
    });
    await aWhile(page);
    const after = await heapCounts(cdp);
    expect({ detachedRoots: after.detachedRoots, detachedSlots: after.detachedSlots, observers: after.observers, listeners: after.listeners }).toEqual({
      detachedRoots: 0,
      detachedSlots: 0,
      observers: before.observers,
      listeners: before.listeners,
    });
    // The theme's script ran for the page's own matrix and for any taken away only once
    // whole (a fast machine may ready every card before the widget is drawn): never for a
    // part-drawn widget, or one out of the page.
    const runs = await themeRuns(page);
    expect(runs[0]).toEqual({ cards: COUNT, products: COUNT, inPage: true });
    expect(runs.filter((run) => run.cards != COUNT || run.products != COUNT || !run.inPage)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the page’s first number format where the worker is in the way', () => {
  /** A euro price as en-IE writes it, in every card. */
  async function expectPrices(page: Page) {
    const prices = await page.locator('#big-matrix .ta-price').allInnerTexts();
    expect(prices).toHaveLength(COUNT);
    for (const price of prices) expect(price).toMatch(/^€\d[\d,]*\.\d{2}$/);
  }

  it('a page whose Worker throws: the widget draws, its prices in the page’s format', async () => {
    const { page, errors } = await openPage({
      init: [
        () => {
          window.Worker = function () {
            throw new Error('workers are this page’s');
          } as unknown as typeof Worker;
        },
      ],
    });
    const outcome = await settled(page, [SLOT]);
    expectRendered(outcome, [SLOT]);
    await expectPrices(page);
    expect(errors).toEqual([]);
  });

  it('a page whose Worker never answers (a stand-in that does nothing): the widget still draws', async () => {
    const { page, errors } = await openPage({
      init: [
        () => {
          window.Worker = class {
            terminate() {}
            postMessage() {}
            addEventListener() {}
          } as unknown as typeof Worker;
        },
      ],
    });
    expectRendered(await settled(page, [SLOT]), [SLOT]);
    await expectPrices(page);
    expect(errors).toEqual([]);
  });

  it('a page whose Worker refuses handlers (its setters throw): the widget still draws', async () => {
    const { page, errors } = await openPage({
      init: [
        () => {
          const refuse = {
            set() {
              throw new Error('use addEventListener');
            },
          };
          window.Worker = class {
            constructor() {
              Object.defineProperties(this, { onmessage: refuse, onerror: refuse });
            }
          } as unknown as typeof Worker;
        },
      ],
    });
    expectRendered(await settled(page, [SLOT]), [SLOT]);
    await expectPrices(page);
    expect(errors).toEqual([]);
  });

  it('a policy allowing only the page’s own workers (no data: URL): the widget draws, the refusal reported once', async () => {
    const { page, errors } = await openPage({ query: '?policy=self-workers' });
    const outcome = await settled(page, [SLOT]);
    expectRendered(outcome, [SLOT]);
    await expectPrices(page);
    expect((await records(page)).violations.map((v) => v.directive)).toEqual(['worker-src']);
    expect(errors).toEqual([]);
  });
});

describe('a big matrix under a strict nonce policy with Trusted Types', () => {
  it('draws whole, its later cards through Vitrine’s policy, its theme script once, and nothing is refused', async () => {
    const { page, errors } = await openPage({ name: 'tasks-attack-csp' });
    expectRendered(await settled(page, [SLOT]), [SLOT]);
    await aWhile(page);
    expect(await page.locator('#big-matrix .ta-card').count()).toBe(COUNT);
    expect(await page.locator('#big-matrix .ta-price').first().innerText()).toMatch(/^€\d[\d,]*\.\d{2}$/);
    expect(await themeRuns(page)).toEqual([{ cards: COUNT, products: COUNT, inPage: true }]);
    expect((await records(page)).violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('what the page hears of a big matrix', () => {
  // A hundred cards on a phone make a widget some 50 screens tall, never half in view at
  // once: it is seen once it fills half the screen.
  it('one impression, counting every product, once the shopper has scrolled through it', async () => {
    const { page } = await openPage();
    expectRendered(await settled(page, [SLOT]), [SLOT]);
    await page.evaluate(async () => {
      const frame = () => new Promise((next) => requestAnimationFrame(() => requestAnimationFrame(next)));
      for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
        scrollTo(0, y);
        await frame();
      }
    });
    await aWhile(page);
    expect((await slotEvents(page, 'impression')).map((e) => e.detail.products)).toEqual([COUNT]);
  });
});

describe('a page that speaks to Vitrine right after its script tag, before the slots start', () => {
  /** The start page with `query`; themes come back empty, so the built-in cards draw. */
  async function openStart(query: string) {
    const context = await suite.browser.newContext(DESKTOP);
    contexts.push(context);
    const opened = await newRecordedPage(context);
    await opened.page.route(
      (u) => u.pathname === '/v1/theme',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: '{"errMsg":null,"widgetThemes":[]}' }),
    );
    await opened.page.goto(suite.fixtures.page('tasks-attack-start') + '?' + query);
    return { context, ...opened };
  }
  /** The cards drawn in the shelf's slot, inside the shelf's shadow root. */
  const shelfCards = (page: Page) => page.evaluate(() => document.getElementById('shelf')!.shadowRoot!.querySelectorAll('#shelf-slot .vitrine__cell').length);

  it('Vitrine.render(slot) once the page has loaded draws a slot in a shadow root', async () => {
    const { page, errors } = await openStart('render=load');
    await page.waitForFunction(() => document.getElementById('shelf')!.shadowRoot!.querySelector('#shelf-slot .vitrine__cell'), null, { timeout: 15_000 });
    expect(await shelfCards(page)).toBe(4);
    expect(errors).toEqual([]);
  });

  it('Vitrine.render(slot) called right after the script tag draws it too', async () => {
    const { page, errors } = await openStart('render=now');
    expectRendered(await settled(page, ['home-trending']), ['home-trending']);
    await page.waitForFunction(() => document.getElementById('shelf')!.shadowRoot!.querySelector('#shelf-slot .vitrine__cell'), null, { timeout: 15_000 });
    expect(await shelfCards(page)).toBe(4);
    expect(errors).toEqual([]);
  });

  it('consent given then withdrawn right after the script tag: nothing stored, no personal call', async () => {
    const { page, context, errors } = await openStart('consent=yes-no');
    expectRendered(await settled(page, ['home-trending']), ['home-trending']);
    await page.waitForLoadState('load');
    const stored = await page.evaluate(() => ({ local: localStorage.getItem('vitrine_uid'), cookie: document.cookie }));
    expect(stored).toEqual({ local: null, cookie: '' });
    expect((await context.cookies()).map((c) => c.name)).toEqual([]);
    expect((await slotEvents(page, 'render'))[0].detail.personal).toBe(false);
    expect(errors).toEqual([]);
  });

  it('consent given right after the script tag: the id is stored, the widget is personal', async () => {
    const { page, context, errors } = await openStart('consent=yes');
    expectRendered(await settled(page, ['home-trending']), ['home-trending']);
    const local = await page.evaluate(() => localStorage.getItem('vitrine_uid'));
    expect(local).toMatch(/^[\w-]{8,64}$/);
    expect((await context.cookies()).find((c) => c.name === 'vitrine_uid')?.value).toBe(local);
    expect((await slotEvents(page, 'render'))[0].detail.personal).toBe(true);
    expect(errors).toEqual([]);
  });

  it('setContext and refresh right after the script tag: the slot is drawn once, for the page said', async () => {
    const { page, errors } = await openStart('context=product');
    expectRendered(await settled(page, ['home-trending']), ['home-trending']);
    await page.waitForLoadState('load');
    await aWhile(page);
    const renders = (await slotEvents(page, 'render')).filter((e) => e.id === 'home-trending');
    expect(renders.map((e) => e.detail.page)).toEqual(['product_page']);
    expect(errors).toEqual([]);
  });
});

describe('the filter drawer of a search page on a phone, its facets drawn only while open', () => {
  it('opened and closed quickly: facets there each time it is open, gone when closed, aria-expanded and focus follow', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    contexts.push(context);
    const { page, errors } = await newRecordedPage(context);
    await page.goto(suite.fixtures.page('format-worker-search') + '?q=wool');
    const toggle = page.locator('.vitrine-search__filter-toggle');
    await toggle.waitFor({ timeout: 15_000 });
    const drawer = page.locator('dialog.vitrine-search__drawer');
    const facets = drawer.locator('input[type="checkbox"]');
    expect(await facets.count()).toBe(0);
    for (let i = 0; i < 5; i++) {
      await toggle.focus();
      await page.keyboard.press('Enter');
      expect(await drawer.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await facets.count()).toBeGreaterThan(0);
      // Focus is in the drawer, not behind it.
      expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
      await expect.poll(() => facets.count()).toBe(0);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate(() => document.activeElement?.className)).toMatch(/vitrine-search__filter-toggle/);
    }
    // A facet ticked in the drawer is still ticked when it opens again.
    await toggle.focus();
    await page.keyboard.press('Enter');
    const first = facets.first();
    const label = await first.evaluate((box) => box.closest('label')?.textContent?.trim());
    await first.focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => !document.querySelector('.vitrine-search--loading'));
    await page.keyboard.press('Escape');
    await expect.poll(() => facets.count()).toBe(0);
    await toggle.focus();
    await page.keyboard.press('Enter');
    const ticked = await facets.evaluateAll((boxes) => boxes.filter((b) => (b as HTMLInputElement).checked).map((b) => b.closest('label')?.textContent?.trim()));
    expect(ticked).toContain(label);
    expect(errors).toEqual([]);
  });
});

describe('search results replaced while their cards are still being made, at phone speed', () => {
  it('a filter ticked, then Back at once: the first results are shown, whole, with nothing of the filtered answer', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const { page, errors } = await newRecordedPage(context);
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // No org theme: the built-in cards, which name their products (.vitrine-search__name).
    await page.route(
      (u) => u.pathname === '/v1/theme',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: '{"errMsg":null,"widgetThemes":[]}' }),
    );
    await page.goto(suite.fixtures.page('format-worker-search') + '?q=wool');
    const idle = () => page.waitForFunction(() => document.querySelector('.vitrine-search__count[data-vitrine-total]') && !document.querySelector('.vitrine-search--loading'), null, { timeout: 20_000 });
    const shown = () => page.locator('#fw-search .vitrine-search__name').allInnerTexts();
    const total = () => page.locator('.vitrine-search__count').getAttribute('data-vitrine-total');
    await idle();
    const ticked = () => page.locator('.vitrine-search__facet input:checked').evaluateAll((boxes) => boxes.map((b) => b.closest('label')?.textContent?.trim()));
    const before = { names: await shown(), total: await total(), ticked: await ticked() };
    expect(before.names.length).toBeGreaterThan(1);
    // The facet that narrows the results most, ticked, and Back pressed in the same breath.
    const box = page.locator('.vitrine-search__facet input[type="checkbox"]:not([disabled])').last();
    await box.check({ noWaitAfter: true }).catch(() => {});
    await page.goBack({ waitUntil: 'commit' });
    await idle();
    await page.waitForTimeout(1500);
    await idle();
    expect(new URL(page.url()).search).toBe('?q=wool');
    expect({ names: await shown(), total: await total(), ticked: await ticked() }).toEqual(before);
    expect(errors).toEqual([]);
  });
});
