// A matrix of a hundred products on a phone is drawn in tasks: the cards that may fill
// the first screen in the task that draws the widget, the rest in the tasks after it.
// What a shopper and the page's code see: every card that can be in view is there at the
// first paint, nothing below them is in view (so the later cards move nothing the
// shopper sees), and once drawn the widget is whole and accessible; `vitrine:render`
// and the theme's jsTemplate come once it is whole, never before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { expectRendered, newRecordedPage, repeatProducts, serveThemes, settled } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SLOT = 'big-matrix';
const COUNT = 100;
const suite = useFixtureSuite('big-matrix');
let context: BrowserContext;
let page: Page;
let errors: string[];

/** The org's one theme (the theme list's shape, interface.md): a card per product, whose script counts the cards it finds. */
const theme = {
  id: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
  orgId: 'big-matrix',
  orgName: 'Big matrix',
  themeId: 'big-grid',
  name: 'Big grid',
  displayType: 'matrix',
  description: 'One card per product.',
  type: 'Custom',
  payload: null,
  divisionId: null,
  htmlTemplate: '<a class="bg-card" href="{{product_currentPageUrl}}"><img src="{{product_imageUrl}}" alt="" width="160" height="160"><span class="bg-name">{{product_name}}</span> <span class="bg-price">{{product_price}}</span></a>',
  cssTemplate: '.vitrine-theme--big-grid .bg-card{display:block;min-height:230px}',
  // How many cards it found, and whether the data it was given is what the widget shows.
  jsTemplate: 'window.__themeSaw.push(root.querySelectorAll(".bg-card").length);window.__themeMatch.push(data.products[0].product_name==root.querySelector(".bg-name").textContent)',
};

/** Runs in the page before its scripts: what the first task left, and what `vitrine:render` found. */
function watchDraw(): void {
  const w = window as unknown as Record<string, unknown>;
  w.__themeSaw = [];
  w.__themeMatch = [];
  const cells = () => [...document.querySelectorAll('#big-matrix .vitrine__cell')];
  const filled = () => cells().filter((c) => c.querySelector('.bg-card')).length;
  // A MutationObserver's callback runs at the end of the task that made the changes,
  // before any later task: what it reads is what that task drew.
  const mo = new MutationObserver(() => {
    const all = cells();
    if (!all.length) return;
    mo.disconnect();
    const drawn = all.filter((c) => c.querySelector('.bg-card'));
    w.__first = {
      cells: all.length,
      filled: drawn.length,
      inOrder: drawn.every((c, i) => c === all[i]),
      lastBottom: drawn.length ? drawn[drawn.length - 1].getBoundingClientRect().bottom : 0,
      footerTop: document.getElementById('below')!.getBoundingClientRect().top,
      screen: innerHeight,
    };
  });
  mo.observe(document, { childList: true, subtree: true });
  document.addEventListener('vitrine:render', () => (w.__atRender = filled()));
}

/**
 * A page on a phone with the org's theme, whose widget calls answer a hundred products:
 * the sandbox's answer (at most 12) repeated under new names (`name` and the call's
 * number) and SKUs, in the same shape.
 */
async function openPage(name: (i: number, call: number) => string) {
  const context = await suite.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const opened = await newRecordedPage(context);
  await opened.page.addInitScript(watchDraw);
  await serveThemes(opened.page, theme);
  await repeatProducts(opened.page, COUNT, (i, call) => ({ sku: `BIG-${i}`, name: name(i, call), currentPageUrl: `/products/big-${i}` }));
  return { context, ...opened };
}

beforeAll(async () => {
  context = await suite.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  ({ page, errors } = await newRecordedPage(context));
  await page.addInitScript(watchDraw);
  await serveThemes(page, theme);
  // The sandbox answers at most 12 products: its answer, with its products repeated under
  // new names and SKUs up to a hundred, in the same shape.
  await repeatProducts(page, COUNT, (i) => ({ sku: `BIG-${i}`, name: `Product ${i + 1}`, currentPageUrl: `/products/big-${i}` }));
  // A phone's speed (Lighthouse's 4×): on a fast desktop the whole matrix may fit in the
  // first task's few milliseconds, and its first screen is then not the first task's alone.
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(suite.fixtures.page('big-matrix'));
  expectRendered(await settled(page, [SLOT]), [SLOT]);
});

afterAll(() => context?.close());

describe('a matrix of a hundred products on a phone', () => {
  it('draws the cards of its first screen in the first task, holding a place for every other', async () => {
    const first = await page.evaluate(() => (window as unknown as { __first: Record<string, number | boolean> }).__first);
    expect(first.cells).toBe(COUNT);
    expect(first.filled).toBeGreaterThan(0);
    expect(first.filled).toBeLessThan(COUNT);
    expect(first.inOrder).toBe(true);
    // Nothing below the first cards is in view: the cards drawn later move nothing on screen.
    expect(first.lastBottom).toBeGreaterThan(first.screen as number);
    expect(first.footerTop).toBeGreaterThan(first.screen as number);
  });

  it('is whole when vitrine:render comes and when its theme script first runs', async () => {
    expect(await page.evaluate(() => (window as unknown as { __atRender: number }).__atRender)).toBe(COUNT);
    expect(await page.evaluate(() => (window as unknown as { __themeSaw: number[] }).__themeSaw)).toEqual([COUNT]);
  });

  it('holds every product in the accessible tree, in order, and axe-core finds nothing serious', async () => {
    const slot = page.locator('#' + SLOT);
    await expect.poll(() => slot.getByRole('listitem').count()).toBe(COUNT);
    const links = await slot.getByRole('link').allInnerTexts();
    expect(links).toHaveLength(COUNT);
    expect(links.map((t) => t.split('\n')[0].replace(/\s*€.*$/, ''))).toEqual(Array.from({ length: COUNT }, (_, i) => `Product ${i + 1}`));
    // The cards drawn later load their images when scrolled near, like every card out of view.
    expect(await slot.locator('.vitrine__cell').nth(COUNT - 1).locator('img').getAttribute('loading')).toBe('lazy');
    await page.addScriptTag({ path: AXE });
    const serious = await page.evaluate(async () => {
      const run = (window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe.run;
      const result = await run('#big-matrix', { resultTypes: ['violations'] });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    });
    expect(serious).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('a matrix asked for again while its later cards are still being drawn', () => {
  it('ends whole with the new answer alone, and says so once; the theme script never runs on the new one with the old data', async () => {
    const opened = await openPage((i, call) => (call == 1 ? `First ${i + 1}` : `Second ${i + 1}`));
    // The page asks again as soon as the first task has drawn the first screen.
    await opened.page.addInitScript(() => {
      const mo = new MutationObserver(() => {
        if (!document.querySelector('#big-matrix .vitrine__cell')) return;
        mo.disconnect();
        (window as unknown as { Vitrine: { refresh(): void } }).Vitrine.refresh();
      });
      mo.observe(document, { childList: true, subtree: true });
    });
    await opened.page.goto(suite.fixtures.page('big-matrix'));
    await opened.page.waitForFunction(() => document.querySelectorAll('#big-matrix .bg-name').length === 100 && document.querySelector('#big-matrix .bg-name')!.textContent!.startsWith('Second'), null, { timeout: 15_000 });
    // Time for a draw left behind to finish its tasks, had it gone on.
    await opened.page.waitForTimeout(500);
    const names = await opened.page.locator('#big-matrix .bg-name').allInnerTexts();
    expect(names).toEqual(Array.from({ length: COUNT }, (_, i) => `Second ${i + 1}`));
    const renders = await opened.page.evaluate(() => (window as unknown as { __vitrineTest: { events: { type: string; id: string }[] } }).__vitrineTest.events.filter((e) => e.type === 'render' && e.id === 'big-matrix').length);
    expect(renders).toBe(1);
    // The first draw's script runs only if that draw was whole before the second replaced it.
    const { saw, match } = await opened.page.evaluate(() => ({ saw: (window as unknown as { __themeSaw: number[] }).__themeSaw, match: (window as unknown as { __themeMatch: boolean[] }).__themeMatch }));
    expect(saw.length).toBeGreaterThan(0);
    expect(saw.every((n) => n === COUNT)).toBe(true);
    expect(match.every(Boolean)).toBe(true);
    expect(opened.errors).toEqual([]);
    await opened.context.close();
  });
});
