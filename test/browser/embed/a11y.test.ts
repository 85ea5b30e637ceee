// Accessibility on a11y.html: axe-core over each layout's widget (with the org's themes
// and with the built-in ones) finds nothing serious or critical, and the carousel works
// from the keyboard alone, announcing its slides, as the WAI-ARIA carousel pattern asks.
import { beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { expectRendered, newRecordedPage, settled, shownNames } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SLOTS = ['a11y-carousel', 'a11y-matrix', 'a11y-bundle'];
const suite = useFixtureSuite('a11y');
let context: BrowserContext | undefined;

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** a11y.html in a fresh context; `builtin` answers the theme list with no themes. */
async function open(themes: 'org' | 'builtin', reducedMotion: 'reduce' | 'no-preference' = 'no-preference'): Promise<Page> {
  await context?.close();
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion });
  const { page, errors } = await newRecordedPage(context);
  if (themes === 'builtin') {
    await page.route(
      (u) => u.pathname === '/v1/theme',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: '{"errMsg":null,"widgetThemes":[]}' }),
    );
  }
  await page.goto(suite.fixtures.page('a11y'));
  const outcome = await settled(page, SLOTS);
  expectRendered(outcome, SLOTS);
  for (const id of SLOTS) expect(outcome[id].detail.theme, id).toMatch(themes === 'builtin' ? /^vitrine-/ : /^maison-/);
  expect(errors).toEqual([]);
  return page;
}

/** axe-core over one slot, serious and critical findings only. */
async function axe(page: Page, id: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (selector) => {
    const run = (window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe.run;
    const result = await run(selector, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => String(n.target)) }));
  }, '#' + id);
}

const scrollLeft = (page: Page) => page.locator('#a11y-carousel .vitrine__track').evaluate((el) => el.scrollLeft);

/** Waits until the track stops moving (smooth scrolling takes a few hundred ms). */
async function settledScroll(page: Page): Promise<number> {
  // Three equal readings in a row: on a loaded machine a smooth scroll can stall for one
  // 100 ms sample mid-way.
  let last = -1;
  let same = 0;
  for (let i = 0; i < 60; i++) {
    const now = await scrollLeft(page);
    same = now === last ? same + 1 : 0;
    if (same === 2) return now;
    last = now;
    await page.waitForTimeout(100);
  }
  return last;
}



for (const themes of ['org', 'builtin'] as const) {
  describe(`axe-core finds nothing serious or critical with the ${themes === 'org' ? "org's" : 'built-in'} themes`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await open(themes);
    });

    it('in the matrix and bundle layouts', async () => {
      expect(await axe(page, 'a11y-matrix')).toEqual([]);
      expect(await axe(page, 'a11y-bundle')).toEqual([]);
    });

    // The slides are role="group" inside the track, so the track must not be a list (axe "list").
    it('in the carousel layout', async () => {
      expect(await axe(page, 'a11y-carousel')).toEqual([]);
    });
  });
}

describe('the carousel from the keyboard', () => {
  let page: Page;
  let start: number;
  const track = () => page.locator('#a11y-carousel .vitrine__track');

  beforeAll(async () => {
    page = await open('builtin');
    start = await settledScroll(page);
  });

  it('is a labelled carousel region whose slides are labelled groups "n of N: name"', async () => {
    const region = page.getByRole('region', { name: 'Trending this week' });
    await expect(region.getAttribute('aria-roledescription')).resolves.toBe('carousel');
    const slides = region.getByRole('group');
    const count = await slides.count();
    expect(count).toBeGreaterThan(4);
    const labels = await slides.evaluateAll((els) => els.map((el) => [el.getAttribute('aria-roledescription'), el.getAttribute('aria-label')]));
    const names = await shownNames(page, 'a11y-carousel');
    expect(labels).toEqual(names.map((name, i) => ['slide', `${i + 1} of ${count}: ${name}`]));
  });

  // Scroll snapping rests at the first slide, a few px in (the track's padding): that is the start.
  it('at the start "Previous" is disabled, so Tab from the link before lands on "Next", then the track', async () => {
    await expect(page.locator('#a11y-carousel [data-dir="prev"]').isDisabled()).resolves.toBe(true);
    await page.locator('#before').focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Next products');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.className)).resolves.toContain('vitrine__track');
  });

  /** Each scenario starts with the track at its first product. */
  async function rewind(): Promise<void> {
    await track().evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
    expect(await settledScroll(page)).toBe(start);
  }

  it('the arrow keys scroll the focused track slide by slide and the live region says what is in view', async () => {
    await rewind();
    await track().focus();
    await page.keyboard.press('ArrowRight');
    const moved = await settledScroll(page);
    expect(moved).toBeGreaterThan(start + 100);
    const live = page.locator('#a11y-carousel [aria-live="polite"]');
    // The products now in view are announced (not the first ones any more).
    await expect.poll(() => live.textContent(), { timeout: 3000 }).toMatch(/^Products ([2-9]|\d\d+) to \d+ of \d+$/);
    await expect(page.locator('#a11y-carousel [data-dir="prev"]').isDisabled()).resolves.toBe(false);
    await page.keyboard.press('ArrowLeft');
    expect(await settledScroll(page)).toBe(start);
    await expect(page.locator('#a11y-carousel [data-dir="prev"]').isDisabled()).resolves.toBe(true);
  });

  it('"Next" and "Previous" buttons page through with Enter and Space', async () => {
    await rewind();
    const next = page.getByRole('button', { name: 'Next products' });
    await next.focus();
    await page.keyboard.press('Enter');
    const paged = await settledScroll(page);
    expect(paged).toBeGreaterThan(start + 100);
    const prev = page.getByRole('button', { name: 'Previous products' });
    await expect(prev.isDisabled()).resolves.toBe(false);
    await prev.focus();
    await page.keyboard.press('Space');
    expect(await settledScroll(page)).toBe(start);
  });

  it('Tab walks through the controls, the track and every product link, then on past the carousel', async () => {
    await rewind();
    await page.locator('#before').focus();
    const count = await page.locator('#a11y-carousel .vitrine__slide').count();
    const buttons = await page.locator('#a11y-carousel .vitrine__slide [data-vitrine-cart]').count();
    const stops: string[] = [];
    for (let i = 0; i < count + buttons + 5 && stops[stops.length - 1] !== 'after'; i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => document.activeElement?.id || document.activeElement?.className || (document.activeElement?.hasAttribute('data-vitrine-cart') ? 'cart' : document.activeElement?.localName) || ''));
    }
    // Each card's add-to-cart button is a tab stop of its own, after the card's link.
    expect(stops.filter((s) => s == 'cart')).toHaveLength(buttons);
    // The controls come before the slides (APG carousel); "Previous" is disabled at the start.
    expect(stops[0]).toBe('vitrine__nav');
    expect(stops[1]).toContain('vitrine__track');
    expect(stops.filter((s) => s.includes('vitrine__track'))).toHaveLength(1);
    expect(stops.filter((s) => s.includes('vitrine__link'))).toHaveLength(count);
    expect(stops[stops.length - 1]).toBe('after');
  });
});

describe('the carousel renders what is out of view later', () => {
  it('shows its first six cards with it, the rest as they come within a track of the view; every slide ends up with its product', async () => {
    await context?.close();
    context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await newRecordedPage(context);
    // What the slides hold when the slot says it rendered, and whether each is within a
    // track of the view then (the theme's script runs a step after the draw, and the slides
    // near the view may have been filled by then).
    await page.addInitScript(() =>
      document.addEventListener('vitrine:render', (e) => {
        const track = (e.target as Element).querySelector('.vitrine__track');
        const slides = (e.target as Element).querySelectorAll('.vitrine__slide');
        if (!track || !slides.length) return;
        const box = track.getBoundingClientRect();
        (window as unknown as { atRender: { filled: boolean; near: boolean }[] }).atRender = [...slides].map((s) => ({ filled: s.childElementCount > 0, near: s.getBoundingClientRect().left < box.right + box.width }));
      }),
    );
    await page.goto(suite.fixtures.page('a11y'));
    expectRendered(await settled(page, SLOTS), SLOTS);
    const atRender = await page.evaluate(() => (window as unknown as { atRender: { filled: boolean; near: boolean }[] }).atRender);
    expect(atRender.length).toBeGreaterThan(6);
    expect(atRender.slice(0, 6).map((s) => s.filled)).toEqual([true, true, true, true, true, true]);
    expect(atRender.filter((s) => !s.near).length).toBeGreaterThan(0);
    expect(atRender.filter((s) => !s.near).some((s) => s.filled)).toBe(false);
    // The next track's width fills at once; beyond it nothing is templated until the
    // shopper swipes near, however long the page stays idle.
    const track = page.locator('#a11y-carousel .vitrine__track');
    const filled = () =>
      track.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return [...el.children].map((slide) => ({ near: slide.getBoundingClientRect().left < box.right + box.width, filled: slide.childElementCount > 0 }));
      });
    await expect.poll(async () => (await filled()).filter((s) => s.near).every((s) => s.filled)).toBe(true);
    await page.waitForTimeout(2500);
    const far = (await filled()).filter((s) => !s.near);
    expect(far.length).toBeGreaterThan(0);
    expect(far.some((s) => s.filled)).toBe(false);
    expect(await shownNames(page, 'a11y-carousel')).toHaveLength(atRender.length);
    await expect(page.locator('#a11y-carousel .vitrine__slide a[href]').count()).resolves.toBe(atRender.length);
    expect(errors).toEqual([]);
  });
});

describe('the carousel buttons without scrolling', () => {
  it('"Next" is disabled while every card fits the track, and follows the track when the window changes size', async () => {
    await context?.close();
    context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await newRecordedPage(context);
    await page.goto(suite.fixtures.page('a11y'));
    expectRendered(await settled(page, SLOTS), SLOTS);
    // Three cards of 220 px fit a 1,280 px page: nothing to page to.
    await page.evaluate(() =>
      document.querySelector('main')!.insertAdjacentHTML('afterbegin', '<div id="a11y-few" data-vitrine="trending" data-vitrine-layout="carousel" data-vitrine-max="3"></div>'),
    );
    expectRendered(await settled(page, ['a11y-few']), ['a11y-few']);
    const buttons = () => page.locator('#a11y-few .vitrine__nav').evaluateAll((navs) => navs.map((b) => (b as HTMLButtonElement).disabled));
    await expect.poll(buttons).toEqual([true, true]);
    // A phone's width: the third card is cut, so "Next" has somewhere to go.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(buttons).toEqual([true, false]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(buttons).toEqual([true, true]);
    expect(errors).toEqual([]);
  });
});
