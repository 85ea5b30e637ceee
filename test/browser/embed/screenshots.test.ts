// Screenshots of each layout, with the org's themes and the built-in ones, at a phone
// (375 px) and a desktop (1280 px) width, kept in test/artifacts/ for a person to look
// at. The checks are what a screenshot would show at a glance: the widget fits the
// screen without sideways page scroll, its images loaded, the grid reflows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expectRendered, newRecordedPage, settled } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const ARTIFACTS = fileURLToPath(new URL('../../artifacts/', import.meta.url));
const LAYOUTS = ['carousel', 'matrix', 'bundle'] as const;
const suite = useFixtureSuite('shots');

/** Waits until every image of the slot that is on screen has loaded (they load lazily). */
async function imagesShown(page: Page, id: string): Promise<void> {
  await page.waitForFunction(
    (slot) =>
      Array.from(document.querySelectorAll<HTMLImageElement>(`#${slot} img`))
        .filter((img) => {
          const r = img.getBoundingClientRect();
          return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
        })
        .every((img) => img.complete && img.naturalWidth > 0),
    id,
    { timeout: 10_000 },
  );
}

beforeAll(() => {
  mkdirSync(ARTIFACTS, { recursive: true });
});


for (const themes of ['org', 'builtin'] as const) {
  for (const width of [375, 1280]) {
    describe(`${themes === 'org' ? "org's" : 'built-in'} themes at ${width} px`, () => {
      let page: Page;

      beforeAll(async () => {
        const context = await suite.browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
        const opened = await newRecordedPage(context);
        page = opened.page;
        if (themes === 'builtin') {
          await page.route(
            (u) => u.pathname === '/v1/theme',
            (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: '{"errMsg":null,"widgetThemes":[]}' }),
          );
        }
        await page.goto(suite.fixtures.page('screenshots'));
        const ids = LAYOUTS.map((l) => 'shot-' + l);
        expectRendered(await settled(page, ids), ids);
        await page.evaluate(() => document.fonts.ready);
      });

      afterAll(async () => {
        await page?.context().close();
      });

      for (const layout of LAYOUTS) {
        it(`${layout}: fits the screen, shows its images, and is saved for a person to look at`, async () => {
          const slot = page.locator(`#shot-${layout}`);
          await slot.scrollIntoViewIfNeeded();
          await imagesShown(page, `shot-${layout}`);
          const box = await slot.boundingBox();
          expect(box!.height).toBeGreaterThan(150);
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(width);
          // No sideways scrolling of the page: a carousel scrolls inside its own track.
          await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
          const file = join(ARTIFACTS, `${layout}-${themes}-${width}.png`);
          await slot.screenshot({ path: file });
          expect(statSync(file).size).toBeGreaterThan(5_000);
        });
      }

      for (const layout of LAYOUTS) {
        it(`${layout}: nothing sticks out past the slot`, async () => {
          // The carousel's round buttons overhang its edges by design; its slides scroll.
          const overflow = await page.locator(`#shot-${layout}`).evaluate((el) => {
            const right = el.getBoundingClientRect().right + 1;
            return Array.from(el.querySelectorAll('*'))
              .filter((e) => !e.closest('.vitrine__track, .vitrine__nav') && e.getBoundingClientRect().right > right)
              .map((e) => `${e.localName}.${e.className} ends at ${Math.round(e.getBoundingClientRect().right)} > ${Math.round(right)}`)
              .slice(0, 3);
          });
          expect(overflow).toEqual([]);
        });
      }

      it('the matrix reflows: two columns on a phone, five or more on a desktop', async () => {
        // Cells on the first row share its top edge.
        const columns = await page.locator('#shot-matrix li').evaluateAll((cells) => {
          const top = (c: Element) => Math.round(c.getBoundingClientRect().top);
          return cells.filter((c) => top(c) === top(cells[0])).length;
        });
        if (width === 375) expect(columns).toBe(2);
        else expect(columns).toBeGreaterThanOrEqual(5);
      });
    });
  }
}
