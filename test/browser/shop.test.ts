// The demo storefront clicked through in Chromium as a shopper would:
// home → collection → product → cart → order confirmation → journal → search → 404,
// against the sandbox service. Every page must show its own content; once the
// embed is built, its widgets must render from the sandbox and the sandbox must
// learn the product views (recent views on the way back home).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { createShop, type Shop } from '../../demo/shop/createShop';

const artifacts = join(process.cwd(), 'test', 'artifacts', 'shop');
const embedBuilt = existsSync('dist/vitrine.js');

let sandbox: Sandbox;
let shop: Shop;
let browser: Browser;
let page: Page;
let dataDir: string;
const pageErrors: string[] = [];
let viewed = '';

async function shot(name: string): Promise<void> {
  // From the top, so the sticky header sits where a shopper sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/** Scrolls a slot into view (widgets render lazily) and waits for its product links. */
async function widgetProducts(slotId: string): Promise<string[]> {
  const slot = page.locator(`#${slotId}`);
  await slot.scrollIntoViewIfNeeded();
  await page.waitForFunction((id) => (document.getElementById(id)?.querySelectorAll('.vitrine a[href^="/products/"]').length ?? 0) > 0, slotId, { timeout: 10_000 })
    .catch(async (e: Error) => {
      // Say what the sandbox was asked and what the slot holds: a bare timeout explains nothing.
      const asked = sandbox.requests.filter((r) => r.query.divisionId === slotId).map((r) => `${r.method} ${r.path} ${r.status}`);
      const html = await slot.evaluate((el) => el.outerHTML.slice(0, 300));
      throw new Error(`${e.message}\nrequests for ${slotId}: ${asked.join('; ') || 'none'}\nslot: ${html}`);
    });
  return slot.locator('.vitrine a[href^="/products/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'vitrine-shop-'));
  sandbox = await createSandbox({ port: 0, dataDir });
  shop = await createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await sandbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a shopper clicks through the demo shop', () => {
  it('home: hero, departments, and the trending widget rendered with the carousel theme', async () => {
    const res = await page.goto(shop.url + '/');
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1').textContent()).resolves.toBe('Made to last. Chosen with care.');
    expect(await page.locator('.site-nav a').count()).toBeGreaterThanOrEqual(8);
    if (embedBuilt) {
      const links = await widgetProducts('home-trending');
      expect(links.length).toBeGreaterThan(3);
      // The carousel theme's jsTemplate ran on its widget.
      await page.waitForSelector('#home-trending [data-theme-script="ran"]', { timeout: 5000 });
      expect(await page.locator('#home-trending .vitrine-theme--maison-carousel').count()).toBe(1);
      // A first visit has no recent views: the slot's chain goes on to trending.
      const picked = await widgetProducts('home-recent');
      expect(picked.length).toBeGreaterThan(3);
      expect(sandbox.requests.filter((r) => r.method === 'GET' && r.query.divisionId === 'home-recent').map((r) => r.path)).toEqual(['/v1/widgetserver/recentviews', '/v1/widgetserver/trending']);
    }
    await shot('1-home');
  });

  it('collection: the department grid, reached from the navigation', async () => {
    await page.locator('.site-nav a', { hasText: 'Knitwear' }).click();
    await page.waitForURL('**/collections/knitwear');
    await expect(page.locator('h1').textContent()).resolves.toBe('Knitwear');
    expect(await page.locator('.grid .card').count()).toBe(22);
    if (embedBuilt) expect((await widgetProducts('collection-trending')).length).toBeGreaterThan(0);
    await shot('2-collection');
  });

  it('product: details, JSON-LD, and widgets anchored on this product', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const card = page.locator('.grid .card a').nth(2);
    viewed = (await card.locator('.card__name').textContent()) ?? '';
    await card.click();
    await page.waitForURL('**/products/**');
    await expect(page.locator('h1').textContent()).resolves.toBe(viewed);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({ '@type': 'Product', name: viewed, offers: { priceCurrency: 'EUR' } });
    if (embedBuilt) {
      const alsoViewed = await widgetProducts('pdp-also-viewed');
      expect(alsoViewed.length).toBeGreaterThan(0);
      expect(alsoViewed).not.toContain(new URL(page.url()).pathname);
      // The embed found the product on its own (JSON-LD) and sent it with the visitor id.
      const call = sandbox.requests.find((r) => r.method === 'GET' && r.path === '/v1/widgetserver/viewedalsoviewed');
      expect(call?.query.pname).toBe(viewed);
      expect(call?.query.site_uid).toMatch(/.+/);
      expect(call?.query.divisionId).toBe('pdp-also-viewed');
      expect(call?.status).toBe(200);
      await page.locator('#pdp-bundle').scrollIntoViewIfNeeded();
      await page.waitForFunction(() => (document.querySelector('#pdp-bundle .vitrine')?.textContent ?? '').length > 0, undefined, { timeout: 10_000 });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('3-product');
  });

  it('cart: the product added with the form', async () => {
    await page.locator('form.add-to-cart button[type="submit"]').click();
    await page.waitForURL('**/cart');
    await expect(page.locator('h1').textContent()).resolves.toBe('Your cart');
    await expect(page.locator('.cart__line a').first().textContent()).resolves.toBe(viewed);
    await expect(page.locator('[data-cart-count]').textContent()).resolves.toBe('1');
    await shot('4-cart');
  });

  it('order confirmation: after checking out', async () => {
    await page.locator('.cart__summary button', { hasText: 'Check out' }).click();
    await page.waitForURL(/\/orders\/MV\d+\/confirmation$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Thank you, your order is confirmed');
    await expect(page.locator('.confirmation__lines').textContent()).resolves.toContain(viewed);
    await expect(page.locator('[data-cart-count]').textContent()).resolves.toBe('0');
    await shot('5-order');
  });

  it('journal: an article from the blog index', async () => {
    await page.locator('.site-nav a', { hasText: 'Journal' }).click();
    await page.waitForURL('**/blogs/journal');
    const first = page.locator('.journal-list a').first();
    const title = (await first.locator('.journal-list__title').textContent()) ?? '';
    await first.click();
    await page.waitForURL('**/blogs/journal/**');
    await expect(page.locator('h1').textContent()).resolves.toBe(title);
    expect(await page.locator('.article p').count()).toBeGreaterThan(3);
    if (embedBuilt) {
      // The slot names a product of the article's department: the widget shows more of that department.
      const story = await widgetProducts('journal-shop-the-story');
      expect(story.length).toBeGreaterThan(0);
      // The visitor looked at one knit: the journal now knows which departments they browse.
      const fromDepartments = await widgetProducts('journal-viewed-departments');
      expect(fromDepartments.length).toBeGreaterThan(0);
    }
    await shot('6-journal');
  });

  it('search: from the header box to the results page', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = page.locator('header [data-vitrine-searchbox] input[name="q"]');
    await box.fill('linen');
    await box.press('Enter');
    await page.waitForURL('**/search?q=linen');
    const results = page.locator('#search a[href^="/products/"]');
    await results.first().waitFor({ timeout: 10_000 });
    expect(await results.count()).toBeGreaterThan(3);
    await expect(page.locator('#search').textContent()).resolves.toMatch(/linen/i);
    await shot('7-search');
  });

  it('404: an unknown address, with recent views learnt from the product page', async () => {
    const res = await page.goto(shop.url + '/this/does/not/exist');
    expect(res?.status()).toBe(404);
    await expect(page.locator('h1').textContent()).resolves.toBe('This page has moved or sold out');
    if (embedBuilt) {
      await page.goto(shop.url + '/');
      const recent = await widgetProducts('home-recent');
      expect(await page.locator('#home-recent').textContent()).toContain(viewed);
      expect(recent.length).toBe(1);
      await shot('8-home-again');
      await page.goto(shop.url + '/this/does/not/exist');
    }
    await shot('8-404');
  });

  it('never threw an error on the page', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe.runIf(embedBuilt)('debug mode: the widget performance panel', () => {
  /** The panel's counts for a slot: [impressions, clicks, add-to-carts]. */
  const row = (slot: string) =>
    page.locator('.perf tbody tr', { hasText: '#' + slot }).locator('td').evaluateAll((cells) => cells.map((c) => Number(c.textContent)));

  it('counts what the events carry per slot in this browser, and names the click that led to a product', async () => {
    const fresh = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page = fresh;
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(shop.url + '/?vitrine_debug=1');
    const links = await widgetProducts('home-trending');
    await expect.poll(() => row('home-trending')).toEqual([1, 0, 0]);
    // What the analytics chunk sent to the page's dataLayer, as a tag manager would read it.
    // Every product the widget holds, drawn yet or not (a carousel draws its later cards when swiped near).
    const products = await page.locator('#home-trending .vitrine__slide').count();
    expect(products).toBeGreaterThanOrEqual(links.length);
    await expect.poll(() => page.locator('.perf__last').textContent()).toBe(`Last sent to dataLayer: view_item_list · home-trending · ${products} item(s)`);
    await expect(page.locator('.perf__from').textContent()).resolves.toBe('Not opened from a widget.');
    await Promise.all([page.waitForURL(/\/products\//), page.locator('#home-trending .vitrine a[href^="/products/"]').nth(1).click()]);
    await page.goto(page.url() + '?vitrine_debug=1');
    await expect.poll(() => page.locator('.perf__from').textContent()).toBe('Opened from #home-trending (trending, position 2)');
    // Counted across pages: the home page's impression and click are still there.
    await expect.poll(() => row('home-trending')).toEqual([1, 1, 0]);
    await page.locator('#pdp-bundle').scrollIntoViewIfNeeded();
    await expect.poll(() => row('pdp-bundle')).toEqual([1, 0, 0]);
    await page.locator('#pdp-bundle .vitrine__add').click();
    // The shop adds by itself (shop.js) and the header's count follows; the page stays.
    await expect.poll(() => page.locator('[data-cart-count]').textContent()).not.toBe('0');
    await page.goto(shop.url + '/cart?vitrine_debug=1');
    await expect.poll(() => row('pdp-bundle')).toEqual([1, 0, 1]);
    await page.screenshot({ path: join(artifacts, '9-widget-performance.png') });
    expect(pageErrors).toEqual([]);
  });
});
