// The page's first slot asks for its products as soon as Vitrine starts, before the
// observer reports it near the screen, and is drawn only once it is near. Attacked from
// the page's side: a first slot far below that nobody reaches, one taken out of the page
// before it comes near, a refresh while it waits, and the slot after it, which keeps
// waiting to be scrolled near.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectRendered, newRecordedPage, settled, slotEvents, type OpenedPage } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const suite = useFixtureSuite('firstSlotAhead');
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** Widget calls by slot id, and image requests, in the order the page sent them. */
function trackRequests(page: Page) {
  const calls: string[] = [];
  const images: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/v1/widgetserver/')) calls.push(url.searchParams.get('divisionId') ?? '');
    else if (r.resourceType() == 'image') images.push(url.pathname);
  });
  return { calls, images };
}

async function open(): Promise<OpenedPage & ReturnType<typeof trackRequests>> {
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const opened = await newRecordedPage(context);
  const tracked = trackRequests(opened.page);
  await opened.page.goto(suite.fixtures.page('ahead-far'));
  return { ...opened, ...tracked };
}

/** Two frames: what the observer reports meanwhile has been heard. */
const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Waits until the page has sent its first widget call and its answer has landed. */
async function answered(page: Page, calls: string[]) {
  await expect.poll(() => calls.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  await frames(page);
}

const drawn = (page: Page, id: string) => page.locator(`#${id} .vitrine`).count();

describe("the page's first slot, asked for ahead", () => {
  it('far below the screen: one call at once, but no widget, no image, no event until it is scrolled near; then drawn from that call', async () => {
    const { page, calls, images, errors } = await open();
    await answered(page, calls);
    expect(calls).toEqual(['first-far']);
    expect(await drawn(page, 'first-far')).toBe(0);
    expect(await page.locator('#first-far').innerText()).toBe('Our favourites');
    expect(images).toEqual([]);
    expect(await slotEvents(page)).toEqual([]);

    await page.locator('#first-far').scrollIntoViewIfNeeded();
    expectRendered(await settled(page, ['first-far']), ['first-far']);
    expect(await drawn(page, 'first-far')).toBe(1);
    // Drawn from the answer it asked for ahead: no second call for it, none yet for the slot below.
    expect(calls).toEqual(['first-far']);
    await expect.poll(async () => (await slotEvents(page, 'impression')).map((e) => e.id)).toEqual(['first-far']);
    expect(errors).toEqual([]);
  });

  it('taken out of the page before it comes near: never drawn, no event, and the slot below is still drawn when scrolled to', async () => {
    const { page, calls, errors } = await open();
    await answered(page, calls);
    await page.evaluate(() => document.getElementById('first-far')!.remove());
    await page.locator('#second-far').scrollIntoViewIfNeeded();
    expectRendered(await settled(page, ['second-far']), ['second-far']);
    expect(calls).toEqual(['first-far', 'second-far']);
    expect((await slotEvents(page)).filter((e) => e.id == 'first-far')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a refresh while it waits: still not drawn until near, then drawn once', async () => {
    const { page, calls, errors } = await open();
    await answered(page, calls);
    await page.evaluate(() => (window as unknown as { Vitrine: { refresh(): void } }).Vitrine.refresh());
    await page.waitForLoadState('networkidle');
    await frames(page);
    expect(await drawn(page, 'first-far')).toBe(0);
    expect(await slotEvents(page)).toEqual([]);

    await page.locator('#first-far').scrollIntoViewIfNeeded();
    expectRendered(await settled(page, ['first-far']), ['first-far']);
    expect(await drawn(page, 'first-far')).toBe(1);
    expect((await slotEvents(page, 'render')).map((e) => e.id)).toEqual(['first-far']);
    expect(errors).toEqual([]);
  });
});
