// The merchant journey: a shopper browses every page type of the demo storefront
// (server-rendered, merchant markup only) against the sandbox service. Each page must
// ask for the right algorithm on the right path with the parameters and headers of
// interface.md, render its slots, keep one visitor id, and remember what was viewed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createSandbox, type RecordedRequest, type Sandbox } from '../../../demo/sandbox/createSandbox';
import { createShop, type Shop } from '../../../demo/shop/createShop';
import { createCatalogue } from '../../../demo/sandbox/createCatalogue';
import { CATEGORIES } from '../../../demo/sandbox/categories';
import { JOURNAL_POSTS } from '../../../demo/shop/journalPosts';
import type { AlgorithmName, PageName } from '../../../src/types/interface';
import { launchChromium } from '../chromium';
import { snapshotDist } from '../fixtures/createFixtureServer';
import { expectRendered, newRecordedPage, settled, shownNames, type OpenedPage, type SlotEvent } from './harness';

// interface.md, "Recommendation widget fetch endpoints": path and required parameters.
// The five algorithms it leaves unshown follow DESIGN.md "Fetching".
const UNSHOWN = ['divisionId', 'orgId', 'site_uid', 'domain'];
const EXPECTED: Record<AlgorithmName, { path: string; params: string[] }> = {
  recentviews: { path: '/v1/widgetserver/recentviews', params: ['divisionId', 'site_uid', 'orgId', 'domain'] },
  viewedalsoviewed: { path: '/v1/widgetserver/viewedalsoviewed', params: ['divisionId', 'orgId', 'site_uid', 'domain', 'pname'] },
  contentbasedreco: { path: '/v1/widgetserver/contentbasedreco', params: ['divisionId', 'orgId', 'domain', 'pname'] },
  boughtcatitemsreco: { path: '/v1/widgetserver/custom/boughtcatitemsreco', params: ['divisionId', 'orgId', 'site_uid', 'domain'] },
  boughtalsobought: { path: '/v1/widgetserver/custom/boughtalsobought', params: ['divisionId', 'orgId', 'site_uid', 'domain', 'pname'] },
  trendingincategory: { path: '/v1/widgetserver/trendingcategory', params: ['divisionId', 'orgId', 'pname'] },
  categoryreco: { path: '/v1/widgetserver/categoryreco', params: ['divisionId', 'orgId', 'domain', 'sku'] },
  viewedcatitemsreco: { path: '/v1/widgetserver/viewedcatitemsreco', params: UNSHOWN },
  trending: { path: '/v1/widgetserver/trending', params: UNSHOWN },
  wishlistreco: { path: '/v1/widgetserver/wishlistreco', params: UNSHOWN },
  crosssell: { path: '/v1/widgetserver/crosssell', params: UNSHOWN },
  inspbybrowsehist: { path: '/v1/widgetserver/inspbybrowsehist', params: UNSHOWN },
};

// A slot with an empty `data-vitrine` gets the page's first recommended algorithm whose
// inputs the page has (interface.md's table, in its order). Worked out by hand per page:
// home and cart recommend recentviews first; a collection page without a product has
// neither the sku of categoryreco nor the pname of trendingincategory, so trending; the
// order page recommends trending before anything else; blog and 404 pages have no
// recommended algorithm, so the first one listed for them, recentviews.
const AUTOMATIC: Partial<Record<PageName, AlgorithmName>> = {
  home_page: 'recentviews',
  cart_page: 'recentviews',
  collection_page: 'trending',
  order_page: 'trending',
  blogs_articles_page: 'recentviews',
  '404_page': 'recentviews',
  product_page: 'contentbasedreco',
};

const products = createCatalogue();
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-journey-'));
let distDir: string;
let sandbox: Sandbox;
let shop: Shop;
let browser: Browser;
let shopper: BrowserContext;

interface Slot {
  id: string;
  algorithm: string;
}

interface Visit {
  opened: OpenedPage;
  slots: Slot[];
  outcome: Record<string, SlotEvent>;
  /** Widget GET requests the sandbox answered during this visit. */
  calls: RecordedRequest[];
  /** Theme list requests during this visit. */
  themeCalls: number;
}

const isWidgetCall = (r: RecordedRequest) => r.method === 'GET' && r.path.startsWith('/v1/widgetserver/');

/**
 * Scrolls down a screen at a time, as a shopper would (slots far down load only when
 * they come near the viewport; a jump straight to the end would pass some by).
 */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await frame();
  });
}

/**
 * Waits for every slot with the shopper staying at the end of the page. Widgets drawn
 * after the scroll make the page longer, and a slot they push more than 600 px below the
 * view rightly waits until it comes near again: one scroll to the end of the shorter page
 * left the last slots unasked in some runs.
 */
async function settledAtEnd(page: Page, ids: string[]): Promise<Record<string, SlotEvent>> {
  const stay = setInterval(() => void page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight)).catch(() => {}), 200);
  try {
    return await settled(page, ids);
  } finally {
    clearInterval(stay);
  }
}

/**
 * Opens a shop page (or reuses `opened`), scrolls through it and waits for every slot.
 * Product pages open with `?ssr=0`: this journey follows what the browser asks for, and
 * the demo's server-rendered widgets (asked for by the shop's server) have their own
 * suite, serverRender.test.ts.
 */
async function visit(path: string, opened?: OpenedPage): Promise<Visit> {
  const page = opened ?? (await newRecordedPage(shopper));
  const from = sandbox.requests.length;
  await page.page.goto(shop.url + path);
  await scrollThrough(page.page);
  const slots = await page.page.locator('[data-vitrine]').evaluateAll((els) => els.map((el) => ({ id: el.id, algorithm: el.getAttribute('data-vitrine') ?? '' })));
  expect(slots.length, `${path} has Vitrine slots`).toBeGreaterThan(0);
  const outcome = await settledAtEnd(page.page, slots.map((s) => s.id));
  const answered = sandbox.requests.slice(from);
  return { opened: page, slots, outcome, calls: answered.filter(isWidgetCall), themeCalls: answered.filter((r) => r.method === 'GET' && r.path === '/v1/theme').length };
}

const visitorId = (page: Page) => page.evaluate(() => localStorage.getItem('vitrine_uid'));

/**
 * Everything a page owes the service: per slot one call on the algorithm's path with
 * every required parameter filled, the headers of interface.md "Authentication", the
 * page's visitor and domain, and the algorithm the page type calls for.
 */
async function expectPageAsked(v: Visit, pageType: PageName, product?: { name: string; sku: string }): Promise<void> {
  const uid = await visitorId(v.opened.page);
  expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  for (const slot of v.slots) {
    const outcome = v.outcome[slot.id];
    expect(outcome.detail.page, `page type seen by #${slot.id}`).toBe(pageType);
    // A fallback chain asks its algorithms in order, up to the one that rendered (or failed last).
    const chain = (slot.algorithm ? slot.algorithm.split(/\s+/) : [AUTOMATIC[pageType]]) as AlgorithmName[];
    const shown = outcome.detail.algorithm as AlgorithmName;
    expect(chain, `algorithm of #${slot.id}`).toContain(shown);
    const tried = chain.slice(0, chain.indexOf(shown) + 1);
    expect(((outcome.detail.skipped ?? []) as { algorithm: string }[]).map((skip) => skip.algorithm), `skipped by #${slot.id}`).toEqual(tried.slice(0, -1));
    const calls = v.calls.filter((r) => r.query.divisionId === slot.id);
    expect(calls.map((c) => c.path), `calls for #${slot.id}`).toEqual(tried.map((a) => EXPECTED[a].path));
    for (const [i, call] of calls.entries()) expectCall(call, tried[i], slot.id, uid, product);
  }
}

/** One widget call: the algorithm's required parameters, the page's visitor, domain and product, the headers. */
function expectCall(call: RecordedRequest, algorithm: AlgorithmName, slotId: string, uid: string | null, product?: { name: string; sku: string }): void {
  for (const name of EXPECTED[algorithm].params) expect(call.query[name], `${name} of #${slotId}`).toBeTruthy();
  expect(call.query.orgId).toBe(sandbox.orgId);
  if (call.query.site_uid !== undefined) expect(call.query.site_uid).toBe(uid);
  if (call.query.domain !== undefined) expect(call.query.domain).toBe('127.0.0.1');
  if (product && call.query.pname !== undefined) expect(call.query.pname).toBe(product.name);
  if (product && call.query.sku !== undefined) expect(call.query.sku).toBe(product.sku);
  expect(call.headers['accept']).toBe('application/json');
  expect(call.headers['content-type']).toBe('application/json');
  expect(call.headers['x-service-access-token']).toBe(sandbox.apiKey);
  expect(call.headers['x-service-orgid']).toBe(sandbox.orgId);
  expect(call.status).toBe(200);
}

beforeAll(async () => {
  distDir = await snapshotDist();
  sandbox = await createSandbox({ port: 0, dataDir });
  shop = await createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, distDir });
  browser = await launchChromium();
  shopper = await browser.newContext({ viewport: { width: 1280, height: 800 } });
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

describe('merchant journey on the demo storefront', () => {
  const [first, second] = [products[3], products[40]];
  let firstVisitor: string | null = null;

  it('product page: every slot asks with the product and renders, the bundle anchored on it', async () => {
    const v = await visit(`/products/${first.handle}?ssr=0`);
    // A first visit has viewed only this product, and a page never recommends itself:
    // recent views have nothing to show yet; a slot that chains them goes on to the next
    // algorithm, one that names them alone keeps its fallback.
    const recent = v.slots.filter((s) => v.outcome[s.id].detail.algorithm === 'recentviews').map((s) => s.id);
    for (const id of recent) expect(v.outcome[id].detail.kind, `#${id}`).toBe('empty');
    expectRendered(v.outcome, v.slots.map((s) => s.id).filter((id) => !recent.includes(id)));
    await expectPageAsked(v, 'product_page', first);
    // viewedalsoviewed needs the product: it was read from the page's JSON-LD.
    expect(v.calls.some((c) => c.path.endsWith('/viewedalsoviewed') && c.query.pname === first.name)).toBe(true);
    const bundle = v.slots.find((s) => s.algorithm === 'crosssell');
    if (bundle) {
      const names = await shownNames(v.opened.page, bundle.id);
      expect(names[0]).toBe(first.name);
      expect(names.length).toBeGreaterThan(1);
      await expect(v.opened.page.locator(`#${bundle.id} .vitrine__total`).innerText()).resolves.toMatch(/€/);
    }
    // The org's themes: asked for once for the whole page, however many slots it has.
    expect(v.slots.length).toBeGreaterThan(1);
    expect(v.themeCalls).toBe(1);
    expect(v.opened.errors).toEqual([]);
    firstVisitor = await visitorId(v.opened.page);
    // The id is kept in a first-party cookie as well as in localStorage.
    const cookies = await shopper.cookies(shop.url);
    expect(cookies.find((c) => c.name === 'vitrine_uid')?.value).toBe(firstVisitor);
    await v.opened.page.close();
  });

  it('the visitor id is the same after a reload and on the next page', async () => {
    const v = await visit(`/products/${second.handle}?ssr=0`);
    expect(await visitorId(v.opened.page)).toBe(firstVisitor);
    // Themes fetched a moment ago are kept across page views: no second request.
    expect(v.themeCalls).toBe(0);
    const again = await visit(`/products/${second.handle}?ssr=0`, v.opened);
    expect(await visitorId(again.opened.page)).toBe(firstVisitor);
    const uids = new Set([...v.calls, ...again.calls].map((c) => c.query.site_uid).filter(Boolean));
    expect([...uids]).toEqual([firstVisitor]);
    await v.opened.page.close();
  });

  it('home page: recent views show the products just browsed, newest first', async () => {
    const v = await visit('/');
    expectRendered(v.outcome, v.slots.map((s) => s.id));
    await expectPageAsked(v, 'home_page');
    const recent = v.slots.find((s) => v.outcome[s.id].detail.algorithm === 'recentviews');
    expect(recent, 'the home page has a slot showing recent views').toBeDefined();
    const names = await shownNames(v.opened.page, recent!.id);
    expect(names.slice(0, 2)).toEqual([second.name, first.name]);
    expect(v.opened.errors).toEqual([]);
    await v.opened.page.close();
  });

  const simplePages: [string, string, PageName][] = [
    ['collection page', `/collections/${CATEGORIES[1].slug}`, 'collection_page'],
    ['journal index', '/blogs/journal', 'blogs_articles_page'],
    ['journal post', `/blogs/journal/${JOURNAL_POSTS[0].handle}`, 'blogs_articles_page'],
    ['404 page', '/no-such-page', '404_page'],
  ];
  for (const [label, path, pageType] of simplePages) {
    it(`${label}: the page type's algorithms are asked for and render`, async () => {
      const v = await visit(path);
      expectRendered(v.outcome, v.slots.map((s) => s.id));
      await expectPageAsked(v, pageType);
      expect(v.opened.errors).toEqual([]);
      await v.opened.page.close();
    });
  }

  it('cart and order confirmation pages render after a purchase', async () => {
    const added = await shopper.request.post(shop.url + '/cart/add', { form: { sku: first.sku, qty: '1' }, headers: { Accept: 'application/json' } });
    expect(added.ok()).toBe(true);
    const cart = await visit('/cart');
    expectRendered(cart.outcome, cart.slots.map((s) => s.id));
    await expectPageAsked(cart, 'cart_page');
    const page = cart.opened.page;
    const from = sandbox.requests.length;
    await Promise.all([page.waitForURL(/\/orders\/\w+\/confirmation$/), page.getByRole('button', { name: 'Check out' }).click()]);
    await scrollThrough(page);
    const slots = await page.locator('[data-vitrine]').evaluateAll((els) => els.map((el) => ({ id: el.id, algorithm: el.getAttribute('data-vitrine') ?? '' })));
    const outcome = await settledAtEnd(page, slots.map((s) => s.id));
    const order = { opened: cart.opened, slots, outcome, calls: sandbox.requests.slice(from).filter(isWidgetCall), themeCalls: 0 };
    expectRendered(order.outcome, slots.map((s) => s.id));
    await expectPageAsked(order, 'order_page');
    expect(cart.opened.errors).toEqual([]);
    await page.close();
  });

  it('a new browser context is a new visitor with no recent views: the chain shows trending', async () => {
    const stranger = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const opened = await newRecordedPage(stranger);
      const from = sandbox.requests.length;
      await opened.page.goto(shop.url + '/');
      await scrollThrough(opened.page);
      const ids = await opened.page.locator('[data-vitrine]').evaluateAll((els) => els.map((el) => el.id));
      const outcome = await settled(opened.page, ids);
      const uid = await visitorId(opened.page);
      expect(uid).toBeTruthy();
      expect(uid).not.toBe(firstVisitor);
      const calls = sandbox.requests.slice(from).filter(isWidgetCall);
      expect(calls.every((c) => c.query.site_uid === undefined || c.query.site_uid === uid)).toBe(true);
      // Nothing viewed yet: the home shelf's chain passes over recent views and shows trending.
      const recent = ids.find((id) => (outcome[id].detail.skipped as { algorithm: string }[] | undefined)?.some((skip) => skip.algorithm === 'recentviews'));
      expect(recent).toBeDefined();
      expect(outcome[recent!]).toMatchObject({ type: 'render', detail: { algorithm: 'trending', skipped: [{ algorithm: 'recentviews', why: 'recentviews returned no products' }] } });
      expect((await shownNames(opened.page, recent!)).length).toBeGreaterThan(0);
    } finally {
      await stranger.close();
    }
  });
});
