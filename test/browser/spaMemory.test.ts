// Nothing of Vitrine's is kept after a single-page app leaves a route. A Vue 3 +
// vue-router shop (test/browser/fixtures/vue-shop) and the React example
// (examples/react-shop), each built by Vite against the packed tarball, in Chromium
// (`[data-vitrine]` slots and `<vitrine-widget>` in both):
// after a route with carousels, `[data-vitrine]` slots and `<vitrine-widget>` is left and
// garbage is collected (CDP `HeapProfiler.collectGarbage`), no widget root out of the
// document is reachable, and the observers (counted by constructor in a heap snapshot)
// and the listeners on window and document are as many as before the route was shown.
// A soak of 200 route changes keeps those counts put and the heap within 10 %.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { REPO, installApp, packTarball, type Packed } from '../package/packTarball';
import { launchChromium } from './chromium';
import { heapCounts, heapSession, type HeapCounts } from './heapCounts';

let sandbox: Sandbox;
let browser: Browser;
let packed: Packed;
const servers: PreviewServer[] = [];
const apps: string[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-spa-memory-'));

/** Builds `template` against the packed tarball (its framework from the repository's devDependencies) and serves it. */
async function serveApp(template: string): Promise<string> {
  const tmp = join(REPO, '.tmp');
  mkdirSync(tmp, { recursive: true });
  const app = installApp(packed, { template, where: tmp });
  apps.push(app);
  process.env.VITE_VITRINE_BASE_URL = sandbox.url;
  // The frameworks' production builds, as the apps ship (vitest runs with NODE_ENV=test).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: app, logLevel: 'silent', mode: 'production' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  // `vite preview` answers every unknown path with index.html, as single-page app hosts do.
  const server = await preview({ root: app, logLevel: 'silent', preview: { host: '127.0.0.1', port: 0 } });
  servers.push(server);
  return server.resolvedUrls!.local[0];
}

/** A page that counts every slot's outcome (`vitrine:render` or `vitrine:error`) and any error of its own. */
async function openApp(url: string, height = 2000): Promise<{ page: Page; cdp: CDPSession; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height } });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push('pageerror: ' + e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push('console: ' + m.text()));
  await page.addInitScript(() => {
    const w = window as unknown as { outcomes: number; searches: number; failures: string[] };
    w.outcomes = 0;
    w.searches = 0;
    w.failures = [];
    addEventListener('vitrine:render', () => w.outcomes++);
    addEventListener('vitrine:search', () => w.searches++);
    addEventListener('vitrine:error', (e) => (w.outcomes++, w.failures.push((e.target as Element).id + ': ' + (e as CustomEvent).detail.message)));
  });
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { outcomes: number }).outcomes >= 1, null, { timeout: 15_000 });
  // Vitrine starts its analytics a second after the page's load, observers and all: what
  // is counted afterwards is the page's steady state.
  await page.waitForTimeout(1500);
  return { page, cdp: await heapSession(page), problems };
}

const outcomes = (page: Page) => page.evaluate(() => (window as unknown as { outcomes: number }).outcomes);

/** Runs `go` and waits until `slots` more slots have rendered or failed. */
async function settle(page: Page, slots: number, go: () => Promise<unknown>): Promise<void> {
  const before = await outcomes(page);
  await go();
  if (slots) await page.waitForFunction((want) => (window as unknown as { outcomes: number }).outcomes >= want, before + slots, { timeout: 15_000, polling: 20 });
}

const searches = (page: Page) => page.evaluate(() => (window as unknown as { searches: number }).searches);

/** Runs `go` and waits until the search results have answered once more. */
async function searched(page: Page, go: () => Promise<unknown>): Promise<void> {
  const before = await searches(page);
  await go();
  await page.waitForFunction((want) => (window as unknown as { searches: number }).searches >= want, before + 1, { timeout: 15_000, polling: 20 });
}

/** The counts a test compares before and after a route is left. */
const kept = (c: HeapCounts) => ({ detachedRoots: c.detachedRoots, detachedSlots: c.detachedSlots, observers: c.observers, listeners: c.listeners });

beforeAll(async () => {
  sandbox = await createSandbox({ port: 0, dataDir });
  packed = packTarball();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const s of servers) await s.close();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
  for (const app of apps) rmSync(app, { recursive: true, force: true });
});

describe('a Vue 3 + vue-router app on the packed package', () => {
  let url: string;
  const vueRoute = (page: Page, path: string) => page.evaluate((to) => (window as unknown as { router: { push(to: string): Promise<unknown> } }).router.push(to), path);

  beforeAll(async () => {
    url = await serveApp(join(REPO, 'test/browser/fixtures/vue-shop'));
  }, 180_000);

  it('keeps no widget root, observer or listener of a product route it left', async () => {
    const { page, cdp, problems } = await openApp(url);
    try {
      // A first product page loads the carousel chunk, whose observers of its own stay.
      await settle(page, 3, () => vueRoute(page, '/products/quiberon-crewneck'));
      // The cart route shows no widget: the counts of a page Vitrine runs on with nothing drawn.
      await settle(page, 0, () => vueRoute(page, '/cart'));
      const before = await heapCounts(cdp);
      expect(before.roots, JSON.stringify(before)).toBe(0);

      await settle(page, 3, () => vueRoute(page, '/products/biarritz-parka'));
      // Counted by the page itself: a Playwright locator would add observers of its own.
      expect(await page.evaluate(() => document.querySelectorAll('main .vitrine--carousel').length)).toBe(3);
      await settle(page, 3, () => vueRoute(page, '/products/aubrac-tote'));
      const shown = await heapCounts(cdp);
      expect(shown.roots).toBe(3);

      await settle(page, 0, () => vueRoute(page, '/cart'));
      const after = await heapCounts(cdp);
      expect({ detachedRoots: after.detachedRoots, roots: after.roots, detachedSlots: after.detachedSlots, observers: after.observers, listeners: after.listeners }).toEqual({
        detachedRoots: 0,
        roots: 0,
        detachedSlots: 0,
        observers: before.observers,
        listeners: before.listeners,
      });
      expect(await page.evaluate(() => (window as unknown as { failures: string[] }).failures)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('keeps nothing of product routes left before their widgets arrived', async () => {
    // A short window: the product route's second and third slots are below it, within the
    // margin where widgets load ahead, so they wait their turn in line.
    const { page, cdp, problems } = await openApp(url, 240);
    try {
      await settle(page, 3, () => vueRoute(page, '/products/quiberon-crewneck'));
      await settle(page, 0, () => vueRoute(page, '/cart'));
      const before = await heapCounts(cdp);
      // A shopper going on at once: each product route is left a few frames after it showed,
      // its slots' requests in flight and those below the first waiting their turn.
      for (const slug of ['biarritz-parka', 'aubrac-tote', 'quiberon-crewneck', 'biarritz-parka', 'aubrac-tote']) {
        await vueRoute(page, `/products/${slug}`);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        await vueRoute(page, '/cart');
      }
      // The answers land and the queue's 1 s waits run out, on the cart page.
      await page.waitForTimeout(2500);
      const after = await heapCounts(cdp);
      expect({ detachedRoots: after.detachedRoots, roots: after.roots, detachedSlots: after.detachedSlots, observers: after.observers, listeners: after.listeners }).toEqual({
        detachedRoots: 0,
        roots: 0,
        detachedSlots: 0,
        observers: before.observers,
        listeners: before.listeners,
      });
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('keeps nothing of `<vitrine-widget>`s in a shadow root a route left', async () => {
    const { page, cdp, problems } = await openApp(url);
    // The widgets' events do not leave the shadow root (they bubble, but are not composed):
    // the page counts what is drawn in it instead.
    const drawn = (count: number, max = 100) =>
      page.waitForFunction(
        ([count, max]) => {
          const shadow = document.querySelector('shop-picks')?.shadowRoot;
          const roots = shadow ? shadow.querySelectorAll('vitrine-widget > .vitrine') : [];
          return roots.length == count && (!count || shadow!.querySelectorAll('#picks-trending > .vitrine [data-vitrine-index]').length <= max);
        },
        [count, max],
        { timeout: 15_000, polling: 20 },
      );
    const setPicks = (settings: { max?: string; more?: string }) => page.evaluate((to) => (window as unknown as { setPicks(s: object): void }).setPicks(to), settings);
    try {
      await vueRoute(page, '/picks');
      await drawn(2);
      await settle(page, 0, () => vueRoute(page, '/cart'));
      const before = await heapCounts(cdp);
      expect(before.roots, JSON.stringify(before)).toBe(0);

      await vueRoute(page, '/picks');
      await drawn(2);
      // A setting changed by the app while the route is shown draws that widget again.
      await setPicks({ max: '3' });
      await drawn(2, 3);
      expect((await heapCounts(cdp)).roots).toBe(2);
      // A widget taken out inside the shadow root, where no observer of the page sees it:
      // the element's own callback lets it go.
      await setPicks({ more: 'no' });
      await drawn(1, 3);
      const one = await heapCounts(cdp);
      expect({ roots: one.roots, detachedRoots: one.detachedRoots, detachedSlots: one.detachedSlots }).toEqual({ roots: 1, detachedRoots: 0, detachedSlots: 0 });
      await setPicks({ more: 'yes' });
      await drawn(2, 3);
      await settle(page, 0, () => vueRoute(page, '/cart'));
      // And left again a frame after it showed, its widgets' requests in flight.
      await vueRoute(page, '/picks');
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await settle(page, 0, () => vueRoute(page, '/cart'));
      await page.waitForTimeout(2500);
      const after = await heapCounts(cdp);
      expect(after.roots).toBe(0);
      expect(kept(after)).toEqual({ ...kept(before), detachedRoots: 0, detachedSlots: 0 });
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('keeps nothing of a search route it left: results, their widgets, its box, their listeners', async () => {
    const { page, cdp, problems } = await openApp(url);
    const search = (path: string) => searched(page, () => vueRoute(page, path));
    try {
      // A first search, its two included carousels drawn, loads the search parts of the
      // chunks, fills the caches and adds the carousel theme's script to the page (a
      // script element the browser keeps an observer of its own for).
      await settle(page, 2, () => search('/search?q=wool'));
      await settle(page, 0, () => vueRoute(page, '/cart'));
      const before = await heapCounts(cdp);
      expect(before.roots, JSON.stringify(before)).toBe(0);

      await search('/search?q=linen');
      expect(await page.evaluate(() => document.querySelectorAll('#search .vitrine-search__item').length)).toBeGreaterThan(0);
      // A new query from the route's own box: the results change in place (a history entry).
      await searched(page, () =>
        page.evaluate(() => {
          const form = document.querySelector<HTMLFormElement>('main [data-vitrine-searchbox] form')!;
          form.querySelector('input')!.value = 'wool coat';
          form.requestSubmit();
        }),
      );
      expect(await page.evaluate(() => location.search)).toBe('?q=wool+coat');
      // Back: the results and both boxes follow history.
      await searched(page, () => page.evaluate(() => history.back()));
      expect(await page.evaluate(() => [...document.querySelectorAll<HTMLInputElement>('[data-vitrine-searchbox] input')].map((i) => i.value))).toEqual(['linen', 'linen']);
      await settle(page, 0, () => vueRoute(page, '/cart'));
      // The included widgets' answers land, and the queue's waits run out, on the cart page.
      await page.waitForTimeout(2500);
      const after = await heapCounts(cdp);
      expect(after.roots).toBe(0);
      expect(kept(after)).toEqual({ ...kept(before), detachedRoots: 0, detachedSlots: 0 });
      expect(await page.evaluate(() => (window as unknown as { failures: string[] }).failures)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('keeps nothing of a search route left before its answer', async () => {
    const { page, cdp, problems } = await openApp(url);
    try {
      // As above: the first search and its carousels drawn are the baseline.
      await settle(page, 2, () => searched(page, () => vueRoute(page, '/search?q=wool')));
      await settle(page, 0, () => vueRoute(page, '/cart'));
      const before = await heapCounts(cdp);
      for (const q of ['linen', 'wool', 'parka']) {
        await vueRoute(page, `/search?q=${q}`);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
        await vueRoute(page, '/cart');
      }
      await page.waitForTimeout(2500);
      const after = await heapCounts(cdp);
      expect(kept(after)).toEqual({ ...kept(before), detachedRoots: 0, detachedSlots: 0 });
      // A search left before it answered draws nothing on the page the shopper went to.
      expect(await page.evaluate(() => document.querySelectorAll('.vitrine-search__mount').length)).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('holds its heap, observers and listeners through 200 route changes', async () => {
    const { page, cdp, problems } = await openApp(url);
    // Home (one grid), two product pages (three carousels each), the cart (nothing), the
    // search results (two carousels under them): every widget drawn is let go two or
    // three routes later.
    const tour: Array<[string, number]> = [['/products/biarritz-parka', 3], ['/products/quiberon-crewneck', 3], ['/cart', 0], ['/search?q=wool', 2], ['/', 1]];
    const changes = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const [path, slots] = tour[i % tour.length];
        await settle(page, slots, () => vueRoute(page, path));
      }
    };
    try {
      // The first rounds load the layout chunks and fill the caches.
      // The heap grows some 5 % over the first 80 changes as the engine optimises the code
      // on the way (then stays within 0.5 %): the baseline is after 60.
      await changes(0, 60);
      const start = await heapCounts(cdp);
      await changes(60, 200);
      const end = await heapCounts(cdp);
      expect(end.detachedRoots).toBe(0);
      expect(end.detachedSlots).toBe(0);
      expect(end.observers).toEqual(start.observers);
      expect(end.listeners).toBe(start.listeners);
      expect(end.heapBytes / start.heapBytes).toBeLessThan(1.1);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe('the React example (React 19, react-router) on the packed package', () => {
  let url: string;
  /** Follows a link of the app's nav, as a click does (through the page: a Playwright locator would add observers of its own). */
  const follow = (page: Page, name: string) =>
    page.evaluate((text) => [...document.querySelectorAll('nav a')].find((a) => a.textContent == text)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })), name);

  beforeAll(async () => {
    url = await serveApp(join(REPO, 'examples/react-shop'));
  }, 180_000);

  it('keeps no widget root, observer or listener of a product route it left', async () => {
    const { page, cdp, problems } = await openApp(url);
    try {
      // Each route change shows the route's slot and the footer's again (its page changed).
      await settle(page, 2, () => follow(page, 'Aubrac Tote'));
      await settle(page, 2, () => follow(page, 'Cart'));
      const before = await heapCounts(cdp);
      await settle(page, 2, () => follow(page, 'Biarritz Parka'));
      await settle(page, 2, () => follow(page, 'Quiberon Crewneck'));
      expect(await page.evaluate(() => document.querySelectorAll('main .vitrine--carousel').length)).toBe(1);
      await settle(page, 2, () => follow(page, 'Cart'));
      const after = await heapCounts(cdp);
      // The cart's grid and the footer's are the roots left, as before.
      expect({ detachedRoots: after.detachedRoots, roots: after.roots, detachedSlots: after.detachedSlots, observers: after.observers, listeners: after.listeners }).toEqual({
        detachedRoots: 0,
        roots: before.roots,
        detachedSlots: 0,
        observers: before.observers,
        listeners: before.listeners,
      });
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
