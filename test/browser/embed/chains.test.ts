// Fallback chains on chains.html, against the built embed and the sandbox: a slot that
// names several algorithms renders the first that has products. The next is asked only
// after no products or a failure other than a 403; a 403 (the credit quota) ends the
// chain and every later call on the page. `vitrine:render` names the algorithm that
// rendered and those skipped.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { newRecordedPage, settled, shownNames, slotEvents, type OpenedPage, type SlotEvent } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const suite = useFixtureSuite('chains');
let context: BrowserContext | undefined;
const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After' };
const SLOTS = ['chain-first', 'chain-empty', 'chain-broken'];

interface Run {
  opened: OpenedPage;
  page: Page;
  outcome: Record<string, SlotEvent>;
  /** Widget GET calls, as `slot algorithm`, in the order they were sent. */
  calls: string[];
}

/** Opens chains.html in a fresh context (a new visitor), with the broken slot's first algorithm answered by `breakIt`. */
async function run(breakIt?: (route: Route) => unknown): Promise<Run> {
  context = await suite.browser.newContext({ viewport: { width: 1024, height: 768 } });
  const opened = await newRecordedPage(context);
  const { page } = opened;
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname.startsWith('/v1/widgetserver/')) calls.push(`${url.searchParams.get('divisionId')} ${url.pathname.split('/').pop()}`);
  });
  if (breakIt) await page.route((u) => u.pathname.endsWith('/viewedcatitemsreco') && u.searchParams.get('divisionId') === 'chain-broken', breakIt);
  await page.goto(suite.fixtures.page('chains'));
  return { opened, page, calls, outcome: await settled(page, SLOTS, 20_000) };
}


afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('fallback chains', () => {
  it('the first algorithm with products renders; the rest are never asked', async () => {
    const { page, outcome, calls } = await run();
    expect(outcome['chain-first'].type).toBe('render');
    expect(outcome['chain-first'].detail).toMatchObject({ algorithm: 'trending', skipped: [] });
    expect(calls.filter((c) => c.startsWith('chain-first '))).toEqual(['chain-first trending']);
    expect((await shownNames(page, 'chain-first')).length).toBe(4);
  });

  it('an algorithm with no products (a new visitor has no recent views) hands over to the next', async () => {
    const { page, outcome, calls } = await run();
    expect(outcome['chain-empty'].type).toBe('render');
    expect(outcome['chain-empty'].detail).toMatchObject({ algorithm: 'trending', skipped: [{ algorithm: 'recentviews', why: 'recentviews returned no products' }] });
    expect(calls.filter((c) => c.startsWith('chain-empty '))).toEqual(['chain-empty recentviews', 'chain-empty trending']);
    expect((await shownNames(page, 'chain-empty')).length).toBeGreaterThan(3);
    await expect(page.locator('#chain-empty .fallback').isVisible()).resolves.toBe(false);
  });

  it('a 500 (retried once) hands over to the next; the slot never goes blank', async () => {
    const { page, outcome, calls, opened } = await run((route) => route.fulfill({ status: 500, contentType: 'application/json', headers: CORS, body: '{"errMsg":"engine down"}' }));
    expect(outcome['chain-broken'].type).toBe('render');
    expect(outcome['chain-broken'].detail).toMatchObject({ algorithm: 'trending', skipped: [{ algorithm: 'viewedcatitemsreco' }] });
    expect(calls.filter((c) => c.startsWith('chain-broken '))).toEqual(['chain-broken viewedcatitemsreco', 'chain-broken viewedcatitemsreco', 'chain-broken trending']);
    expect((await shownNames(page, 'chain-broken')).length).toBe(4);
    expect(opened.errors).toEqual([]);
  });

  it('a 403 ends the chain and every later call of the page: the fallbacks stay', async () => {
    const { page, outcome, calls, opened } = await run((route) => route.fulfill({ status: 403, contentType: 'application/json', headers: CORS, body: '{"errMsg":"credit quota exceeded"}' }));
    expect(outcome['chain-broken']).toMatchObject({ type: 'error', detail: { kind: 'quota', status: 403, algorithm: 'viewedcatitemsreco' } });
    expect(calls.filter((c) => c.startsWith('chain-broken '))).toEqual(['chain-broken viewedcatitemsreco']);
    await expect(page.locator('#chain-broken .fallback').isVisible()).resolves.toBe(true);
    // A slot scrolled to after the 403 asks nothing and keeps its fallback.
    const before = calls.length;
    await page.locator('#chain-below').scrollIntoViewIfNeeded();
    const below = (await settled(page, ['chain-below']))['chain-below'];
    expect(below).toMatchObject({ type: 'error', detail: { kind: 'quota' } });
    expect(calls.slice(before)).toEqual([]);
    await expect(page.locator('#chain-below .fallback').isVisible()).resolves.toBe(true);
    expect((await slotEvents(page, 'render')).map((e) => e.id)).not.toContain('chain-below');
    expect(opened.errors).toEqual([]);
  });
});
