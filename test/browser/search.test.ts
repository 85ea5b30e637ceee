// The search page of the demo storefront in Chromium, against the sandbox service:
// search from the header box, sort, page, go back, filter by a department and a price
// range, reload; every count and result list is checked against the sandbox's own answer.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { createShop, type Shop } from '../../demo/shop/createShop';
import { createClient, type Client } from '../../src/client/createClient';
import { buildSearchRequest } from '../../src/client/buildSearchRequest';
import type { SearchFilters } from '../../src/client/searchFilters';

const artifacts = join(process.cwd(), 'test', 'artifacts');
const built = existsSync('dist/vitrine.js') && existsSync('dist/vitrine-search.js');

let sandbox: Sandbox;
let shop: Shop;
let browser: Browser;
let page: Page;
let client: Client;
let dataDir: string;

/** What the sandbox itself answers for a state: the truth the page must show. */
async function truth(query: string, filters: SearchFilters = {}, sort = '', pageNumber = 1) {
  const first = await client.search(buildSearchRequest({ orgId: sandbox.orgId, query, filters, sort: sort ? [sort] : [], pageSize: 0 }, 'table'));
  const size = first.Pagination;
  const answer = pageNumber === 1 ? first : await client.search(
    buildSearchRequest({ orgId: sandbox.orgId, query, filters, sort: sort ? [sort] : [], pageSize: size, page: pageNumber }, 'table'),
  );
  return { total: answer.Numberofdocs, size, names: answer.Docs.map((d) => d.name) };
}

const shown = () =>
  page.evaluate(() => ({
    total: Number(document.querySelector('.vitrine-search__count')?.getAttribute('data-vitrine-total')),
    count: document.querySelector('.vitrine-search__count')?.textContent ?? '',
    names: Array.from(document.querySelectorAll('.vitrine-search__item')).map(
      (li) => (li.querySelector('.mv-card__name, .vitrine-search__name')?.textContent ?? '').trim(),
    ),
    status: document.querySelector('.vitrine-search [role="status"]')?.textContent ?? '',
    loading: !!document.querySelector('.vitrine-search--loading'),
  }));

/** Waits until the page shows what the sandbox says, then returns it. */
async function expectPageToShow(expected: { total: number; names: string[] }) {
  await page.waitForFunction(
    (want) => {
      const items = Array.from(document.querySelectorAll('.vitrine-search__item')).map((li) =>
        (li.querySelector('.mv-card__name, .vitrine-search__name')?.textContent ?? '').trim(),
      );
      const total = Number(document.querySelector('.vitrine-search__count')?.getAttribute('data-vitrine-total'));
      return !document.querySelector('.vitrine-search--loading') && total === want.total && items.join('|') === want.names.join('|');
    },
    expected,
    { timeout: 10_000 },
  ).catch(() => undefined);
  const now = await shown();
  expect(now.total).toBe(expected.total);
  expect(now.names).toEqual(expected.names);
  return now;
}

const searchCalls = () => sandbox.requests.filter((r) => r.path === '/v1/widgetserver/getsearchresult');

describe.skipIf(!built)('search page on the demo storefront', () => {
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'vitrine-search-'));
    sandbox = await createSandbox({ port: 0, dataDir });
    shop = await createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey });
    client = createClient({ baseUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => {
      throw error;
    });
    // The page's own globals before any script runs, to see what Vitrine adds.
    await page.addInitScript(() => {
      (window as unknown as { __globalsBefore: string[] }).__globalsBefore = Object.getOwnPropertyNames(window);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    await sandbox?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('searches, sorts, pages, goes back, filters by department and price, and reloads', async () => {
    // 1. Search from the header box on the home page: a plain GET to /search.
    await page.goto(shop.url + '/');
    await page.fill('[data-vitrine-searchbox] input[name="q"]', 'cotton');
    await Promise.all([page.waitForURL('**/search?q=cotton'), page.press('[data-vitrine-searchbox] input[name="q"]', 'Enter')]);
    const cotton = await truth('cotton');
    expect(cotton.total).toBeGreaterThan(cotton.size); // more than one page, or paging proves nothing
    let now = await expectPageToShow(cotton);
    expect(now.count).toBe(`1–${cotton.size} of ${cotton.total} products`);
    // The fallback held the page's h1, so the results heading takes its place.
    expect(await page.textContent('h1.vitrine-search__title')).toBe('Results for cotton');
    await page.screenshot({ path: join(artifacts, 'search-1-results.png') });

    // 2. Sort: the select lists the SearchEntities; the order is the sandbox's.
    await page.selectOption('.vitrine-search__select', { label: 'Price: low to high' });
    await page.waitForURL(/sort=price_d\+asc/);
    const sorted = await truth('cotton', {}, 'price_d asc');
    await expectPageToShow(sorted);
    expect(JSON.parse(searchCalls().at(-1)!.query.request)).toMatchObject({ query: 'cotton', sortEntities: 'price_d asc', start: '0' });

    // 3. Next page: a real link, the URL carries the page, focus goes to the heading.
    await page.click('.vitrine-search__pagination a[rel="next"]');
    await page.waitForURL(/page=2/);
    const second = await truth('cotton', {}, 'price_d asc', 2);
    now = await expectPageToShow(second);
    expect(now.count).toBe(`${cotton.size + 1}–${cotton.total} of ${cotton.total} products`);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('vitrine-search__title'))).toBe(true);
    // Scrolled to the heading, and not hidden under the shop's sticky header.
    const headingVisible = await page.evaluate(() => {
      const heading = document.querySelector('.vitrine-search__title')!;
      const r = heading.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + 5, r.top + r.height / 2);
      return r.top >= 0 && r.bottom <= innerHeight && !!hit && heading.contains(hit);
    });
    expect(headingVisible).toBe(true);
    // The current page stays readable under the shop's own link colour (axe leaves
    // contrast under a sticky header "incomplete", so it is measured here).
    const contrast = await page.evaluate(() => {
      const el = document.querySelector('.vitrine-search__page--current')!;
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const lum = (c: number[]) =>
        c.slice(0, 3).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
          .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
      let bgEl: Element | null = el;
      let bg = [255, 255, 255];
      for (; bgEl; bgEl = bgEl.parentElement) {
        const c = rgb(getComputedStyle(bgEl).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0)) {
          bg = c;
          break;
        }
      }
      const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(bg)].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    });
    expect(contrast).toBeGreaterThanOrEqual(4.5);
    expect(now.status).toBe(`${cotton.total} products found for cotton, page 2`);
    await page.screenshot({ path: join(artifacts, 'search-2-page-two.png') });

    // 4. Back: page one again, from history, not a page load.
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('page='));
    await expectPageToShow(sorted);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    // 5. Filter by a department (multiselect) and 6. a price range (radio).
    await page.getByRole('checkbox', { name: /^Shirts/ }).check();
    await page.waitForURL(/filter=category_s%3Ashirts/);
    const shirts = await truth('cotton', { category_s: ['shirts'] }, 'price_d asc');
    now = await expectPageToShow(shirts);
    const facetCount = await page.evaluate(() => {
      const label = Array.from(document.querySelectorAll('[data-vitrine-facet="category_s"] label')).find((l) => l.textContent!.startsWith('Shirts'));
      return label?.querySelector('.vitrine-search__facet-count')?.textContent?.trim();
    });
    expect(facetCount).toBe(`(${shirts.total} products)`);
    await page.getByRole('radio', { name: /^€50 – €100/ }).check();
    await page.waitForURL(/price_d/);
    const filters = { category_s: ['shirts'], price_d: ['[50 TO 99.99]'] };
    const both = await truth('cotton', filters, 'price_d asc');
    now = await expectPageToShow(both);
    expect(both.total).toBeGreaterThan(0);
    expect(JSON.parse(searchCalls().at(-1)!.query.request).filter).toBe('category_s:shirts AND price_d:[50 TO 99.99]');
    expect(await page.locator('.vitrine-search__chip').allTextContents()).toEqual([
      'Remove filter Department: Shirts ×',
      'Remove filter Price: €50 – €100 ×',
    ]);
    await page.screenshot({ path: join(artifacts, 'search-3-filtered.png'), fullPage: true });

    // 7. Back drops the price range; 8. reload and a shared link show the same state.
    await page.goBack();
    await expectPageToShow(shirts);
    expect(await page.getByRole('radio', { name: 'Any' }).first().isChecked()).toBe(true);
    await page.reload();
    await expectPageToShow(shirts);
    expect(await page.getByRole('checkbox', { name: /^Shirts/ }).isChecked()).toBe(true);
    expect(await page.inputValue('.vitrine-search__select')).toBe('price_d asc');
  });

  it('searches again in place from the header box on the search page', async () => {
    await page.goto(shop.url + '/search?q=linen');
    await expectPageToShow(await truth('linen'));
    const box = page.locator('[data-vitrine-searchbox] input[name="q"]');
    expect(await box.inputValue()).toBe('linen');
    // The search chunk was fetched, and it added no global: `Vitrine` is the core's.
    const added = await page.evaluate(() => {
      const before = (window as unknown as { __globalsBefore: string[] }).__globalsBefore;
      // `dataLayer` is the shop's own: its page declares its Tag Manager data layer.
      return Object.getOwnPropertyNames(window).filter((k) => !before.includes(k) && k !== '__globalsBefore' && k !== 'dataLayer');
    });
    expect(added).toEqual(['Vitrine']);
    expect(await page.evaluate(() => Array.from(document.scripts, (s) => new URL(s.src || location.href).pathname))).toContain('/dist/vitrine-search.js');
    await box.fill('wool');
    await box.press('Enter');
    await page.waitForURL(/q=wool/);
    await expectPageToShow(await truth('wool'));
    // pushState, not a page load: the document stayed.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await page.goBack();
    await expectPageToShow(await truth('linen'));
    expect(await box.inputValue()).toBe('linen');
  });

  it('has no accessibility violations axe-core can find in the results, facets and pager', async () => {
    // Two departments: active filter chips and more than one page, so the pager is checked too.
    const filters = { category_s: ['shirts', 'dresses'] };
    await page.goto(shop.url + '/search?q=&filter=' + encodeURIComponent('(category_s:shirts OR category_s:dresses)'));
    await expectPageToShow(await truth('', filters));
    expect(await page.locator('.vitrine-search__pagination').count()).toBe(1);
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      type Rule = { id: string; nodes: { target: string[] }[] };
      const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Rule[]; passes: Rule[] }> } }).axe;
      const result = await axe.run({ include: [['.vitrine-search']] }, { resultTypes: ['violations'] });
      return {
        found: result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        checked: result.passes.map((p) => p.id),
      };
    });
    expect(violations.found).toEqual([]);
    // The rules that matter here did run (labels, names of links and the status region).
    expect(violations.checked).toEqual(expect.arrayContaining(['label', 'link-name', 'aria-allowed-attr']));
  });

  it('the typed client (dist/client.mjs) works in the browser too', async () => {
    await page.goto(shop.url + '/');
    // Loaded the way a storefront developer would: an ES module from the dist folder.
    await page.addScriptTag({ type: 'module', content: "import * as client from '/dist/client.mjs'; window.vitrineClientModule = client;" });
    await page.waitForFunction(() => 'vitrineClientModule' in window);
    const result = await page.evaluate(
      async ({ baseUrl, orgId, apiKey }) => {
        const mod = (window as unknown as { vitrineClientModule: typeof import('../../src/client/index') }).vitrineClientModule;
        const c = mod.createClient({ baseUrl, orgId, apiKey });
        const answer = await c.search(mod.buildSearchRequest({ orgId, query: 'linen', filters: { category_s: ['shirts'] } }, 'sample'), { path: mod.SEARCH_SAMPLE_PATH });
        const bad = await mod.createClient({ baseUrl, orgId, apiKey: 'nope' }).themes().catch((e: unknown) => (e as { kind: string }).kind);
        return { total: answer.Numberofdocs, bad };
      },
      { baseUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey },
    );
    expect(result.total).toBe((await truth('linen', { category_s: ['shirts'] })).total);
    expect(result.bad).toBe('request');
  });

  it('shows the included recommendation widgets under the results', async () => {
    await page.goto(shop.url + '/search?q=linen');
    const top = (await truth('linen')).names[0];
    // Widget slots below the fold load when scrolled near (the core's lazy loading).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForSelector('#search-categoryreco .vitrine', { timeout: 10_000 });
    const widgetCall = sandbox.requests.filter((r) => r.path === '/v1/widgetserver/categoryreco').at(-1)!;
    expect(widgetCall.query.divisionId).toBe('search-categoryreco');
    // Anchored on the top result: the sandbox's own sku for that product name.
    const topSku = (await client.search(buildSearchRequest({ orgId: sandbox.orgId, query: 'linen', pageSize: 0 }, 'table'))).Docs[0].sku;
    expect(top).toBeTruthy();
    expect(widgetCall.query.sku).toBe(topSku);
    expect(await page.textContent('#search-categoryreco')).toContain('More from this department');
    await page.locator('#search-categoryreco').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(artifacts, 'search-4-widgets.png'), fullPage: true });
  });
});
