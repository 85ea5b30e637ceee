// What real use broke, on real-use.html against the built embed and the sandbox (the
// org's themes are the probes below): a theme script runs with its widget in the
// document on every render; `{{.}}` and `{{products}}` render as nothing instead of
// costing the widget; a whole-widget theme's impression counts its products; the
// bundle's own card is a real link; a widget in view loads its first row at once and
// first, a carousel the images of the cards it draws; and the page stays in the
// back/forward cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { launchChromium } from '../chromium';
import type { Theme } from '../../../src/types/interface';
import { expectRendered, newRecordedPage, settled, slotEvents, type OpenedPage } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const suite = useFixtureSuite('real-use');
const CORS = { 'Access-Control-Allow-Origin': '*' };

const theme = (themeId: string, displayType: string, htmlTemplate: string, jsTemplate: string | null = null): Theme => ({
  id: themeId, themeId, orgId: '', orgName: '', name: themeId, type: 'Custom', displayType, payload: null, description: null, divisionId: null,
  htmlTemplate, jsTemplate, cssTemplate: '',
});
const card = (loading: string) =>
  `<a class="p-link" href="{{product_currentPageUrl}}"><img class="p-img" src="{{product_imageUrl}}" alt="" loading="${loading}" width="200" height="200"><span class="p-name">{{product_name}}</span></a>`;
const THEMES: Theme[] = [
  // Counts its runs and records whether the widget was in the document, laid out, when it ran.
  theme('probe-script', 'carousel', card('lazy'),
    `var runs = Number(root.getAttribute('data-runs') || 0) + 1;
     root.setAttribute('data-runs', String(runs));
     var slot = document.getElementById('p-script');
     root.setAttribute('data-seen', slot && slot.contains(root) && root.getBoundingClientRect().width > 0 ? 'in-document' : 'detached');`),
  theme('probe-eager', 'matrix', card('eager')),
  theme('probe-objects', 'matrix', '<section class="p-whole"><p class="p-list">[{{products}}]</p><ul>{{#products}}<li class="p-item">{{.}}<span class="p-name">{{product_name}}</span></li>{{/products}}</ul></section>'),
  theme('probe-dot', 'matrix', '<div class="p-dot">{{.}}<span class="p-name">{{product_name}}</span></div>'),
];
const serveThemes = (route: Route) =>
  route.fulfill({ status: 200, contentType: 'application/json', headers: CORS, body: JSON.stringify({ errMsg: null, widgetThemes: THEMES }) });

let context: BrowserContext;
let opened: OpenedPage;
let page: Page;

beforeAll(async () => {
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route((u) => u.pathname === '/v1/theme', serveThemes);
  opened = await newRecordedPage(context);
  page = opened.page;
  await page.goto(suite.fixtures.page('real-use'));
  expectRendered(await settled(page, ['p-script', 'p-late']), ['p-script', 'p-late']);
});
afterAll(() => context?.close());

const show = async (id: string) => {
  await page.locator('#' + id).scrollIntoViewIfNeeded();
  expectRendered(await settled(page, [id]), [id]);
};

describe('what real use broke', () => {
  it("a theme's jsTemplate runs with its widget in the document, on the first render and every later one", async () => {
    const root = page.locator('#p-script > .vitrine');
    await expect(root.getAttribute('data-seen')).resolves.toBe('in-document');
    await expect(root.getAttribute('data-runs')).resolves.toBe('1');
    const renders = (await slotEvents(page, 'render')).filter((e) => e.id == 'p-script').length;
    await page.evaluate(() => (window as unknown as { Vitrine: { refresh(): void } }).Vitrine.refresh());
    await page.waitForFunction((n) => (window as any).__vitrineTest.events.filter((e: any) => e.id == 'p-script' && e.type == 'render').length > n, renders);
    await expect(root.getAttribute('data-runs')).resolves.toBe('2');
    await expect(root.getAttribute('data-seen')).resolves.toBe('in-document');
    expect((await slotEvents(page, 'render')).find((e) => e.id == 'p-script')?.detail.warning).toBeUndefined();
  });

  it('images: the first row of a widget in view loads at once and first; the rest, and widgets below the fold, stay lazy whatever the theme says', async () => {
    const images = (id: string) =>
      page.locator(`#${id} img`).evaluateAll((imgs) => imgs.map((img) => ({ loading: img.getAttribute('loading'), priority: img.getAttribute('fetchpriority'), box: img.getBoundingClientRect().toJSON() as DOMRect })));
    // The browser says which images are in view once it has laid the widget out (a frame).
    await expect.poll(async () => (await images('p-script')).filter((i) => i.loading == 'eager').length).toBeGreaterThan(1);
    const top = await images('p-script');
    const eager = top.filter((i) => i.loading == 'eager');
    expect(eager.length).toBeGreaterThan(1);
    for (const img of eager) {
      expect(img.priority).toBe('high');
      expect(img.box.top).toBeCloseTo(eager[0].box.top, 0);
      expect(img.box.left).toBeLessThan(1280);
    }
    // The carousel's slides past the viewport's right edge wait.
    expect(top.filter((i) => i.loading == 'lazy' && i.priority == null).length).toBe(top.length - eager.length);
    expect(top.length - eager.length).toBeGreaterThan(0);
    const late = await images('p-late');
    expect(late.length).toBe(8);
    expect(late.every((i) => i.loading == 'lazy' && i.priority == null)).toBe(true);
  });

  it("on a phone, a carousel's drawn cards load their images as it is drawn, and the org's themes are asked for beside the first widget", async () => {
    // A first visit: no copy of the org's themes kept from an earlier page.
    const first = await suite.browser.newContext({ viewport: { width: 412, height: 823 } });
    await first.route((u) => u.pathname === '/v1/theme', serveThemes);
    const { page: phone, errors } = await newRecordedPage(first);
    try {
      const asked: string[] = [];
      phone.on('request', (r) => /\/v1\/(theme|widgetserver)\b/.test(r.url()) && r.method() == 'GET' && asked.push(new URL(r.url()).pathname.split('/')[2]));
      // What the images say in the task that drew the widget, before any frame could report
      // them (a mutation observer reports at the end of that task; `vitrine:render` waits
      // for the theme's script, by when the carousel may have drawn the next cards).
      await phone.addInitScript(() => {
        const watch = new MutationObserver(() => {
          const images = document.querySelectorAll('#p-script img');
          if (!images.length) return;
          (window as any).__drawn = [...images].map((img) => (img as HTMLImageElement).loading);
          watch.disconnect();
        });
        watch.observe(document, { childList: true, subtree: true });
      });
      await phone.goto(suite.fixtures.page('real-use'));
      expectRendered(await settled(phone, ['p-script']), ['p-script']);
      const drawn: string[] = await phone.evaluate(() => (window as any).__drawn);
      // Two cards show at 412 px; the carousel draws one more, and the rest as they come near.
      expect(drawn).toEqual(['eager', 'eager', 'eager']);
      // Asked for in the task that sends the first widget call, just after it: not once
      // that widget's answer is in.
      expect(asked.slice(0, 2).sort()).toEqual(['theme', 'widgetserver']);
      expect(asked.filter((a) => a == 'theme')).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await first.close();
    }
  });

  it('{{.}}, {{products}} and {{#products}}{{.}}{{/products}} render an object as nothing; the widget stays', async () => {
    await show('p-objects');
    await show('p-dot');
    expect((await slotEvents(page, 'error')).filter((e) => ['p-objects', 'p-dot'].includes(e.id))).toEqual([]);
    await expect(page.locator('#p-objects .p-list').textContent()).resolves.toBe('[]');
    const items = await page.locator('#p-objects .p-item').evaluateAll((li) => li.map((l) => [l.textContent, l.querySelector('.p-name')!.textContent]));
    expect(items).toHaveLength(4);
    for (const [text, name] of items) expect(text).toBe(name);
    const dots = await page.locator('#p-dot .p-dot').evaluateAll((d) => d.map((x) => [x.textContent, x.querySelector('.p-name')!.textContent]));
    expect(dots).toHaveLength(4);
    for (const [text, name] of dots) expect(text).toBe(name);
  });

  it("vitrine:impression counts a whole-widget theme's products", async () => {
    await show('p-objects');
    await page.waitForFunction(() => (window as any).__vitrineTest.events.some((e: any) => e.id == 'p-objects' && e.type == 'impression'));
    const impression = (await slotEvents(page, 'impression')).find((e) => e.id == 'p-objects');
    expect(impression?.detail.products).toBe(4);
  });

  it('the bundle\'s "this item" card links to the page it is on', async () => {
    await show('p-bundle');
    const own = page.locator('#p-bundle .vitrine__bundle-item').first();
    await expect(own.textContent()).resolves.toContain('Quiberon Crewneck');
    await expect(own.locator('a').first().getAttribute('href')).resolves.toBe(suite.fixtures.page('real-use'));
    expect(await page.locator('#p-bundle a:not([href])').count()).toBe(0);
  });

  it('leaves the page in the back/forward cache: widget answers are not no-store', async (ctx) => {
    // Playwright turns the back/forward cache off by default; a shopper's browser has it on.
    // The whole browser: the headless shell has no back/forward cache.
    const browser = await launchChromium({ ignoreDefaultArgs: ['--disable-back-forward-cache'] }, { whole: true });
    try {
      const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await fresh.route((u) => u.pathname === '/v1/theme', serveThemes);
      const { page: other } = await newRecordedPage(fresh);
      await other.addInitScript(() => addEventListener('pageshow', (e) => e.persisted && ((window as any).__restored = true)));
      const cdp = await fresh.newCDPSession(other);
      await cdp.send('Page.enable');
      const notRestored: unknown[] = [];
      cdp.on('Page.backForwardCacheNotUsed', (e) => notRestored.push(...e.notRestoredExplanations));
      const policies: string[] = [];
      other.on('response', (r) => r.url().includes('/v1/widgetserver/') && r.request().method() == 'GET' && policies.push(r.headers()['cache-control']));
      await other.goto(suite.fixtures.page('real-use'));
      expectRendered(await settled(other, ['p-script']), ['p-script']);
      // Chrome lists a no-store answer to a page's fetch among the reasons not to keep it
      // (JsNetworkRequestReceivedCacheControlNoStoreResource); the Chromium here restores
      // the page either way (measured), so the policy itself is checked too.
      expect(policies.length).toBeGreaterThan(0);
      for (const policy of policies) expect(policy).not.toMatch(/no-store/);
      await other.goto(suite.fixtures.page('chains'));
      // A page restored from the cache fires pageshow (persisted), not load.
      await other.goBack({ waitUntil: 'commit' });
      await other.waitForFunction(() => (window as any).__restored === true, null, { timeout: 5000 }).catch(() => {});
      // chrome-headless-shell (the Chromium the @sparticuz/chromium package ships) has no
      // back/forward cache at all: it gives this reason for every page, so only the
      // policy above can be checked there.
      if (notRestored.some((e) => (e as { reason: string }).reason == 'BackForwardCacheDisabledForDelegate')) ctx.skip('this Chromium has no back/forward cache (headless shell); the cache policy was checked');
      expect(notRestored).toEqual([]);
      await expect(other.evaluate(() => (window as any).__restored === true)).resolves.toBe(true);
    } finally {
      await browser.close();
    }
  });

  it('never threw an error on the page', () => {
    expect(opened.errors).toEqual([]);
  });
});
