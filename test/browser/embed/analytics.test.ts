// The analytics chunk as a merchant's Google tag sees it: the exact GA4 e-commerce
// objects pushed for an impression, a product click and a bundle add-to-cart, for a card
// theme and a whole-widget theme; the click that opened a product page, in that tab only;
// and nothing kept in storage before consent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createCatalogue, sellingPrice } from '../../../demo/sandbox/createCatalogue';
import { expectRendered, newRecordedPage, settled, shownNames, slotEvents, type OpenedPage } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const SLOTS = ['an-carousel', 'an-bundle', 'an-grid'];
const suite = useFixtureSuite('analytics');
const catalogue = new Map(createCatalogue().map((p) => [p.name, p]));

/** One call the page made to its Google tag: a dataLayer push, or gtag's arguments. */
interface TagCall {
  url: string;
  value: unknown;
}

type Tag = 'datalayer' | 'gtag' | 'none';

/**
 * The Google tag of the page, as Google documents it, with every call recorded (copied
 * as JSON when made, so later changes or a navigation lose nothing):
 * - Tag Manager: `window.dataLayer = window.dataLayer || []`, an array the page pushes
 *   objects onto (https://developers.google.com/tag-platform/tag-manager/datalayer).
 * - gtag.js with a renamed data layer (`l=shopLayer` in its URL): `function gtag(){
 *   shopLayer.push(arguments); }` and no `window.dataLayer`
 *   (https://developers.google.com/tag-platform/devguides/datalayer#rename_the_data_layer).
 */
function installTag(tag: Tag): void {
  const record = (item: unknown) => {
    // gtag pushes its `arguments` object: recorded as the list of arguments it is.
    const value = Object.prototype.toString.call(item) == '[object Arguments]' ? Array.from(item as ArrayLike<unknown>) : item;
    (window as unknown as { recordTagCall: (value: unknown) => void }).recordTagCall(JSON.parse(JSON.stringify(value)));
  };
  const recorded = (layer: unknown[]) => {
    const push = layer.push;
    layer.push = function (...items: unknown[]) {
      items.forEach(record);
      return push.apply(this, items);
    };
    return layer;
  };
  const w = window as unknown as Record<string, unknown>;
  if (tag == 'datalayer') w.dataLayer = recorded((w.dataLayer as unknown[]) || []);
  if (tag == 'gtag') {
    const shopLayer = recorded((w.shopLayer as unknown[]) || []);
    w.shopLayer = shopLayer;
    w.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      shopLayer.push(arguments);
    };
  }
}

/** A browser context whose pages carry that tag; product pages are the fixture page again. */
async function openContext(tag: Tag, fixture = 'analytics'): Promise<{ context: BrowserContext; calls: TagCall[] }> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const calls: TagCall[] = [];
  await context.exposeBinding('recordTagCall', ({ page }, value: unknown) => void calls.push({ url: page.url(), value }));
  await context.addInitScript(installTag, tag);
  // Sent on to the fixture server (a page fulfilled by the test itself would not count
  // as loopback, and Chromium would keep it from calling the service).
  await context.route(/\/products\//, (route) => (route.request().isNavigationRequest() ? route.continue({ url: suite.fixtures.page(fixture) }) : route.continue()));
  return { context, calls };
}

async function open(context: BrowserContext, url: string): Promise<OpenedPage> {
  const opened = await newRecordedPage(context);
  await opened.page.goto(url);
  expectRendered(await settled(opened.page, SLOTS), SLOTS);
  return opened;
}

/** The GA4 items Google's reference describes, from the names a widget shows and the shop's own catalogue. */
function items(names: string[], index: (i: number) => number | undefined = (i) => i, quantity?: number) {
  return names.map((name, i) => {
    const p = catalogue.get(name);
    if (!p) throw new Error(`"${name}" is not a product of the sample store`);
    const at = index(i);
    return { item_id: p.sku, item_name: p.name, price: sellingPrice(p), currency: 'EUR', ...(at === undefined ? {} : { index: at }), ...(quantity ? { quantity } : {}) };
  });
}

/** Tag Manager calls for one event of one list: the reset push just before it, and the event. */
async function dataLayerEvent(calls: TagCall[], event: string, list: string): Promise<[unknown, Record<string, unknown>]> {
  const find = () => calls.findIndex((c) => (c.value as { event?: string; ecommerce?: { item_list_id?: string } }).event == event && (c.value as { ecommerce: { item_list_id?: string } }).ecommerce?.item_list_id == list);
  await expect.poll(find, { timeout: 10_000 }).toBeGreaterThan(0);
  const at = find();
  return [calls[at - 1].value, calls[at].value as Record<string, unknown>];
}

const attribution = (page: Page) =>
  page.waitForFunction(() => typeof (window as unknown as { Vitrine: { attribution?: unknown } }).Vitrine.attribution == 'function').then(() =>
    page.evaluate(() => (window as unknown as { Vitrine: { attribution(): unknown } }).Vitrine.attribution()),
  );

describe('Tag Manager: GA4 e-commerce objects pushed to window.dataLayer', () => {
  let context: BrowserContext;
  let calls: TagCall[];
  let opened: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    ({ context, calls } = await openContext('datalayer'));
    opened = await open(context, suite.fixtures.page('analytics'));
    page = opened.page;
  });
  afterAll(() => context?.close());

  it('view_item_list for a card theme: the slot, its title, the algorithm and every card', async () => {
    const names = await shownNames(page, 'an-carousel');
    expect(names.length).toBeGreaterThan(3);
    expect(await dataLayerEvent(calls, 'view_item_list', 'an-carousel')).toEqual([
      { ecommerce: null },
      { event: 'view_item_list', ecommerce: { item_list_id: 'an-carousel', item_list_name: 'Trending', vitrine_algorithm: 'trending', items: items(names) } },
    ]);
  });

  it('view_item_list for a whole-widget theme, once it is half in view', async () => {
    expect(await page.locator('#an-grid .mv-grid').count()).toBe(1);
    expect(await page.locator('#an-grid [data-vitrine-index]').count()).toBe(0);
    expect(calls.some((c) => (c.value as { ecommerce?: { item_list_id?: string } }).ecommerce?.item_list_id == 'an-grid')).toBe(false);
    await page.locator('#an-grid').scrollIntoViewIfNeeded();
    const names = await shownNames(page, 'an-grid');
    expect(names).toHaveLength(4);
    expect(await dataLayerEvent(calls, 'view_item_list', 'an-grid')).toEqual([
      { ecommerce: null },
      { event: 'view_item_list', ecommerce: { item_list_id: 'an-grid', item_list_name: 'Customers also viewed', vitrine_algorithm: 'viewedalsoviewed', items: items(names) } },
    ]);
  });

  it('view_item_list for a bundle: the add-ons it shows, not the page’s own product', async () => {
    const [anchor, ...addons] = await shownNames(page, 'an-bundle');
    expect(anchor).toBe('Quiberon Crewneck');
    expect(addons).toHaveLength(3);
    const [, pushed] = await dataLayerEvent(calls, 'view_item_list', 'an-bundle');
    expect(pushed).toEqual({ event: 'view_item_list', ecommerce: { item_list_id: 'an-bundle', item_list_name: 'Complete the look', vitrine_algorithm: 'crosssell', items: items(addons) } });
  });

  it('select_item on a click; the product page knows the click; add_to_cart from its bundle carries it', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const names = await shownNames(page, 'an-carousel');
    const before = Date.now();
    await Promise.all([page.waitForURL(/\/products\//), page.locator('#an-carousel [data-vitrine-index="2"] a[href]').click()]);
    const after = Date.now();
    const [reset, select] = await dataLayerEvent(calls, 'select_item', 'an-carousel');
    expect(reset).toEqual({ ecommerce: null });
    expect(select).toEqual({ event: 'select_item', ecommerce: { item_list_id: 'an-carousel', item_list_name: 'Trending', vitrine_algorithm: 'trending', items: items([names[2]], () => 2) } });
    // The product URL is the shop's own, unchanged: no tracking parameter was added.
    const product = catalogue.get(names[2])!;
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/products/${product.handle}`);

    expectRendered(await settled(page, SLOTS), SLOTS);
    const click = (await attribution(page)) as Record<string, unknown>;
    expect(click).toEqual({ slot: 'an-carousel', algorithm: 'trending', position: 3, sku: product.sku, name: product.name, at: expect.any(Number) });
    expect(click.at).toBeGreaterThanOrEqual(before);
    expect(click.at).toBeLessThanOrEqual(after);

    const [, ...addons] = await shownNames(page, 'an-bundle');
    await page.locator('#an-bundle .vitrine__add').click();
    const added = (await page.waitForFunction(() => (window as unknown as { lastAddToCart?: unknown }).lastAddToCart).then((h) => h.jsonValue())) as Record<string, unknown>;
    expect(added.attribution).toEqual(click);
    const [, add] = await dataLayerEvent(calls, 'add_to_cart', 'an-bundle');
    const all = ['Quiberon Crewneck', ...addons];
    // The page's own product is first and has no place in the list; each add-on keeps its own.
    const expected = items(all, (i) => (i == 0 ? undefined : i - 1), 1);
    expected[0].price = 225;
    expect(add).toEqual({
      event: 'add_to_cart',
      ecommerce: { item_list_id: 'an-bundle', item_list_name: 'Complete the look', vitrine_algorithm: 'crosssell', currency: 'EUR', value: added.total, items: expected },
    });
    expect(added.total).toBeCloseTo(expected.reduce((sum, i) => sum + i.price, 0), 2);
    expect(opened.errors).toEqual([]);
  });

  it('a page not opened from a widget, and a new tab, have no attribution', async () => {
    await page.goto(suite.fixtures.page('analytics'));
    expect(await attribution(page)).toBeNull();
    const tab = await context.newPage();
    await tab.goto(page.url().replace(/\/[^/]*$/, '/products/anything'));
    expect(await attribution(tab)).toBeNull();
  });
});

describe('gtag.js without window.dataLayer', () => {
  it('the same events go through gtag("event", name, params)', async () => {
    const { context, calls } = await openContext('gtag');
    try {
      const { page, errors } = await open(context, suite.fixtures.page('analytics'));
      const names = await shownNames(page, 'an-carousel');
      // The carousel's own event: the bundle's impression may be heard first.
      const carousel = () => calls.find((c) => (c.value as unknown[])[1] == 'view_item_list' && ((c.value as unknown[])[2] as { item_list_id?: string }).item_list_id == 'an-carousel');
      await expect.poll(carousel, { timeout: 10_000 }).toBeDefined();
      expect(carousel()?.value).toEqual([
        'event',
        'view_item_list',
        { item_list_id: 'an-carousel', item_list_name: 'Trending', vitrine_algorithm: 'trending', items: items(names) },
      ]);
      expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('no Google tag on the page', () => {
  it('nothing is sent and nothing breaks; attribution still works', async () => {
    const { context } = await openContext('none');
    try {
      const { page, errors } = await open(context, suite.fixtures.page('analytics'));
      await page.locator('#an-grid').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, 0));
      await Promise.all([page.waitForURL(/\/products\//), page.locator('#an-carousel [data-vitrine-index="0"] a[href]').click()]);
      expect(await attribution(page)).toMatchObject({ slot: 'an-carousel', position: 1 });
      expect(await page.evaluate(() => ['dataLayer', 'gtag'].filter((k) => k in window))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('storage and consent', () => {
  it('before consent nothing is stored: the product page does not learn the click', async () => {
    const { context, calls } = await openContext('datalayer', 'analytics-consent');
    try {
      const { page, errors } = await open(context, suite.fixtures.page('analytics-consent'));
      await Promise.all([page.waitForURL(/\/products\//), page.locator('#an-carousel [data-vitrine-index="1"] a[href]').click()]);
      // The event still reached the merchant's tag: only storage waits for consent.
      await dataLayerEvent(calls, 'select_item', 'an-carousel');
      expect(await attribution(page)).toBeNull();
      expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a withdrawal drops the stored click; the open page keeps it until it is left', async () => {
    const { context } = await openContext('datalayer');
    try {
      const { page } = await open(context, suite.fixtures.page('analytics'));
      await Promise.all([page.waitForURL(/\/products\//), page.locator('#an-carousel [data-vitrine-index="0"] a[href]').click()]);
      const click = await attribution(page);
      expect(click).toMatchObject({ slot: 'an-carousel', position: 1 });
      expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['vitrine_attribution']);
      await page.evaluate(() => document.dispatchEvent(new CustomEvent('vitrine:consent', { detail: { granted: false } })));
      expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
      expect(await attribution(page)).toEqual(click);
      await page.reload();
      expect(await attribution(page)).toBeNull();
    } finally {
      await context.close();
    }
  });
});

describe('a theme whose script arrives after its widget is drawn', () => {
  // The carousel theme of the sample org has a jsTemplate: its runner is a chunk of its own,
  // held back here for a second and a half. The widget is shown (and in view) at once; its
  // `vitrine:render` comes once the script has run.
  it('the widget is seen after it is rendered, and its view_item_list reaches the tag', async () => {
    const { context, calls } = await openContext('datalayer');
    try {
      await context.route(/\/vitrine-script\.js$/, async (route) => {
        await new Promise((later) => setTimeout(later, 1500));
        await route.continue();
      });
      const { page, errors } = await open(context, suite.fixtures.page('analytics'));
      const names = await shownNames(page, 'an-carousel');
      const [, pushed] = await dataLayerEvent(calls, 'view_item_list', 'an-carousel');
      expect(pushed).toEqual({ event: 'view_item_list', ecommerce: { item_list_id: 'an-carousel', item_list_name: 'Trending', vitrine_algorithm: 'trending', items: items(names) } });
      // The page's own listeners hear the same order.
      const order = (await slotEvents(page)).filter((e) => e.id == 'an-carousel' && (e.type == 'render' || e.type == 'impression')).map((e) => e.type);
      expect(order).toEqual(['render', 'impression']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('when the analytics chunk loads', () => {
  /** When the chunk's request started, and what it is compared with, from the page's own Resource Timing. */
  const timings = (page: Page) =>
    page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const chunk = resources.find((r) => r.name.endsWith('/vitrine-analytics.js'));
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { chunk: chunk?.startTime, load: navigation.loadEventEnd };
    });

  it('not at boot: asked for beside the first widget (here below the view), after the page has loaded and painted', async () => {
    const { context, calls } = await openContext('datalayer');
    try {
      const opened = await newRecordedPage(context);
      await opened.page.goto(suite.fixtures.page('analytics-below'));
      await opened.page.waitForLoadState('load');
      await opened.page.waitForTimeout(300);
      expect((await timings(opened.page)).chunk).toBeUndefined();
      await opened.page.locator('#an-carousel').scrollIntoViewIfNeeded();
      expectRendered(await settled(opened.page, ['an-carousel']), ['an-carousel']);
      expect(await attribution(opened.page)).toBeNull();
      const t = await timings(opened.page);
      expect(t.chunk).toBeGreaterThan(t.load);
      // What was drawn before the chunk ran still reaches the tag.
      await dataLayerEvent(calls, 'view_item_list', 'an-carousel');
      expect(opened.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a page without widgets gets it a moment after its load (Vitrine.attribution for the shop’s code)', async () => {
    const { context } = await openContext('datalayer');
    try {
      const opened = await newRecordedPage(context);
      // The fixture page with its slots taken out.
      await opened.page.route(suite.fixtures.page('analytics'), async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replace(/<div id="an-[^"]+"[^>]*><\/div>/g, '') });
      });
      await opened.page.goto(suite.fixtures.page('analytics'));
      expect(await attribution(opened.page)).toBeNull();
      const t = await timings(opened.page);
      expect(t.chunk).toBeGreaterThan(t.load);
      expect(opened.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
