// Hygiene: what Vitrine leaves on a host page. The only new global is `Vitrine`; a second
// copy of the script changes nothing; slots added later render and removed ones are let
// go (no observer keeps them); a slot far down costs no request until it comes near; the
// bundle layout's chunk is fetched only where a bundle shows; and
// a host page that meddles (its own Mustache, a polluted Object.prototype, a fetch wrapped
// later) does not change what is rendered.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectRendered, newRecordedPage, settled, shownNames, slotEvents, type OpenedPage } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const suite = useFixtureSuite('hygiene');
let context: BrowserContext | undefined;

/** Widget calls the page sent, by slot id, in order. */
function trackWidgetCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname.startsWith('/v1/widgetserver/')) calls.push(url.searchParams.get('divisionId') ?? '');
  });
  return calls;
}

async function open(name: string, before?: (page: Page) => Promise<unknown>): Promise<OpenedPage & { calls: string[] }> {
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const opened = await newRecordedPage(context);
  const calls = trackWidgetCalls(opened.page);
  if (before) await before(opened.page);
  await opened.page.goto(suite.fixtures.page(name));
  return { ...opened, calls };
}

/**
 * Runs in the page before its scripts: keeps the set of elements each
 * IntersectionObserver watches, so a test can ask whether a removed slot is still held.
 */
function watchObservers(): void {
  const watched = new Set<Element>();
  const byObserver = new WeakMap<IntersectionObserver, Set<Element>>();
  const proto = IntersectionObserver.prototype;
  const { observe, unobserve, disconnect } = proto;
  const mine = (io: IntersectionObserver) => byObserver.get(io) ?? (byObserver.set(io, new Set()), byObserver.get(io)!);
  proto.observe = function (this: IntersectionObserver, el: Element) {
    mine(this).add(el);
    watched.add(el);
    return observe.call(this, el);
  };
  proto.unobserve = function (this: IntersectionObserver, el: Element) {
    mine(this).delete(el);
    watched.delete(el);
    return unobserve.call(this, el);
  };
  proto.disconnect = function (this: IntersectionObserver) {
    mine(this).forEach((el) => watched.delete(el));
    mine(this).clear();
    return disconnect.call(this);
  };
  Object.defineProperty(window, '__observed', { value: () => Array.from(watched, (el) => ({ id: el.id || el.parentElement?.id || el.localName, connected: el.isConnected })) });
}

const observed = (page: Page) => page.evaluate(() => (window as unknown as { __observed: () => { id: string; connected: boolean }[] }).__observed());

/** Lets the MutationObserver and IntersectionObserver callbacks run (two frames). */
const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));


afterEach(async () => {
  await context?.close();
  context = undefined;
});


describe('what Vitrine leaves on the host page', () => {
  it('the only new global is Vitrine, with every layout and a theme script rendered', async () => {
    const { page, errors } = await open('hygiene-globals');
    const ids = ['g-carousel', 'g-matrix', 'g-bundle'];
    expectRendered(await settled(page, ids), ids);
    await expect(page.locator('#g-carousel > .vitrine').getAttribute('data-theme-script')).resolves.toBe('ran');
    const added = await page.evaluate(() => {
      const before = (window as unknown as { __namesBeforeVitrine: { keys: string[]; own: string[] } }).__namesBeforeVitrine;
      return {
        keys: Object.keys(window).filter((k) => !before.keys.includes(k)),
        own: Object.getOwnPropertyNames(window).filter((k) => !before.own.includes(k) && k !== '__namesBeforeVitrine'),
      };
    });
    expect(added.keys).toEqual(['Vitrine']);
    expect(added.own).toEqual(['Vitrine']);
    await expect(page.evaluate(() => Object.keys((window as unknown as { Vitrine: object }).Vitrine).sort())).resolves.toEqual(
      expect.arrayContaining(['refresh', 'render', 'setContext', 'use', 'version']),
    );
    expect(errors).toEqual([]);
  });

  it('a second and a third copy of the script change nothing', async () => {
    const { page, calls, errors } = await open('hygiene-double');
    const ids = ['d-carousel', 'd-matrix'];
    expectRendered(await settled(page, ids), ids);
    await page.waitForLoadState('load');
    await frames(page);
    // All three copies were fetched and ran …
    const copies = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/vitrine\.js(\?|$)/.test(e.name)).length);
    expect(copies).toBe(3);
    // … yet each slot was asked for once, rendered once, holds one widget.
    expect(calls.filter((id) => id === 'd-carousel')).toHaveLength(1);
    expect(calls.filter((id) => id === 'd-matrix')).toHaveLength(1);
    const renders = await slotEvents(page, 'render');
    expect(renders.map((e) => e.id).sort()).toEqual(ids.slice().sort());
    for (const id of ids) await expect(page.locator(`#${id} > .vitrine`).count()).resolves.toBe(1);
    await expect(page.locator('link[href$="vitrine.css"]').count()).resolves.toBe(1);
    await expect(page.locator('link[rel="preconnect"]').count()).resolves.toBe(1);
    expect(errors).toEqual([]);
  });

  it('the bundle layout costs a request only where a slot shows a bundle, and a grid stands in if it cannot load', async () => {
    const chunks = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/vitrine-bundle\.js$/.test(e.name)).length);
    // A page without a bundle slot never asks for the chunk.
    const plain = await open('hygiene-lazy');
    expectRendered(await settled(plain.page, ['top', 'near']), ['top', 'near']);
    await expect(chunks(plain.page)).resolves.toBe(0);
    await context!.close();
    // A page with one asks once and shows the bundle.
    const withBundle = await open('hygiene-globals');
    expectRendered(await settled(withBundle.page, ['g-bundle']), ['g-bundle']);
    await expect(chunks(withBundle.page)).resolves.toBe(1);
    await expect(withBundle.page.locator('#g-bundle .vitrine__bundle input[type=checkbox]').count()).resolves.toBeGreaterThan(1);
    await context!.close();
    // Blocked, the slot still shows its products, as a grid, and the page sees no error.
    const blocked = await open('hygiene-globals', (p) => p.route('**/vitrine-bundle.js', (route) => route.abort()));
    expectRendered(await settled(blocked.page, ['g-bundle']), ['g-bundle']);
    await expect(blocked.page.locator('#g-bundle .vitrine__grid .vitrine__cell').count()).resolves.toBeGreaterThan(1);
    expect(blocked.errors).toEqual([]);
  });

  it('only slots near the viewport are asked for; a far one is asked for when scrolled near', async () => {
    const { page, calls, errors } = await open('hygiene-lazy', (p) => p.addInitScript(watchObservers));
    expectRendered(await settled(page, ['top', 'near']), ['top', 'near']);
    await page.waitForLoadState('load');
    await frames(page);
    expect(calls.sort()).toEqual(['near', 'top']);
    await page.locator('#far').scrollIntoViewIfNeeded();
    expectRendered(await settled(page, ['far']), ['far']);
    expect(calls).toContain('far');
    expect(calls).not.toContain('far-removed');
    expect(errors).toEqual([]);
  });

  it('removed slots are let go: no observer holds them and a removed far slot is never asked for', async () => {
    const { page, calls, errors } = await open('hygiene-lazy', (p) => p.addInitScript(watchObservers));
    expectRendered(await settled(page, ['top', 'near']), ['top', 'near']);
    // #near rendered below the fold: its impression is still pending, so it is watched.
    const watching = (await observed(page)).map((o) => o.id);
    expect(watching).toEqual(expect.arrayContaining(['near', 'far', 'far-removed']));
    const nearRoot = await page.locator('#near > .vitrine').elementHandle();
    await page.evaluate(() => {
      document.getElementById('near')!.remove();
      document.getElementById('far-removed')!.remove();
    });
    await frames(page);
    expect((await observed(page)).filter((o) => !o.connected)).toEqual([]);
    // The removed widget was unmounted, so nothing of it stays alive.
    await expect(nearRoot!.evaluate((el) => el.childElementCount)).resolves.toBe(0);
    // Scrolling all the way down passes where the removed slot was: no request for it.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
    });
    expectRendered(await settled(page, ['far']), ['far']);
    expect(calls).not.toContain('far-removed');
    expect(errors).toEqual([]);
  });

  it('slots added later render by themselves, alone or inside added markup', async () => {
    const { page, calls, errors } = await open('hygiene-lazy');
    await settled(page, ['top']);
    await page.evaluate(() => {
      const main = document.getElementById('main')!;
      const slot = document.createElement('div');
      slot.id = 'added';
      slot.setAttribute('data-vitrine', 'trending');
      slot.setAttribute('data-vitrine-layout', 'carousel');
      main.insertBefore(slot, main.children[1]);
      const section = document.createElement('section');
      section.innerHTML = '<h2>From a single-page app</h2><div id="added-inside" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="3"></div>';
      main.insertBefore(section, main.children[2]);
    });
    const ids = ['added', 'added-inside'];
    expectRendered(await settled(page, ids), ids);
    expect(calls).toEqual(expect.arrayContaining(ids));
    expect(await shownNames(page, 'added-inside')).toHaveLength(3);
    expect(errors).toEqual([]);
  });

  it("a host page's own Mustache, a polluted Object.prototype and a fetch wrapped later change nothing", async () => {
    const { page, errors } = await open('hygiene-hostile-host');
    const ids = ['h-carousel', 'h-matrix'];
    expectRendered(await settled(page, ids), ids);
    const names = [...(await shownNames(page, 'h-carousel')), ...(await shownNames(page, 'h-matrix'))];
    expect(names.length).toBeGreaterThan(4);
    for (const name of names) expect(name).toMatch(/^[A-Z][a-z]+ [A-Z]/);
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('polluted');
    expect(text).not.toContain('replaced renderer');
    await expect(page.locator('#h-carousel .vitrine__title').innerText()).resolves.toBe('Trending');
    // A fetch wrapped after start-up is not Vitrine's: a slot added now still gets real products.
    await page.evaluate(() => {
      window.fetch = () => Promise.resolve(new Response(JSON.stringify({ errMsg: null, success: '0', products: [{ name: 'From the wrapper', sku: 'W', price: '1' }] })));
      const slot = document.createElement('div');
      slot.id = 'h-later';
      slot.setAttribute('data-vitrine', 'trending');
      slot.setAttribute('data-vitrine-layout', 'matrix');
      document.getElementById('main')!.prepend(slot);
    });
    expectRendered(await settled(page, ['h-later']), ['h-later']);
    const later = await shownNames(page, 'h-later');
    expect(later.length).toBeGreaterThan(1);
    expect(later).not.toContain('From the wrapper');
    expect(errors).toEqual([]);
  });
});
