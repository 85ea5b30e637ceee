// The demo product page with its first widgets rendered on the server (`vitrine/server`
// through the shop), then taken over by the built `dist/vitrine.js` in Chromium: the
// products are in the page's HTML, the browser asks the service nothing for those slots,
// keeps the server's nodes, and the widgets behave like client-rendered ones.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { createSandbox } from '../../demo/sandbox/createSandbox';
import { createShop } from '../../demo/shop/createShop';
import { useDemoShop } from './useDemoShop';
import { createCatalogue } from '../../demo/sandbox/createCatalogue';

const SERVER_SLOTS = ['pdp-bundle', 'pdp-also-viewed'];
const demo = useDemoShop('ssr');
const product = createCatalogue().find((p) => p.category == 'outerwear')!;

interface Opened {
  page: Page;
  /** Requests the browser made to the service. */
  asked: Request[];
  errors: string[];
}

/**
 * Opens the product page with vitrine.js held back until the server's nodes are marked
 * (a JS property on each slot's root and first product link), then lets it load.
 */
async function open(query = ''): Promise<Opened> {
  const page = await demo.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const asked: Request[] = [];
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => r.url().startsWith(demo.sandbox.url + '/v1/') && asked.push(r));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/dist/vitrine.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __renders: unknown[]; __themeScript: number };
    w.__renders = [];
    w.__themeScript = 0;
    document.addEventListener('vitrine:render', (e) => w.__renders.push({ id: (e.target as Element).id, ...(e as CustomEvent).detail, view: undefined }));
  });
  await page.goto(`${demo.shop.url}/products/${product.handle}${query}`, { waitUntil: 'domcontentloaded' });
  await page.evaluate((ids) => {
    const w = window as unknown as { __themeScript: number };
    for (const id of ids) {
      const slot = document.getElementById(id) as HTMLElement & { __kids?: Node[] };
      if (!slot?.firstElementChild) continue;
      const root = slot.firstElementChild as HTMLElement & { __server?: boolean };
      root.__server = true;
      (root.querySelector('a[href]') as HTMLElement & { __server?: boolean }).__server = true;
      slot.__kids = [...slot.childNodes];
      // The theme's jsTemplate marks the root: count how often it does.
      new MutationObserver((records) => (w.__themeScript += records.length)).observe(root, { attributeFilter: ['data-theme-script'] });
    }
  }, SERVER_SLOTS);
  release();
  return { page, asked, errors };
}

const renders = (page: Page) => page.evaluate(() => (window as unknown as { __renders: { id: string; server?: boolean; algorithm: string }[] }).__renders);

describe('server-rendered slots on the demo product page', () => {
  it('has the products in the HTML the server sent', async () => {
    const html = await (await fetch(`${demo.shop.url}/products/${product.handle}`)).text();
    for (const id of SERVER_SLOTS) {
      const slot = new RegExp(`<div id="${id}"[^>]*>(.*?)</div>\\s*</section>`, 's').exec(html)?.[1] ?? html.slice(html.indexOf(`id="${id}"`), html.indexOf(`id="${id}"`) + 20_000);
      expect(slot, id).toContain('data-vitrine-state');
      expect(slot.match(/href="\/products\/[^"]+"/g)?.length ?? 0, id).toBeGreaterThan(0);
    }
    // ?ssr=0 turns it off: the slots hold no widget until the browser renders one.
    const off = await (await fetch(`${demo.shop.url}/products/${product.handle}?ssr=0`)).text();
    expect(off).not.toContain('data-vitrine-state');
  });

  it('sends the product before the widgets, and loads vitrine.js once the page has loaded', async () => {
    // A service that takes 400 ms to answer: what reaches the browser before it has
    // answered is the head, the header and the product, and none of the widgets.
    const slowDir = mkdtempSync(join(tmpdir(), 'vitrine-ssr-slow-'));
    const slow = await createSandbox({ port: 0, dataDir: slowDir, latencyMs: 400 });
    const slowShop = await createShop({ port: 0, apiUrl: slow.url, orgId: slow.orgId, apiKey: slow.apiKey });
    const parts = await new Promise<{ text: string; at: number }[]>((resolve, reject) =>
      get(`${slowShop.url}/products/${product.handle}`, (res) => {
        const chunks: { text: string; at: number }[] = [];
        res.setEncoding('utf8');
        res.on('data', (text: string) => chunks.push({ text, at: performance.now() }));
        res.on('end', () => resolve(chunks));
      }).on('error', reject),
    );
    await slowShop.close();
    await slow.close();
    rmSync(slowDir, { recursive: true, force: true });
    const early = parts.filter((part) => part.at < parts[parts.length - 1].at - 200).map((part) => part.text).join('');
    expect(early).toContain(`<h1>${product.name}</h1>`);
    expect(early).not.toContain('data-vitrine-state');
    expect(parts.map((part) => part.text).join('')).toContain('data-vitrine-state');
    // The script is asked for after the load event, and still takes the widgets over.
    const page = await demo.browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.addInitScript(() => document.addEventListener('vitrine:render', (e) => ((window as unknown as { __server: boolean }).__server ||= !!(e as CustomEvent).detail.server)));
    await page.goto(`${demo.shop.url}/products/${product.handle}`);
    await page.waitForFunction(() => (window as unknown as { __server: boolean }).__server, null, { timeout: 10_000 });
    const { load, script } = await page.evaluate(() => ({
      load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      script: performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/dist/vitrine.js'))!.startTime,
    }));
    expect(script).toBeGreaterThanOrEqual(load);
    // A script that runs after the load asks for no preconnect: nothing is being parsed.
    await expect(page.locator('link[rel="preconnect"]').count()).resolves.toBe(0);
    await page.close();
  });

  it('takes them over without a request, keeping the same nodes', async () => {
    const { page, asked, errors } = await open();
    await page.waitForFunction((n) => (window as unknown as { __renders: { server?: boolean }[] }).__renders.filter((r) => r.server).length >= n, SERVER_SLOTS.length, { timeout: 10_000 });
    const done = await renders(page);
    for (const id of SERVER_SLOTS) expect(done.find((r) => r.id == id)?.server, id).toBe(true);
    // Neither widget nor theme requests for the server's slots (other slots ask for theirs).
    const mine = asked.filter((r) => SERVER_SLOTS.includes(new URL(r.url()).searchParams.get('divisionId') ?? ''));
    expect(mine.map((r) => r.url())).toEqual([]);
    const same = await page.evaluate((ids) =>
      ids.map((id) => {
        const slot = document.getElementById(id) as HTMLElement & { __kids: Node[] };
        const root = slot.firstElementChild as HTMLElement & { __server?: boolean };
        return {
          root: root.__server === true,
          link: (root.querySelector('a[href]') as HTMLElement & { __server?: boolean }).__server === true,
          children: slot.__kids.length == slot.childNodes.length && slot.__kids.every((n, i) => n.isSameNode(slot.childNodes[i])),
          shown: root.getBoundingClientRect().height > 0,
          // Nothing beside the root to hide: the slot gets no shadow root (a layout saved).
          outlet: slot.shadowRoot != null,
        };
      }), SERVER_SLOTS);
    expect(same).toEqual(SERVER_SLOTS.map(() => ({ root: true, link: true, children: true, shown: true, outlet: false })));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('behaves like a client-rendered widget: carousel, clicks, theme script once', async () => {
    const { page } = await open();
    await page.waitForFunction(() => (window as unknown as { __renders: { id: string }[] }).__renders.some((r) => r.id == 'pdp-also-viewed'), null, { timeout: 10_000 });
    const track = page.locator('#pdp-also-viewed .vitrine__track');
    await track.scrollIntoViewIfNeeded();
    const before = await track.evaluate((t) => t.scrollLeft);
    await page.locator('#pdp-also-viewed .vitrine__nav[data-dir="next"]').click();
    await page.waitForFunction(([x]) => (document.querySelector('#pdp-also-viewed .vitrine__track') as HTMLElement).scrollLeft > x + 50, [before]);
    // Previous is enabled once scrolled, and the focused track scrolls with the arrow keys.
    await page.waitForFunction(() => !(document.querySelector('#pdp-also-viewed .vitrine__nav[data-dir="prev"]') as HTMLButtonElement).disabled);
    const scrolled = await track.evaluate((t) => t.scrollLeft);
    await track.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(([x]) => (document.querySelector('#pdp-also-viewed .vitrine__track') as HTMLElement).scrollLeft > x, [scrolled]);
    // A click reports the product and its position.
    const clicked = page.evaluate(() => new Promise((resolve) => document.getElementById('pdp-also-viewed')!.addEventListener('vitrine:click', (e) => resolve((e as CustomEvent).detail), { once: true })));
    await page.locator('#pdp-also-viewed').evaluate((slot) => {
      const link = slot.querySelector('.vitrine__slide a[href]') as HTMLAnchorElement;
      link.addEventListener('click', (e) => e.preventDefault(), { once: true });
      link.click();
    });
    expect(await clicked).toMatchObject({ position: 1 });
    expect(await page.evaluate(() => (window as unknown as { __themeScript: number }).__themeScript)).toBe(1);
    await page.close();
  });

  it('comes alive from the keyboard alone, the first thing the shopper does with it', async () => {
    const { page } = await open();
    await page.waitForFunction((n) => (window as unknown as { __renders: { server?: boolean }[] }).__renders.filter((r) => r.server).length >= n, SERVER_SLOTS.length, { timeout: 10_000 });
    // The track starts at its start, so Previous is disabled before anything is touched.
    expect(await page.locator('#pdp-also-viewed .vitrine__nav[data-dir="prev"]').isDisabled()).toBe(true);
    const next = page.locator('#pdp-also-viewed .vitrine__nav[data-dir="next"]');
    await next.scrollIntoViewIfNeeded();
    const before = await page.locator('#pdp-also-viewed .vitrine__track').evaluate((t) => t.scrollLeft);
    await next.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(([x]) => (document.querySelector('#pdp-also-viewed .vitrine__track') as HTMLElement).scrollLeft > x + 50, [before]);
    const bundle = page.locator('#pdp-bundle');
    const label = await bundle.locator('.vitrine__add').textContent();
    await bundle.locator('input[type="checkbox"]:not([disabled])').first().focus();
    await page.keyboard.press('Space');
    await page.waitForFunction((text) => document.querySelector('#pdp-bundle .vitrine__add')!.textContent != text, label);
    await page.close();
  });

  it('reports impressions to analytics and adds the bundle, as a client-rendered widget does', async () => {
    const { page } = await open();
    await page.waitForFunction((n) => (window as unknown as { __renders: { server?: boolean }[] }).__renders.filter((r) => r.server).length >= n, SERVER_SLOTS.length, { timeout: 10_000 });
    // The analytics chunk (data-analytics="datalayer" on the shop) hears the impression.
    await page.locator('#pdp-also-viewed').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => ((window as unknown as { dataLayer: { event?: string; ecommerce?: { item_list_id?: string; items?: unknown[] } }[] }).dataLayer).some((e) => e.event == 'view_item_list' && e.ecommerce?.item_list_id == 'pdp-also-viewed' && (e.ecommerce.items?.length ?? 0) > 0), null, { timeout: 10_000 });
    // The bundle's checkboxes and add button work on the server's nodes.
    const bundle = page.locator('#pdp-bundle');
    await bundle.scrollIntoViewIfNeeded();
    const boxes = bundle.locator('input[type="checkbox"]:not([disabled])');
    expect(await boxes.count()).toBeGreaterThan(0);
    const label = await bundle.locator('.vitrine__add').textContent();
    await boxes.first().uncheck();
    await page.waitForFunction((before) => document.querySelector('#pdp-bundle .vitrine__add')!.textContent != before, label);
    await boxes.first().check();
    const added = page.evaluate(() => new Promise<{ products: unknown[] }>((resolve) => document.getElementById('pdp-bundle')!.addEventListener('vitrine:add-to-cart', (e) => { e.preventDefault(); resolve((e as CustomEvent).detail); }, { once: true })));
    await bundle.locator('.vitrine__add').click();
    expect((await added).products.length).toBeGreaterThan(1);
    await page.close();
  });

  it('renders the client way after refresh()', async () => {
    const { page, asked } = await open();
    await page.waitForFunction(() => (window as unknown as { __renders: { id: string }[] }).__renders.some((r) => r.id == 'pdp-bundle'), null, { timeout: 10_000 });
    await page.evaluate(() => (window as unknown as { Vitrine: { refresh(): void } }).Vitrine.refresh());
    await page.waitForFunction(() => (window as unknown as { __renders: { id: string; server?: boolean }[] }).__renders.some((r) => r.id == 'pdp-bundle' && !r.server), null, { timeout: 10_000 });
    expect(asked.some((r) => new URL(r.url()).searchParams.get('divisionId') == 'pdp-bundle')).toBe(true);
    await page.close();
  });

  it('renders the client way after setContext', async () => {
    const { page, asked } = await open();
    await page.waitForFunction(() => (window as unknown as { __renders: { id: string }[] }).__renders.some((r) => r.id == 'pdp-also-viewed'), null, { timeout: 10_000 });
    await page.evaluate(() => (window as unknown as { Vitrine: { setContext(c: object): void } }).Vitrine.setContext({ pageType: 'product_page', pname: 'Aubrac Tote', sku: 'MV-BAG-006' }));
    await page.waitForFunction(() => (window as unknown as { __renders: { id: string; server?: boolean }[] }).__renders.some((r) => r.id == 'pdp-also-viewed' && !r.server), null, { timeout: 10_000 });
    expect(asked.some((r) => new URL(r.url()).searchParams.get('divisionId') == 'pdp-also-viewed')).toBe(true);
    await page.close();
  });
});
