// `<vitrine-widget>` in plain HTML with the script tag (element.html), beside a
// `[data-vitrine]` slot: rendered from its attributes in place of its fallback, shown
// again when an attribute changes, unmounted when removed.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectRendered, newRecordedPage, settled, shownNames, slotEvents, type OpenedPage } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const suite = useFixtureSuite('element');
let opened: OpenedPage;
let page: Page;
const calls: URL[] = [];

const renders = async (id: string) => (await slotEvents(page, 'render')).filter((e) => e.id === id);

beforeAll(async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  opened = await newRecordedPage(context);
  page = opened.page;
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname.startsWith('/v1/widgetserver/')) calls.push(url);
  });
  await page.goto(suite.fixtures.page('element'));
  expectRendered(await settled(page, ['el-trending', 'el-slot']), ['el-trending', 'el-slot']);
});

describe('<vitrine-widget> with the script tag', () => {
  it('renders from its attributes, and draws the widget instead of the fallback', async () => {
    const widget = page.locator('#el-trending');
    // The org's grid theme for the matrix layout, with the element's title and max.
    expect(await widget.locator('.vitrine--matrix').count()).toBe(1);
    expect(await shownNames(page, 'el-trending')).toHaveLength(3);
    expect(await widget.getByRole('heading', { name: 'Trending now' }).isVisible()).toBe(true);
    expect(await widget.locator('.fallback').isVisible()).toBe(false);
    expect(await page.locator('#el-slot .fallback').isVisible()).toBe(false);
    expect(calls.map((u) => u.searchParams.get('divisionId')).sort()).toEqual(['el-slot', 'el-trending']);
  });

  it('shows again when an attribute changes, from the answer it has', async () => {
    const before = calls.length;
    await page.evaluate(() => document.getElementById('el-trending')!.setAttribute('max', '2'));
    await page.waitForFunction(() => (window as unknown as { __vitrineTest: { events: { type: string; id: string }[] } }).__vitrineTest.events.filter((e) => e.type === 'render' && e.id === 'el-trending').length >= 2);
    expect((await renders('el-trending')).at(-1)!.detail.products).toBe(2);
    expect(await shownNames(page, 'el-trending')).toHaveLength(2);
    expect(calls.length).toBe(before);
  });

  it('asks again when a changed attribute changes the request', async () => {
    const before = calls.length;
    // Two attributes changed in one task, as a framework's commit changes them: one request.
    await page.evaluate(() => {
      const slot = document.getElementById('el-slot')!;
      slot.setAttribute('data-vitrine', 'viewedalsoviewed');
      slot.setAttribute('data-vitrine-pname', 'Quiberon Crewneck');
    });
    await page.waitForFunction((n) => (window as unknown as { __vitrineTest: { events: { type: string; id: string }[] } }).__vitrineTest.events.filter((e) => e.type === 'render' && e.id === 'el-slot').length >= n, 2);
    const asked = calls.slice(before);
    expect(asked.map((u) => u.pathname + ' ' + u.searchParams.get('pname'))).toEqual(['/v1/widgetserver/viewedalsoviewed Quiberon Crewneck']);
  });

  it('unmounts when removed, and no page error happened', async () => {
    const left = await page.evaluate(() => {
      const widget = document.getElementById('el-trending')!;
      widget.remove();
      return new Promise<number>((done) => setTimeout(() => done(widget.querySelectorAll('.vitrine').length)));
    });
    expect(left).toBe(0);
    expect(opened.errors).toEqual([]);
  });
});
