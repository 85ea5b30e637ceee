// Server-rendered widgets on pages of their own, served to Chromium with the built
// dist/ and the sandbox on 127.0.0.1: both slot forms and both builds take them over
// without a request; hostile theme markup the server kept runs nothing; a widget the
// server rendered with a personal algorithm renders again, non-personal, on a page whose
// visitor has not consented.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { basePage, coat, useServerPages, vitrineTag } from './useServerPages';
import { createCatalogue } from '../../demo/sandbox/createCatalogue';
import { MARKUP_PAYLOADS } from './embed/markupPayloads';
import type * as ServerApi from '../../src/server/index';
import type { Theme } from '../../src/types/interface';

const { renderSlots } = (await import('../../dist/server.mjs' as string)) as typeof ServerApi;
// Pages come from a server on 127.0.0.1 (not an intercepted origin): Chromium keeps pages
// outside the loopback address space from calling the sandbox.
const suite = useServerPages('resume');

const creds = () => ({ baseUrl: suite.sandbox.url, orgId: suite.sandbox.orgId, apiKey: suite.sandbox.apiKey });
const tag = (extra = '') => vitrineTag(suite.sandbox, extra);

/** Opens a page with `html` as its body, loading the built files from dist/. */
async function open(html: string, nonce = ''): Promise<{ page: Page; asked: string[]; pwned: string[]; styles: string[] }> {
  const page = await suite.browser.newPage();
  const asked: string[] = [];
  const styles: string[] = [];
  page.on('request', (r) => r.url().endsWith('/vitrine.css') && styles.push(r.url()));
  const pwned: string[] = [];
  page.on('request', (r) => r.url().startsWith(suite.sandbox.url + '/v1/') && asked.push(r.url()));
  page.on('console', (m) => process.env.DEBUG_RESUME && console.log(m.text()));
  page.on('requestfailed', (r) => process.env.DEBUG_RESUME && console.log('failed', r.url(), r.failure()?.errorText));
  page.on('pageerror', (e) => process.env.DEBUG_RESUME && console.log('pageerror', e.message));
  page.on('dialog', (d) => (pwned.push('dialog ' + d.message()), d.dismiss()));
  await page.exposeFunction('__pwned', (n: unknown) => pwned.push(String(n)));
  await page.addInitScript(() => {
    const w = window as unknown as { __renders: object[] };
    w.__renders = [];
    document.addEventListener('vitrine:render', (e) => w.__renders.push({ id: (e.target as Element).id, server: (e as CustomEvent).detail.server, algorithm: (e as CustomEvent).detail.algorithm, theme: (e as CustomEvent).detail.theme }));
    document.addEventListener('vitrine:error', (e) => console.log('vitrine:error', JSON.stringify((e as CustomEvent).detail)));
  });
  suite.pages.show(html, nonce);
  await page.goto(suite.pages.origin + '/products/x');
  return { page, asked, pwned, styles };
}

const rendersOf = (page: Page, n: number) =>
  page.waitForFunction((count) => (window as unknown as { __renders: unknown[] }).__renders.length >= count, n, { timeout: 10_000 }).then(() =>
    page.evaluate(() => (window as unknown as { __renders: { id: string; server?: boolean; algorithm: string }[] }).__renders),
  );

describe('resuming server-rendered widgets', () => {
  it("shows only the widget where the merchant's fallback stays beside the server's root", async () => {
    const [a] = await renderSlots({ ...creds(), page: basePage, consent: true, timeoutMs: 10_000, slots: [{ id: 'a', algorithm: 'trending', layout: 'matrix', max: 4 }] });
    expect(a.ok).toBe(true);
    const { page, asked } = await open(`<div id="a" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="4"><p id="fallback">Our picks are on their way.</p>${a.html}</div>${tag()}`);
    expect((await rendersOf(page, 1)).map((r) => [r.id, r.server])).toEqual([['a', true]]);
    expect(asked).toEqual([]);
    const shown = await page.evaluate(() => ({
      fallback: document.getElementById('fallback')!.getBoundingClientRect().height,
      widget: document.querySelector('#a > [data-vitrine-state], #a > .vitrine')!.getBoundingClientRect().height,
    }));
    expect(shown.fallback).toBe(0);
    expect(shown.widget).toBeGreaterThan(0);
    await page.close();
  });

  it('takes over [data-vitrine] and <vitrine-widget> slots from the script tag and the ESM build, asking nothing under a nonce', async () => {
    const nonce = 'r3sume' + Date.now();
    // A budget for a busy test machine: the first call of a process also starts its fetch.
    const [a, b] = await renderSlots({ ...creds(), page: basePage, consent: true, nonce, timeoutMs: 10_000, slots: [{ id: 'a', algorithm: 'trending', layout: 'carousel' }, { id: 'b', algorithm: 'trending', layout: 'matrix', max: 4 }] });
    expect([a.ok, b.ok]).toEqual([true, true]);
    // The call's stylesheet travels once, in its first widget.
    expect([a.html.includes('<style'), b.html.includes('<style')]).toEqual([true, false]);
    const slots = `<div id="a" data-vitrine="trending" data-vitrine-layout="carousel">${a.html}</div><vitrine-widget id="b" algorithm="trending" layout="matrix" max="4">${b.html}</vitrine-widget>`;
    const esm = `<script type="module" nonce="${nonce}">import { start } from '/dist/vitrine.mjs'; start({ nonce: ${JSON.stringify(nonce)}, baseUrl: ${JSON.stringify(suite.sandbox.url)}, orgId: ${JSON.stringify(suite.sandbox.orgId)}, apiKey: ${JSON.stringify(suite.sandbox.apiKey)}, pageType: 'product_page', pname: ${JSON.stringify(coat.name)}, sku: ${JSON.stringify(coat.sku)} });</script>`;
    for (const loader of [tag(` nonce="${nonce}"`), esm]) {
      const { page, asked, styles } = await open(slots + loader, nonce);
      const renders = await rendersOf(page, 2);
      expect(renders.map((r) => [r.id, r.server]).sort(), loader.slice(0, 30)).toEqual([['a', true], ['b', true]]);
      expect(asked).toEqual([]);
      // The server's widgets carry their styles: the built-in stylesheet waits for a widget rendered here.
      expect(styles, loader.slice(0, 30)).toEqual([]);
      expect(await page.evaluate(() => document.querySelectorAll('[data-vitrine-state] a[href]').length)).toBeGreaterThan(4);
      // The carousel theme's script ran from the signed state.
      expect(await page.evaluate(() => (document.querySelector('#a > .vitrine') as HTMLElement).dataset.themeScript), loader.slice(0, 30)).toBe('ran');
      await page.close();
    }
  });

  it("on a page without a nonce, asks only for the org's theme list, for the theme's script", async () => {
    const [a, b] = await renderSlots({ ...creds(), page: basePage, consent: true, timeoutMs: 10_000, slots: [{ id: 'a', algorithm: 'trending', layout: 'carousel' }, { id: 'b', algorithm: 'trending', layout: 'matrix', max: 4 }] });
    const { page, asked } = await open(`<div id="a" data-vitrine="trending" data-vitrine-layout="carousel">${a.html}</div><div id="b" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="4">${b.html}</div>${tag()}`);
    expect((await rendersOf(page, 2)).map((r) => [r.id, r.server]).sort()).toEqual([['a', true], ['b', true]]);
    expect(asked.map((u) => new URL(u).pathname)).toEqual(['/v1/theme']);
    expect(await page.evaluate(() => (document.querySelector('#a > .vitrine') as HTMLElement).dataset.themeScript)).toBe('ran');
    // The styles came in the first widget only, and stay on the page when that widget goes.
    const gap = () => page.evaluate(() => getComputedStyle(document.querySelector('#b > .vitrine')!).getPropertyValue('--vitrine-gap'));
    expect(await gap()).toBe('16px');
    await page.evaluate(() => document.getElementById('a')!.remove());
    expect(await gap()).toBe('16px');
    await page.close();
  });

  it('runs nothing from hostile theme markup the server rendered', async () => {
    // One theme per payload, handed to renderSlots by a stand-in theme list; the widgets come from the suite.sandbox.
    const themes: Partial<Theme>[] = MARKUP_PAYLOADS.map((html, i) => ({ id: 'p' + i, themeId: 'p' + i, htmlTemplate: html + '<a href="{{product_currentPageUrl}}">{{product_name}}</a>', displayType: 'matrix' }));
    const fetchWithThemes = (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/v1/theme') ? Promise.resolve(new Response(JSON.stringify({ widgetThemes: themes }))) : fetch(input, init);
    // In calls of 40 slots, each well within the longest budget a call may have (10 s) on a busy machine.
    const slots = themes.map((t, i) => ({ id: 'h' + i, algorithm: 'trending', layout: 'matrix' as const, max: 1, theme: t.themeId }));
    const results = [];
    for (let from = 0; from < slots.length; from += 40) {
      results.push(...(await renderSlots({ ...creds(), baseUrl: suite.sandbox.url + '/hostile/..', fetch: fetchWithThemes, page: basePage, consent: true, timeoutMs: 10_000, slots: slots.slice(from, from + 40) })));
    }
    expect(results.every((r) => r.ok)).toBe(true);
    const kept = results.filter((r) => r.theme != 'vitrine-matrix').length;
    expect(kept).toBeGreaterThan(MARKUP_PAYLOADS.length / 2);
    const body = results.map((r) => `<div id="${r.id}" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="1">${r.html}</div>`).join('');
    const { page, pwned } = await open(body + tag());
    await rendersOf(page, 5);
    await page.mouse.move(10, 10);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(500);
    const found = await page.evaluate(() => {
      const all = [...document.querySelectorAll('[data-vitrine-state] *')];
      return {
        handlers: all.flatMap((e) => e.getAttributeNames().filter((n) => /^on/i.test(n))),
        // The resume state is the one script element, JSON that never runs.
        scripts: all.filter((e) => /^(script|iframe|object|embed|frame|base|meta|link)$/i.test(e.localName) && !e.matches('script[type="application/json"][data-vitrine-resume]')).length,
        js: all.flatMap((e) => e.getAttributeNames().map((n) => e.getAttribute(n)!)).filter((v) => /^\s*javascript:/i.test(v)).length,
      };
    });
    expect(found).toEqual({ handlers: [], scripts: 0, js: 0 });
    expect(pwned).toEqual([]);
    await page.close();
  });

  it('renders a personal widget again, non-personal, where the visitor has not consented', async () => {
    const visitor = 'visitor-resume-0001';
    // A view the sandbox learns, so the visitor has something to recall.
    await renderSlots({ ...creds(), page: { ...basePage, siteUid: visitor }, consent: true, timeoutMs: 10_000, slots: [{ id: 'seen', algorithm: 'viewedalsoviewed trending' }] });
    const other = createCatalogue().find((p) => p.category == 'shoes')!;
    const [recent] = await renderSlots({ ...creds(), page: { ...basePage, pname: other.name, sku: other.sku, siteUid: visitor }, consent: true, timeoutMs: 10_000, slots: [{ id: 'recent', algorithm: 'recentviews trending' }] });
    expect(recent.algorithm).toBe('recentviews');
    const { page, asked } = await open(`<div id="recent" data-vitrine="recentviews trending">${recent.html}</div>${tag(' data-consent="required"')}`);
    const [render] = await rendersOf(page, 1);
    expect(render).toMatchObject({ id: 'recent', algorithm: 'trending' });
    expect(render.server).toBeUndefined();
    expect(asked.some((u) => u.includes('/trending'))).toBe(true);
    await page.close();
  });
});
