// Search in a single-page app whose first route has no search slot or box: the search
// chunk is asked for when a route change adds one, not only when the page first arrives.
// In Chromium against the built embed (dist/), on fixtures/spa-search.html, whose router
// changes the URL and the view in place; the carousel on its first route renders only
// once Vitrine has seen the end of the page's parse, so every route change below comes
// after it.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectRendered, newRecordedPage, settled } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const suite = useFixtureSuite('spa-search');
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(): Promise<{ page: Page; errors: string[]; chunks: string[]; searches: string[] }> {
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { page, errors } = await newRecordedPage(context);
  const chunks: string[] = [];
  const searches: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/\/vitrine-search\.js$/.test(url.pathname)) chunks.push(url.pathname);
    if (url.pathname.endsWith('/getsearchresult')) searches.push(url.search + (r.postData() || ''));
  });
  await page.goto(suite.fixtures.page('spa-search'));
  expectRendered(await settled(page, ['home-picks']), ['home-picks']);
  return { page, errors, chunks, searches };
}

describe('a single-page app whose first route has no search', () => {
  it('a route change to the search page draws its results for the query in the URL', async () => {
    const { page, errors, chunks, searches } = await open();
    expect(chunks).toEqual([]);
    await page.evaluate(() => (window as unknown as { showRoute: (route: string, query: string) => void }).showRoute('search', 'linen'));
    await page.waitForFunction(() => document.querySelectorAll('#search .vitrine-search__item').length > 0 && !document.querySelector('.vitrine-search--loading'), undefined, { timeout: 15_000 });
    const total = Number(await page.locator('#search .vitrine-search__count').getAttribute('data-vitrine-total'));
    expect(total).toBeGreaterThan(0);
    expect(chunks).toHaveLength(1);
    expect(searches.some((s) => s.includes('linen'))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a header box added later is drawn; the shop\'s own search form added before it asks for nothing', async () => {
    const { page, errors, chunks } = await open();
    // The form and a product route's carousel in the same change: once the carousel has
    // rendered, the change has been seen.
    await page.evaluate(() => {
      const app = window as unknown as { showHeaderBox: (own: boolean) => void; showRoute: (route: string) => void };
      app.showHeaderBox(true);
      app.showRoute('product');
    });
    expectRendered(await settled(page, ['product-picks']), ['product-picks']);
    expect(chunks).toEqual([]);
    await page.evaluate(() => (window as unknown as { showHeaderBox: (own: boolean) => void }).showHeaderBox(false));
    await page.locator('#box form[role="search"] input').waitFor({ timeout: 15_000 });
    expect(chunks).toHaveLength(1);
    expect(await page.locator('#own-box input').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
