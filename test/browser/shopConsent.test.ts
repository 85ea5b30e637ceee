// The demo shop with its cookie banner (as `npm start` serves it), clicked through by a
// shopper: nothing identifying is stored until Accept, the choice carries to the next
// page before any slot renders, and "Privacy choices" → Refuse takes it back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { createShop, type Shop } from '../../demo/shop/createShop';
import { snapshotDist } from './fixtures/createFixtureServer';

let sandbox: Sandbox;
let shop: Shop;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dataDir: string;
let distDir: string;
const errors: string[] = [];

/** Widget requests the sandbox answered since `from`: [path, divisionId, site_uid]. */
const widgetCalls = (from: number) =>
  sandbox.requests
    .slice(from)
    .filter((r) => r.path.startsWith('/v1/widgetserver/'))
    .map((r) => [r.path, r.query.divisionId, r.query.site_uid]);

const stored = async () => ({
  cookie: (await context.cookies()).find((c) => c.name === 'vitrine_uid')?.value,
  local: await page.evaluate(() => localStorage.getItem('vitrine_uid')),
});

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vitrine-shop-consent-'));
  distDir = await snapshotDist();
  sandbox = await createSandbox({ port: 0, dataDir });
  shop = await createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, distDir, consentBanner: true });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await sandbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

describe('the demo shop asks before it remembers', () => {
  it('first page: the banner shows, trending renders, nothing identifying is stored', async () => {
    const from = sandbox.requests.length;
    await page.goto(shop.url + '/');
    await expect(page.locator('#consent-banner').isVisible()).resolves.toBe(true);
    await page.waitForSelector('#home-trending .vitrine');
    expect(await stored()).toEqual({ cookie: undefined, local: null });
    expect(await context.cookies()).toEqual([]);
    // Slots near the fold that would be personal (recent views) get trending too.
    const paths = widgetCalls(from).map(([path]) => path);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((path) => path === '/v1/widgetserver/trending')).toBe(true);
  });

  it('Accept: the id is stored, the banner goes, and the next page asks for recent views with it at once', async () => {
    await page.click('[data-consent-answer="yes"]');
    await expect(page.locator('#consent-banner').isVisible()).resolves.toBe(false);
    // Stored in a task after the answer's.
    await expect.poll(async () => (await stored()).cookie, { timeout: 5000 }).toBeDefined();
    const { cookie, local } = await stored();
    expect(cookie).toMatch(/^[0-9a-f-]{36}$/);
    expect(local).toBe(cookie);

    const from = sandbox.requests.length;
    await page.goto(shop.url + '/products/' + (await page.locator('#home-trending .vitrine a[href^="/products/"]').first().getAttribute('href'))!.split('/').pop());
    await page.waitForSelector('.vitrine');
    await expect(page.locator('#consent-banner').isVisible()).resolves.toBe(false);
    // The remembered choice reached Vitrine as its setting: every call carries the stored id.
    const calls = widgetCalls(from);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter(([, , uid]) => uid !== undefined).every(([, , uid]) => uid === cookie)).toBe(true);

    const home = sandbox.requests.length;
    await page.goto(shop.url + '/');
    await page.locator('#home-recent').scrollIntoViewIfNeeded();
    await page.waitForSelector('#home-recent .vitrine');
    expect(widgetCalls(home)).toContainEqual(['/v1/widgetserver/recentviews', 'home-recent', cookie]);
  });

  it('Privacy choices → Refuse: the id is deleted and recent views give way to trending', async () => {
    // Every slot of the page asked and answered while consent held (the last one is near
    // the view only now), so what the sandbox hears next was sent after the refusal.
    await page.locator('#home-picks').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await page.click('[data-consent-change]');
    await expect(page.locator('#consent-banner').isVisible()).resolves.toBe(true);
    const from = sandbox.requests.length;
    await page.click('[data-consent-answer="no"]');
    expect(await stored()).toEqual({ cookie: undefined, local: null });
    await expect.poll(() => widgetCalls(from).find(([, division]) => division === 'home-recent')?.[0]).toBe('/v1/widgetserver/trending');
    expect(widgetCalls(from).every(([path]) => path === '/v1/widgetserver/trending')).toBe(true);

    // The refusal is remembered: the next page stores nothing and asks for nothing personal.
    const next = sandbox.requests.length;
    await page.goto(shop.url + '/');
    await page.waitForSelector('#home-trending .vitrine');
    await expect(page.locator('#consent-banner').isVisible()).resolves.toBe(false);
    expect(await stored()).toEqual({ cookie: undefined, local: null });
    expect(widgetCalls(next).every(([path]) => path === '/v1/widgetserver/trending')).toBe(true);
    expect(errors).toEqual([]);
  });
});
