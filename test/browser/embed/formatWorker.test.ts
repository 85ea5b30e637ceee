// The page's first number format is made by a short-lived worker where the page allows
// one (browser/render/prepareFormat.ts): V8 gathers the locales it can format once per
// process, 10–30 ms a worker pays on its own thread. Prices read the same either way,
// and a page that refuses workers, or whose script tag carries a nonce, loses nothing.
import { describe, expect, it } from 'vitest';
import type { Page, Worker } from 'playwright-core';
import { expectRendered, newRecordedPage, records, settled } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const SLOT = 'fw-matrix';
const suite = useFixtureSuite('format-worker', () => ({
  'format-worker?trusted-types': "require-trusted-types-for 'script'; trusted-types vitrine",
  'format-worker?no-workers': "worker-src 'none'",
}));

/**
 * Opens a fixture page (after `?`, its query); the workers it starts are collected as
 * they start. Themes come back empty, so the built-in cards draw, which mark their
 * prices (.vitrine__price, .vitrine-search__price).
 */
async function openPage(path: string) {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const opened = await newRecordedPage(context);
  const workers: Worker[] = [];
  opened.page.on('worker', (w) => workers.push(w));
  await opened.page.route(
    (u) => u.pathname === '/v1/theme',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: '{"errMsg":null,"widgetThemes":[]}' }),
  );
  const [name, query] = path.split('?');
  await opened.page.goto(suite.fixtures.page(name) + (query ? '?' + query : ''));
  return { ...opened, context, workers };
}

/** Opens the widget page under a policy variant, once its slot has rendered. */
async function open(variant?: string) {
  const opened = await openPage('format-worker' + (variant ? '?policy=' + variant : ''));
  const outcome = await settled(opened.page, [SLOT]);
  expectRendered(outcome, [SLOT]);
  await opened.page.waitForLoadState('load');
  return opened;
}

/** A price as fr-FR writes euros ("1 299,00 €", a sale's "Avant 79,00 € maintenant 50,99 €"). */
function expectFrench(price: string): void {
  expect(price).toMatch(/\d,\d{2}\u00a0€/);
  expect(price).not.toMatch(/\d\.\d{2}|€\d|EUR/);
}

/** Prices were shown, every one in fr-FR. */
function expectAllFrench(prices: string[]): void {
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expectFrench(price);
}

/** The worker's whole script: a fixed URL, nothing of the page's in it. */
const WORKER_URL = 'data:text/javascript,Intl.NumberFormat();postMessage(0);close()';

/** The prices the shopper reads in the widget. */
const prices = (page: Page) => page.locator(`#${SLOT} .vitrine__price`).allInnerTexts();

describe('the first number format of a page', () => {
  it('is made by a worker that ends once it has, and the prices read in the page’s locale', async () => {
    const { page, context, workers, errors } = await open();
    expect(workers.map((w) => w.url())).toEqual([WORKER_URL]);
    // The worker closes itself: nothing of Vitrine's keeps running beside the page.
    await expect.poll(() => page.workers().length).toBe(0);
    expectAllFrench(await prices(page));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes through Vitrine’s Trusted Types policy where the page requires them', async () => {
    const { page, context, workers, errors } = await open('trusted-types');
    expect(workers).toHaveLength(1);
    expect((await records(page)).violations).toEqual([]);
    for (const price of await prices(page)) expectFrench(price);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is made by the same worker on a search results page, whose chunk formats the first prices', async () => {
    const { page, context, workers, errors } = await openPage('format-worker-search?q=wool');
    const shown = page.locator('#fw-search .vitrine-search__price');
    await shown.first().waitFor({ timeout: 15_000 });
    expect(workers.map((w) => w.url())).toEqual([WORKER_URL]);
    expectAllFrench(await shown.allInnerTexts());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is made on the main thread where the page refuses workers, with the same prices and no error', async () => {
    const { page, context, workers, errors } = await open('no-workers');
    expect(workers).toEqual([]);
    // The browser reports its refusal of the worker; that is the only one.
    await expect.poll(async () => (await records(page)).violations.map((v) => v.directive)).toEqual(['worker-src']);
    expectAllFrench(await prices(page));
    expect(errors).toEqual([]);
    await context.close();
  });
});
