// On a slow phone a widget's first cards are rendered over several tasks before the widget
// is drawn. What a shopper sees meanwhile is the slot's fallback, never an empty or half
// drawn widget: at the end of every task that changes the page, the slot shows either
// its fallback or the widget with its first cards, in order; once drawn it is whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectRendered, newRecordedPage, repeatProducts, serveThemes, settled } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const SLOT = 'big-matrix';
const COUNT = 100;
const suite = useFixtureSuite('draw-tasks');
let context: BrowserContext;
let page: Page;
let errors: string[];

/** The org's one theme (the theme list's shape, interface.md): a card per product. */
const theme = {
  id: '7a2e3f4b-5c6d-4e7f-8091-a2b3c4d5e6f7',
  orgId: 'draw-tasks',
  orgName: 'Draw tasks',
  themeId: 'step-grid',
  name: 'Step grid',
  displayType: 'matrix',
  description: 'One card per product.',
  type: 'Custom',
  payload: null,
  divisionId: null,
  htmlTemplate: '<a class="sg-card" href="{{product_currentPageUrl}}"><img src="{{product_imageUrl}}" alt="" width="160" height="160"><span class="sg-name">{{product_name}}</span> <span class="sg-price">{{product_price}}</span></a>',
  cssTemplate: '.vitrine-theme--step-grid .sg-card{display:block;min-height:230px}',
};

/** Runs in the page before its scripts: what the slot shows at the end of each task that changed the page. */
function watchSlot(): void {
  const w = window as unknown as { __seen: { shows: string; cells: number; names: string[] }[] };
  w.__seen = [];
  const mo = new MutationObserver(() => {
    const slot = document.getElementById('big-matrix');
    if (!slot) return;
    const outlet = slot.shadowRoot?.querySelector('slot');
    const widget = outlet?.name == 'vitrine';
    const fallback = slot.querySelector('.fallback');
    w.__seen.push({
      // What the slot's shadow root shows: the widget root (slotted by name) or the fallback.
      shows: widget ? 'widget' : fallback ? 'fallback' : 'nothing',
      cells: slot.querySelectorAll('.vitrine__cell').length,
      names: [...slot.querySelectorAll('.vitrine__cell .sg-name')].map((n) => n.textContent || ''),
    });
  });
  mo.observe(document, { childList: true, subtree: true, attributes: true });
}

beforeAll(async () => {
  context = await suite.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  ({ page, errors } = await newRecordedPage(context));
  // A phone six times slower than this machine (DevTools' CPU throttling), so that the
  // first screen's cards take more than one task to render.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.addInitScript(watchSlot);
  // The merchant's fallback inside the slot.
  await page.route(
    (u) => u.pathname.endsWith('big-matrix.html'),
    async (route) => {
      const answer = await route.fetch();
      const html = (await answer.text()).replace('data-vitrine-title="All of it"></div>', 'data-vitrine-title="All of it"><p class="fallback">Our bestsellers</p></div>');
      await route.fulfill({ response: answer, body: html });
    },
  );
  await serveThemes(page, theme);
  // The sandbox answers at most 12 products: its answer, with its products repeated under
  // new names and SKUs up to a hundred, in the same shape.
  await repeatProducts(page, COUNT, (i) => ({ sku: `STEP-${i}`, name: `Product ${i + 1}`, currentPageUrl: `/products/step-${i}` }));
  await page.goto(suite.fixtures.page('big-matrix'));
  expectRendered(await settled(page, [SLOT], 30_000), [SLOT]);
});

afterAll(() => context?.close());

describe('a widget whose cards take several tasks to render, on a slow phone', () => {
  it('shows the fallback until it is drawn, then the widget with its first cards in order, never an empty one', async () => {
    const seen = await page.evaluate(() => (window as unknown as { __seen: { shows: string; cells: number; names: string[] }[] }).__seen);
    const first = seen.findIndex((s) => s.shows == 'widget');
    expect(first).toBeGreaterThan(0);
    expect(seen.slice(0, first).every((s) => s.shows == 'fallback' && s.cells == 0)).toBe(true);
    for (const s of seen.slice(first)) {
      expect(s.shows).toBe('widget');
      expect(s.cells).toBe(COUNT);
      expect(s.names.length).toBeGreaterThan(0);
      expect(s.names).toEqual(Array.from({ length: s.names.length }, (_, i) => `Product ${i + 1}`));
    }
  });

  it('is whole once drawn: every product, in order, as links', async () => {
    const slot = page.locator('#' + SLOT);
    await expect.poll(() => slot.locator('.sg-name').count(), { timeout: 15_000 }).toBe(COUNT);
    expect(await slot.locator('.sg-name').allInnerTexts()).toEqual(Array.from({ length: COUNT }, (_, i) => `Product ${i + 1}`));
    expect(await slot.getByRole('link').count()).toBe(COUNT);
    expect(await slot.locator('.fallback').isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });
});
