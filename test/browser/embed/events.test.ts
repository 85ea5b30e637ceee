// Events and the page API on events.html, as a merchant's analytics and a single-page
// app use them: `vitrine:impression` once when half a widget is seen, `vitrine:click`
// with the product and its position, `vitrine:add-to-cart` with the chosen bundle and its
// total, and `Vitrine.setContext` / `Vitrine.refresh` asking again for the new page.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectRendered, newRecordedPage, settled, shownNames, slotEvents, type OpenedPage, type SlotEvent, type SlotEventType } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const SLOTS = ['ev-bundle', 'ev-carousel', 'ev-below'];
const suite = useFixtureSuite('events');
let opened: OpenedPage;
let page: Page;
const calls: URL[] = [];

/** Waits until the slot has sent `count` events of the type; returns them. */
async function eventsOf(type: SlotEventType, id: string, count = 1): Promise<SlotEvent[]> {
  await page.waitForFunction(
    ([t, slot, n]) => (window as unknown as { __vitrineTest: { events: SlotEvent[] } }).__vitrineTest.events.filter((e) => e.type === t && e.id === slot).length >= (n as number),
    [type, id, count] as const,
    { timeout: 10_000, polling: 50 },
  );
  return (await slotEvents(page, type)).filter((e) => e.id === id);
}

const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

beforeAll(async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  opened = await newRecordedPage(context);
  page = opened.page;
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname.startsWith('/v1/widgetserver/')) calls.push(url);
  });
  await page.goto(suite.fixtures.page('events'));
  expectRendered(await settled(page, SLOTS), SLOTS);
});


describe('events a merchant can listen to', () => {
  it('impression: once per widget, only when half of it is in view', async () => {
    const [carousel] = await eventsOf('impression', 'ev-carousel');
    expect(carousel.detail.products).toBe(await page.locator('#ev-carousel [data-vitrine-index]').count());
    await frames();
    // Rendered (it was near the fold) but not yet seen.
    expect(await slotEvents(page, 'impression').then((all) => all.filter((e) => e.id === 'ev-below'))).toEqual([]);
    await page.locator('#ev-below').scrollIntoViewIfNeeded();
    await eventsOf('impression', 'ev-below');
    await page.evaluate(() => window.scrollTo(0, 0));
    await frames();
    await page.locator('#ev-below').scrollIntoViewIfNeeded();
    await frames();
    const all = await slotEvents(page, 'impression');
    expect(all.filter((e) => e.id === 'ev-below')).toHaveLength(1);
    expect(all.filter((e) => e.id === 'ev-carousel')).toHaveLength(1);
  });

  it('click: the product opened and its position', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const names = await shownNames(page, 'ev-carousel');
    const links = page.locator('#ev-carousel [data-vitrine-index] a[href]');
    await links.nth(0).click();
    await links.nth(2).click();
    const clicks = await eventsOf('click', 'ev-carousel', 2);
    expect(clicks.map((c) => [(c.detail.product as { name: string }).name, c.detail.position])).toEqual([
      [names[0], 1],
      [names[2], 3],
    ]);
    const product = clicks[0].detail.product as { sku: string; url: string; price: number };
    expect(product.sku).toMatch(/^MV-/);
    expect(product.url).toMatch(/^\/products\//);
    expect(product.price).toBeGreaterThan(0);
  });

  it('add-to-cart: the chosen bundle and its total, which follows the ticked add-ons', async () => {
    const names = await shownNames(page, 'ev-bundle');
    expect(names[0]).toBe('Quiberon Crewneck');
    const add = page.locator('#ev-bundle .vitrine__add');
    await add.click();
    const [all] = await eventsOf('add-to-cart', 'ev-bundle');
    const chosen = all.detail.products as { name: string; price: number }[];
    expect(chosen.map((p) => p.name)).toEqual(names);
    expect(all.detail.total).toBeCloseTo(chosen.reduce((sum, p) => sum + p.price, 0), 2);
    expect(all.detail.currency).toBe('EUR');
    // Untick the first add-on: the total shown and the next event both leave it out.
    const totalText = page.locator('#ev-bundle .vitrine__total');
    const before = await totalText.innerText();
    await page.locator('#ev-bundle input[type=checkbox]:not([disabled])').first().uncheck();
    await expect.poll(() => totalText.innerText()).not.toBe(before);
    await add.click();
    const [, fewer] = await eventsOf('add-to-cart', 'ev-bundle', 2);
    const rest = fewer.detail.products as { name: string; price: number }[];
    expect(rest.map((p) => p.name)).toEqual([names[0], ...names.slice(2)]);
    expect(fewer.detail.total).toBeCloseTo((all.detail.total as number) - chosen[1].price, 2);
    expect(await totalText.innerText()).toContain(String(rest.length));
  });
});

describe('where events are sent', () => {
  // Known gap: click and add-to-cart are dispatched on the widget root inside the slot, so
  // they reach slot listeners by bubbling but `event.target.id` is '' for analytics code
  // that reads it, while render, error and impression are dispatched on the slot itself.
  it('every event is dispatched on the slot element itself', async () => {
    const all = await slotEvents(page);
    expect(new Set(all.map((e) => e.type))).toEqual(new Set(['render', 'impression', 'click', 'add-to-cart']));
    expect(all.filter((e) => !e.onSlot).map((e) => e.type)).toEqual([]);
  });
});

describe('the page API of single-page apps', () => {
  it('setContext: a new product is asked for and rendered in place', async () => {
    const from = calls.length;
    const rendersBefore = (await slotEvents(page, 'render')).filter((e) => e.id === 'ev-below').length;
    await page.evaluate(() => (window as unknown as { Vitrine: { setContext(c: object): void } }).Vitrine.setContext({ pname: 'Colmar Cardigan', sku: 'MV-KNI-002' }));
    await eventsOf('render', 'ev-below', rendersBefore + 1);
    const asked = calls.slice(from).find((u) => u.searchParams.get('divisionId') === 'ev-below');
    expect(asked?.searchParams.get('pname')).toBe('Colmar Cardigan');
    // Still one widget in the slot, now about the new product.
    await expect(page.locator('#ev-below > .vitrine').count()).resolves.toBe(1);
    expect(await shownNames(page, 'ev-below')).not.toContain('Colmar Cardigan');
    expect(opened.errors).toEqual([]);
  });

  it('refresh: every slot is asked for again and renders again', async () => {
    const from = calls.length;
    const before = await slotEvents(page, 'render');
    await page.evaluate(() => (window as unknown as { Vitrine: { refresh(): void } }).Vitrine.refresh());
    for (const id of SLOTS) await eventsOf('render', id, before.filter((e) => e.id === id).length + 1);
    expect(new Set(calls.slice(from).map((u) => u.searchParams.get('divisionId')))).toEqual(new Set(SLOTS));
    for (const id of SLOTS) await expect(page.locator(`#${id} > .vitrine`).count()).resolves.toBe(1);
    expect(opened.errors).toEqual([]);
  });
});
