// The host page's own names and loaders: a form whose id is `Vitrine` (named access makes
// it `window.Vitrine`, with a `version` control), and a script the browser does not report
// as `document.currentScript` (a module script, as some tag managers and loaders add it),
// where only `assetBase` in window.vitrineConfig says where the chunks are.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, ConsoleMessage } from 'playwright-core';
import { expectRendered, newRecordedPage, settled } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const suite = useFixtureSuite('host');
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

const SLOTS = ['h-carousel', 'h-matrix'];

async function open(name: string) {
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const opened = await newRecordedPage(context);
  const warnings: string[] = [];
  opened.page.on('console', (m: ConsoleMessage) => m.type() == 'warning' && /vitrine/i.test(m.text()) && warnings.push(m.text()));
  const from = suite.fixtures.requests.length;
  await opened.page.goto(suite.fixtures.page(name));
  const outcome = await settled(opened.page, SLOTS);
  await opened.page.waitForLoadState('load');
  const assets = () => suite.fixtures.requests.slice(from).filter((p) => /vitrine[-.]\w*\.?(js|css)$/.test(p) && !p.endsWith('/vitrine.js'));
  return { ...opened, outcome, warnings, assets };
}

describe('host pages', () => {
  it('a form named Vitrine with a version control is not a running copy: the widgets render and the form is left alone', async () => {
    const { page, outcome, warnings, errors } = await open('host-form');
    expectRendered(outcome, SLOTS);
    await expect(page.locator('#h-carousel .vitrine__slide').count()).resolves.toBeGreaterThan(0);
    expect(await page.evaluate(() => [typeof (window as any).Vitrine.refresh, (document.getElementById('Vitrine') as any).refresh, (document.forms[0].elements.namedItem('version') as HTMLInputElement).value])).toEqual(['function', undefined, '2']);
    expect(warnings).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('no currentScript, assetBase in window.vitrineConfig: the stylesheet and the carousel chunk come from there', async () => {
    const { page, outcome, warnings, assets, errors } = await open('host-module');
    expectRendered(outcome, SLOTS);
    await expect(page.locator('#h-carousel .vitrine__slide').count()).resolves.toBeGreaterThan(0);
    expect(assets()).toEqual(expect.arrayContaining(['/dist/vitrine.css', '/dist/vitrine-carousel.js']));
    // The org has a theme for each layout: the built-in themes' card is never fetched.
    expect(assets()).not.toContain('/dist/vitrine-theme.js');
    expect(warnings).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the ESM build, started without assetBase: the stylesheet and the strings chunk come from beside dist/vitrine.mjs', async () => {
    const { page, outcome, warnings, assets, errors } = await open('host-esm');
    expectRendered(outcome, SLOTS);
    await expect(page.locator('#h-carousel .vitrine__slide').count()).resolves.toBeGreaterThan(0);
    expect(assets()).toEqual(expect.arrayContaining(['/dist/vitrine.css', '/dist/vitrine-strings.js']));
    expect(warnings).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('no currentScript and no assetBase: one warning naming assetBase, nothing fetched from the page’s folder, widgets as grids', async () => {
    const { page, outcome, warnings, assets, errors } = await open('host-module-nobase');
    expectRendered(outcome, SLOTS);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/assetBase/);
    expect(assets()).toEqual([]);
    // The carousel chunk is out of reach: its slot shows its products as a grid.
    await expect(page.locator('#h-carousel .vitrine__grid .vitrine__cell').count()).resolves.toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
