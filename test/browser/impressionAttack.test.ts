// `vitrine:impression` and the analytics chunk's `view_item_list` against a hostile page
// and a merchant's analytics: the built script tag in Chromium, the sample org's
// carousel theme (its jsTemplate's runner is the chunk vitrine-script.js, held back,
// failed or let through per case). Each widget says `vitrine:render` first, then at most
// one impression, once half of it has been in view; the items the merchant's Tag Manager
// gets are the cards the shopper sees; a widget that left the page sends nothing and is
// not kept.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { createCatalogue, sellingPrice } from '../../demo/sandbox/createCatalogue';
import { newRecordedPage, repeatProducts, serveThemes, settled, shownNames, slotEvents, type OpenedPage, type SlotEvent } from './embed/harness';
import { basePage, useServerPages, vitrineTag } from './useServerPages';
import { heapCounts, heapSession } from './heapCounts';
import type * as ServerApi from '../../src/server/index';

const { renderSlots } = (await import('../../dist/server.mjs' as string)) as typeof ServerApi;
// Pages come from a server on 127.0.0.1 (a page the test fulfils itself would not count
// as loopback, and Chromium would keep it from calling the sandbox).
const suite = useServerPages('impression-attack');
const catalogue = new Map(createCatalogue().map((p) => [p.name, p]));

type ScriptChunk = 'hold' | 'pass' | 404 | 500;

interface Opened extends OpenedPage {
  context: BrowserContext;
  /** Lets the held theme script chunk through. */
  release: () => void;
  /** The GA4 events pushed to the page's dataLayer for a list (Tag Manager's `{ event, ecommerce }`). */
  pushed: (list: string) => Promise<Record<string, unknown>[]>;
}

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
});

/**
 * A product page (the sample store's coat) with `main` as its body, the script tag with
 * `data-analytics="datalayer"` and `tag` added, and the theme script chunk held back,
 * failed or let through. A Tag Manager page starts with
 * `window.dataLayer = window.dataLayer || []`
 * (https://developers.google.com/tag-platform/tag-manager/datalayer).
 */
async function open(main: string, script: ScriptChunk, { tag = '', height = 800 } = {}): Promise<Opened> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height } });
  contexts.push(context);
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await context.route(/\/vitrine-script\.js$/, async (route: Route) => {
    if (typeof script == 'number') return route.fulfill({ status: script, contentType: 'text/plain', body: 'gone' });
    if (script == 'hold') await released;
    await route.continue().catch(() => {});
  });
  await context.addInitScript(() => {
    (window as unknown as { dataLayer: unknown[] }).dataLayer = (window as unknown as { dataLayer?: unknown[] }).dataLayer || [];
  });
  const opened = await newRecordedPage(context);
  suite.pages.show(`<main>${main}</main>${vitrineTag(suite.sandbox, ' data-analytics="datalayer"' + tag)}`, '');
  await opened.page.goto(suite.pages.origin + '/products/coat');
  const pushed = (list: string) =>
    opened.page.evaluate(
      (id) => (window as unknown as { dataLayer: { event?: string; ecommerce?: { item_list_id?: string } }[] }).dataLayer.filter((e) => e && e.event == 'view_item_list' && e.ecommerce?.item_list_id == id),
      list,
    ) as Promise<Record<string, unknown>[]>;
  return { ...opened, context, release, pushed };
}

const carousel = (id: string, more = '') => `<div id="${id}" data-vitrine="trending" data-vitrine-layout="carousel" data-vitrine-title="Trending"${more}></div>`;
const gap = (px: number) => `<div style="height:${px}px"></div>`;

/** Two frames and a task after them: an impression the frame's observer sent has been heard by then. */
const settle = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))));

/** The slot's render and impression events, in the order the page heard them. */
const story = async (page: Page, id: string) => (await slotEvents(page)).filter((e) => e.id == id && (e.type == 'render' || e.type == 'impression'));
const kinds = (events: SlotEvent[]) => events.map((e) => e.type);

/** Waits until the slot has sent its impression. */
const impressionOf = (page: Page, id: string) =>
  expect.poll(async () => (await slotEvents(page)).filter((e) => e.id == id).map((e) => e.type + (e.type == 'error' ? ': ' + String(e.detail.message) : '')), { timeout: 10_000 }).toContain('impression');

/** Waits until the slot's widget shows cards (drawn, whether or not its render was sent). */
const drawn = (page: Page, id: string) => page.waitForFunction((slot) => !!document.querySelector(`#${slot} > .vitrine [data-vitrine-index]`), id, { timeout: 10_000 });

/** The GA4 items of Google's reference for the names a widget shows, from the shop's catalogue. */
const items = (names: string[]) =>
  names.map((name, index) => {
    const p = catalogue.get(name);
    if (!p) throw new Error(`"${name}" is not a product of the sample store`);
    return { item_id: p.sku, item_name: p.name, price: sellingPrice(p), currency: 'EUR', index };
  });

const call = (page: Page, what: string, arg?: unknown) =>
  page.evaluate(([name, a]) => (window as unknown as { Vitrine: Record<string, (x?: unknown) => void> }).Vitrine[name as string](a), [what, arg] as const);

describe('a widget whose theme script is still on the wire', () => {
  it('refresh() and setContext() meanwhile: one render, then one impression, whose items are the cards of the page said last', async () => {
    const { page, errors, release, pushed } = await open(carousel('an-carousel'), 'hold');
    await drawn(page, 'an-carousel');
    // Each call leaves a task or two after it is asked for, and one asked for meanwhile
    // takes its place: the refresh's call is let out before the new context is said.
    const calls = (n: number) => page.waitForFunction((count) => performance.getEntriesByType('resource').filter((r) => r.name.includes('/v1/widgetserver/')).length >= count, n, { timeout: 10_000 });
    await call(page, 'refresh');
    await calls(2);
    await call(page, 'setContext', { pname: 'Colmar Cardigan', sku: 'MV-KNI-002' });
    await calls(3);
    await settle(page);
    // Seen, drawn three times, and not yet whole: nothing said so far.
    expect(await story(page, 'an-carousel')).toEqual([]);
    release();
    await settled(page, ['an-carousel']);
    await impressionOf(page, 'an-carousel');
    await settle(page);
    const names = await shownNames(page, 'an-carousel');
    expect(kinds(await story(page, 'an-carousel'))).toEqual(['render', 'impression']);
    expect((await story(page, 'an-carousel'))[1].detail.products).toBe(names.length);
    expect(await pushed('an-carousel')).toEqual([{ event: 'view_item_list', ecommerce: { item_list_id: 'an-carousel', item_list_name: 'Trending', vitrine_algorithm: 'trending', items: items(names) } }]);
    expect(errors).toEqual([]);
  });

  it('scrolled into view and out again before its render: seen once, so one impression, after the render', async () => {
    const { page, errors, release, pushed } = await open(gap(1500) + carousel('an-carousel') + gap(1500), 'hold');
    await page.locator('#an-carousel').scrollIntoViewIfNeeded();
    await drawn(page, 'an-carousel');
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    expect(await story(page, 'an-carousel')).toEqual([]);
    release();
    await settled(page, ['an-carousel']);
    await impressionOf(page, 'an-carousel');
    await settle(page);
    expect(kinds(await story(page, 'an-carousel'))).toEqual(['render', 'impression']);
    const names = await shownNames(page, 'an-carousel');
    expect(await pushed('an-carousel')).toEqual([{ event: 'view_item_list', ecommerce: expect.objectContaining({ item_list_id: 'an-carousel', items: items(names) }) }]);
    expect(errors).toEqual([]);
  });

  it('redrawn with other products and a scripted theme before it was seen: the impression waits for that render and lists its cards', async () => {
    // A whole-widget grid (no script) is rendered below the fold, then its settings change
    // to the scripted carousel theme: the new cards are drawn while the script is held.
    const grid = '<div id="an-grid" data-vitrine="viewedalsoviewed" data-vitrine-layout="matrix" data-vitrine-theme="maison-grid" data-vitrine-max="4" data-vitrine-title="Customers also viewed"></div>';
    // Below the 800 px screen, within the 600 px a widget is loaded ahead of the shopper.
    const { page, errors, release, pushed } = await open(gap(1000) + grid + gap(1500), 'hold');
    await settled(page, ['an-grid']);
    await settle(page);
    expect(kinds(await story(page, 'an-grid'))).toEqual(['render']);
    await page.evaluate(() => {
      const el = document.getElementById('an-grid')!;
      el.setAttribute('data-vitrine', 'trending');
      el.setAttribute('data-vitrine-layout', 'carousel');
      el.setAttribute('data-vitrine-theme', 'maison-carousel');
      el.setAttribute('data-vitrine-max', '8');
    });
    await drawn(page, 'an-grid');
    await page.locator('#an-grid').scrollIntoViewIfNeeded();
    await settle(page);
    // The carousel is shown, its script not run: its render is not sent, nor is its impression.
    expect(kinds(await story(page, 'an-grid'))).toEqual(['render']);
    expect(await pushed('an-grid')).toEqual([]);
    release();
    await impressionOf(page, 'an-grid');
    await settle(page);
    expect(kinds(await story(page, 'an-grid'))).toEqual(['render', 'render', 'impression']);
    const names = await shownNames(page, 'an-grid');
    expect(names).toHaveLength(8);
    expect(await pushed('an-grid')).toEqual([{ event: 'view_item_list', ecommerce: { item_list_id: 'an-grid', item_list_name: 'Customers also viewed', vitrine_algorithm: 'trending', items: items(names) } }]);
    expect(errors).toEqual([]);
  });

  it('taken out of the page before its render: no render, no impression, nothing thrown, the widget not kept', async () => {
    const { page, errors, release, pushed } = await open(carousel('an-carousel') + carousel('an-stays'), 'hold');
    await drawn(page, 'an-carousel');
    await drawn(page, 'an-stays');
    await settle(page);
    await page.evaluate(() => document.getElementById('an-carousel')!.remove());
    release();
    await settled(page, ['an-stays']);
    await impressionOf(page, 'an-stays');
    await settle(page);
    expect(await story(page, 'an-carousel')).toEqual([]);
    expect(await pushed('an-carousel')).toEqual([]);
    expect(await pushed('an-stays')).toHaveLength(1);
    const counts = await heapCounts(await heapSession(page));
    expect({ detachedRoots: counts.detachedRoots, detachedSlots: counts.detachedSlots, roots: counts.roots }).toEqual({ detachedRoots: 0, detachedSlots: 0, roots: 1 });
    expect(errors).toEqual([]);
  });

  it('three widgets made whole together: each says its render, then its one impression, with its own cards', async () => {
    const ids = ['an-one', 'an-two', 'an-three'];
    const { page, errors, release, pushed } = await open(ids.map((id) => carousel(id)).join(''), 'hold', { height: 1600 });
    for (const id of ids) await drawn(page, id);
    await settle(page);
    release();
    await settled(page, ids);
    for (const id of ids) await impressionOf(page, id);
    await settle(page);
    for (const id of ids) {
      expect(kinds(await story(page, id)), id).toEqual(['render', 'impression']);
      const names = await shownNames(page, id);
      expect((await pushed(id)).map((e) => (e.ecommerce as { items: unknown }).items), id).toEqual([items(names)]);
    }
    expect(errors).toEqual([]);
  });
});

describe('a theme script chunk that fails', () => {
  // docs/merchants.md: the widget shows all the same and its render says so in `warning`.
  for (const status of [404, 500] as const) {
    it(`${status}: the widget is rendered with the warning, then seen once, and its list reaches the tag`, async () => {
      const { page, errors, pushed } = await open(carousel('an-carousel'), status);
      const outcome = await settled(page, ['an-carousel']);
      expect(outcome["an-carousel"].type, JSON.stringify(outcome["an-carousel"].detail)).toBe("render");
      expect(outcome['an-carousel'].detail.warning).toBe('theme script did not run (vitrine-script.js did not load)');
      await impressionOf(page, 'an-carousel');
      await settle(page);
      expect(kinds(await story(page, 'an-carousel'))).toEqual(['render', 'impression']);
      const names = await shownNames(page, 'an-carousel');
      expect(await pushed('an-carousel')).toEqual([{ event: 'view_item_list', ecommerce: expect.objectContaining({ item_list_id: 'an-carousel', items: items(names) }) }]);
      expect(errors).toEqual([]);
    });
  }
});

describe('a theme script chunk that never answers', () => {
  // A stalled request: the render waits for the chunk as long as for the widget's own call.
  it('the widget is rendered with a warning, then seen once; the chunk arriving later runs no script on that render', async () => {
    const { page, errors, release, pushed } = await open(carousel('an-carousel'), 'hold');
    // Every run of the theme's script marks the root (`root.dataset.themeScript = 'ran'`).
    await page.evaluate(() => {
      const runs: string[] = ((window as unknown as { __scriptRuns: string[] }).__scriptRuns = []);
      new MutationObserver((records) => records.forEach((r) => runs.push((r.target as Element).getAttribute('data-theme-script')!))).observe(document, { subtree: true, attributeFilter: ['data-theme-script'] });
    });
    const outcome = await settled(page, ['an-carousel'], 30_000);
    expect(outcome['an-carousel'].type, JSON.stringify(outcome['an-carousel'].detail)).toBe('render');
    expect(outcome['an-carousel'].detail.warning).toBe('theme script did not run (vitrine-script.js did not load)');
    // Waited for 5 s from the draw, as long as the widget's own call may take.
    expect(outcome['an-carousel'].detail.ms).toBeGreaterThanOrEqual(5000);
    await impressionOf(page, 'an-carousel');
    await settle(page);
    expect(kinds(await story(page, 'an-carousel'))).toEqual(['render', 'impression']);
    const names = await shownNames(page, 'an-carousel');
    expect(await pushed('an-carousel')).toEqual([{ event: 'view_item_list', ecommerce: expect.objectContaining({ item_list_id: 'an-carousel', items: items(names) }) }]);
    // The chunk arrives at last, and the page draws the widget again: that render runs the
    // script, once; the first one, told as not run, stays so.
    release();
    await call(page, 'refresh');
    await expect.poll(async () => kinds(await story(page, 'an-carousel')), { timeout: 15_000 }).toEqual(['render', 'impression', 'render']);
    expect((await story(page, 'an-carousel'))[2].detail.warning).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { __scriptRuns: string[] }).__scriptRuns)).toEqual(['ran']);
    expect(errors).toEqual([]);
  });
});

describe('a widget drawn again after it was seen', () => {
  // docs/merchants.md: "once, when half the widget is in view". A refresh draws the same
  // widget again, in place: it is not seen again (as events.test.ts's refresh leaves it).
  it('refresh() and setContext() after its impression: a new render each, no new impression or view_item_list', async () => {
    const { page, errors, pushed } = await open(carousel('an-carousel'), 'pass');
    await settled(page, ['an-carousel']);
    await impressionOf(page, 'an-carousel');
    await call(page, 'refresh');
    await expect.poll(async () => kinds(await story(page, 'an-carousel')), { timeout: 10_000 }).toEqual(['render', 'impression', 'render']);
    await call(page, 'setContext', { pname: 'Colmar Cardigan', sku: 'MV-KNI-002' });
    await expect.poll(async () => kinds(await story(page, 'an-carousel')), { timeout: 10_000 }).toEqual(['render', 'impression', 'render', 'render']);
    await page.evaluate(() => window.scrollTo(0, 400));
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    expect(kinds(await story(page, 'an-carousel'))).toEqual(['render', 'impression', 'render', 'render']);
    expect(await pushed('an-carousel')).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe('a widget of a hundred products on a phone', () => {
  /** An org theme (the theme list's shape, interface.md) of the tall kind: a card per product and a script, or the whole list in one template. */
  const theme = (whole: boolean) => ({
    id: '7c2a9e14-0b3d-4f58-9a61-2d4e6f8a0b1c',
    orgId: 'impression-attack',
    orgName: 'Impression attack',
    themeId: 'tall-grid',
    name: 'Tall grid',
    displayType: 'matrix',
    description: 'A card per product.',
    type: 'Custom',
    payload: null,
    divisionId: null,
    htmlTemplate: (whole ? '<div class="tg-all">{{#products}}' : '') + '<a class="tg-card" href="{{product_currentPageUrl}}"><span class="tg-name">{{product_name}}</span></a>' + (whole ? '{{/products}}</div>' : ''),
    cssTemplate: '.vitrine-theme--tall-grid .tg-card{display:block;min-height:200px}',
    jsTemplate: whole ? null : 'root.setAttribute("data-cards", root.querySelectorAll(".tg-card").length)',
  });

  /**
   * A phone's product page whose one slot is a matrix of a hundred: the sandbox's answer
   * (at most 12 products) repeated under new names and SKUs, in the same shape, each call
   * under names of its own; `init` runs in the page before its scripts.
   */
  async function openTall(whole: boolean, init?: () => void, above = '') {
    const context = await suite.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    contexts.push(context);
    const opened = await newRecordedPage(context);
    const { page } = opened;
    await serveThemes(page, theme(whole));
    await repeatProducts(page, 100, (i, call) => ({ sku: `TALL-${call}-${i}`, name: `Call ${call} product ${i + 1}`, currentPageUrl: `/products/tall-${i}` }));
    if (init) await page.addInitScript(init);
    suite.pages.show(`<main>${above}<div id="big-matrix" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="100" data-vitrine-title="All of it"></div></main>${vitrineTag(suite.sandbox)}`, '');
    await page.goto(suite.pages.origin + '/products/coat');
    await settled(page, ['big-matrix'], 30_000);
    return opened;
  }

  // Seen whether its first screen alone or all of it (some twenty thousand pixels) is drawn
  // when the first frame is laid out: a widget taller than the screen counts once it fills
  // half of it.
  it('a matrix drawn in tasks: its render once whole, then its impression, of all 100', async () => {
    const { page, errors } = await openTall(false);
    await impressionOf(page, 'big-matrix');
    await settle(page);
    const told = await story(page, 'big-matrix');
    expect(kinds(told)).toEqual(['render', 'impression']);
    expect(told.map((e) => e.detail.products)).toEqual([100, 100]);
    expect(errors).toEqual([]);
  });

  it('refresh() in the task that showed its first cards: one render once whole, one impression of all 100 products', async () => {
    // The page's own code refreshes as soon as the matrix shows its first cards, before it is whole.
    const { page, errors } = await openTall(false, () => {
      const mo = new MutationObserver(() => {
        const cells = document.querySelectorAll('#big-matrix .vitrine__cell');
        if (!cells.length) return;
        mo.disconnect();
        (window as unknown as { filledAtRefresh: number }).filledAtRefresh = [...cells].filter((c) => c.querySelector('.tg-card')).length;
        (window as unknown as { Vitrine: { refresh(): void } }).Vitrine.refresh();
      });
      mo.observe(document, { childList: true, subtree: true });
    });
    await impressionOf(page, 'big-matrix');
    await settle(page);
    // The refresh comes in the task that showed the first cards, whether or not the rest were
    // drawn in it too (cards drawn from one parse often are): the outcome is the same.
    const told = await story(page, 'big-matrix');
    expect(kinds(told)).toEqual(['render', 'impression']);
    expect(told.map((e) => e.detail.products)).toEqual([100, 100]);
    // What is shown, whole, is the second answer, and its script ran on all of it.
    const names = await page.locator('#big-matrix .tg-name').allInnerTexts();
    expect(names).toHaveLength(100);
    expect(names.every((n) => n.startsWith('Call 2 '))).toBe(true);
    expect(await page.locator('#big-matrix > .vitrine').getAttribute('data-cards')).toBe('100');
    expect(errors).toEqual([]);
  });

  // A whole-widget theme of a hundred products (20,000 px on a phone) is never half in view:
  // scrolled through, it is seen once it fills half the screen, and the merchant's GA4 gets
  // its view_item_list.
  it('a whole-widget theme taller than two screens, scrolled through: one impression', async () => {
    const { page } = await openTall(true);
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((next) => requestAnimationFrame(() => requestAnimationFrame(next)));
      }
    });
    await impressionOf(page, 'big-matrix');
    await settle(page);
    const told = await story(page, 'big-matrix');
    expect(kinds(told)).toEqual(['render', 'impression']);
    expect(told[1].detail.products).toBe(100);
  });

  it('a whole-widget theme taller than the screen, its top in view: not seen until it fills half the screen', async () => {
    // Its top a tenth of a screen below the screen: loaded ahead of the shopper, not in view.
    const { page, errors } = await openTall(true, undefined, '<div style="height:110vh"></div>');
    // A quarter of the screen filled by it.
    await page.evaluate(() => window.scrollTo(0, innerHeight * 0.35));
    await settle(page);
    expect(kinds(await story(page, 'big-matrix'))).toEqual(['render']);
    // Three quarters.
    await page.evaluate(() => window.scrollTo(0, innerHeight * 0.85));
    await impressionOf(page, 'big-matrix');
    await settle(page);
    const told = await story(page, 'big-matrix');
    expect(kinds(told)).toEqual(['render', 'impression']);
    expect(told[1].detail.products).toBe(100);
    expect(errors).toEqual([]);
  });
});

describe('a single-page app leaving a route', () => {
  it('a widget rendered below the fold, not yet seen, taken out with its slot: never seen, not kept', async () => {
    // Below the 800 px screen, within the 600 px a widget is loaded ahead of the shopper.
    const { page, errors } = await open(gap(1000) + carousel('an-below') + gap(1500), 'pass');
    await settled(page, ['an-below']);
    await settle(page);
    expect(kinds(await story(page, 'an-below'))).toEqual(['render']);
    // The route changes: the app takes the slot out, then shows what was below it.
    await page.evaluate(() => document.getElementById('an-below')!.remove());
    await page.evaluate(() => window.scrollTo(0, 1000));
    await settle(page);
    expect(kinds(await story(page, 'an-below'))).toEqual(['render']);
    const counts = await heapCounts(await heapSession(page));
    expect({ detachedRoots: counts.detachedRoots, detachedSlots: counts.detachedSlots }).toEqual({ detachedRoots: 0, detachedSlots: 0 });
    expect(errors).toEqual([]);
  });
});

describe('server-rendered widgets', () => {
  const page0 = basePage;
  const creds = () => ({ baseUrl: suite.sandbox.url, orgId: suite.sandbox.orgId, apiKey: suite.sandbox.apiKey });

  it('taken over: its server render, then one impression, and its list reaches the tag', async () => {
    const [a] = await renderSlots({ ...creds(), page: page0, consent: true, timeoutMs: 10_000, slots: [{ id: 'an-server', algorithm: 'trending', layout: 'carousel', title: 'Trending' }] });
    expect(a.ok).toBe(true);
    const { page, errors, release, pushed } = await open(`<div id="an-server" data-vitrine="trending" data-vitrine-layout="carousel" data-vitrine-title="Trending">${a.html}</div>`, 'hold');
    await settle(page);
    expect(await story(page, 'an-server')).toEqual([]);
    release();
    await settled(page, ['an-server']);
    await impressionOf(page, 'an-server');
    await settle(page);
    const told = await story(page, 'an-server');
    expect(kinds(told)).toEqual(['render', 'impression']);
    expect(told[0].detail.server).toBe(true);
    const names = await shownNames(page, 'an-server');
    expect(await pushed('an-server')).toEqual([{ event: 'view_item_list', ecommerce: expect.objectContaining({ item_list_id: 'an-server', items: items(names) }) }]);
    // Drawn again the client way (a single-page app's refresh): still shown, not seen again.
    await call(page, 'refresh');
    await expect.poll(async () => kinds(await story(page, 'an-server')), { timeout: 10_000 }).toEqual(['render', 'impression', 'render']);
    await settle(page);
    expect(await page.locator('#an-server > .vitrine').evaluate((root) => root.getBoundingClientRect().height)).toBeGreaterThan(100);
    expect(kinds(await story(page, 'an-server'))).toEqual(['render', 'impression', 'render']);
    expect(await pushed('an-server')).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('a personal one without consent is drawn again the client way: one impression; consent given later draws it again, not seen again', async () => {
    const visitor = 'visitor-impression-0001';
    // A view the sandbox learns, so the visitor has something to recall.
    await renderSlots({ ...creds(), page: { ...page0, siteUid: visitor }, consent: true, timeoutMs: 10_000, slots: [{ id: 'seen', algorithm: 'viewedalsoviewed trending' }] });
    const other = createCatalogue().find((p) => p.category == 'shoes')!;
    const [recent] = await renderSlots({ ...creds(), page: { ...page0, pname: other.name, sku: other.sku, siteUid: visitor }, consent: true, timeoutMs: 10_000, slots: [{ id: 'an-recent', algorithm: 'recentviews trending', layout: 'carousel' }] });
    expect(recent.algorithm).toBe('recentviews');
    const { page, errors, release, pushed } = await open(`<div id="an-recent" data-vitrine="recentviews trending" data-vitrine-layout="carousel">${recent.html}</div>`, 'hold', { tag: ' data-consent="required"' });
    await drawn(page, 'an-recent');
    await settle(page);
    expect(await story(page, 'an-recent')).toEqual([]);
    release();
    await settled(page, ['an-recent']);
    await impressionOf(page, 'an-recent');
    await settle(page);
    const told = await story(page, 'an-recent');
    expect(kinds(told)).toEqual(['render', 'impression']);
    expect(told[0].detail).toMatchObject({ algorithm: 'trending', personal: false });
    expect(told[0].detail.server).toBeUndefined();
    // The client's widget is the one shown, in the server's place.
    expect(await page.locator('#an-recent > .vitrine').evaluate((root) => root.getBoundingClientRect().height)).toBeGreaterThan(100);
    const names = await shownNames(page, 'an-recent');
    expect(await pushed('an-recent')).toEqual([{ event: 'view_item_list', ecommerce: expect.objectContaining({ item_list_id: 'an-recent', vitrine_algorithm: 'trending', items: items(names) }) }]);
    await call(page, 'consent', true);
    await expect.poll(async () => kinds(await story(page, 'an-recent')), { timeout: 10_000 }).toEqual(['render', 'impression', 'render']);
    await settle(page);
    expect(kinds(await story(page, 'an-recent'))).toEqual(['render', 'impression', 'render']);
    expect(await pushed('an-recent')).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
