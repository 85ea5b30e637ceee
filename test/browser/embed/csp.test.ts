// csp.html served with a strict nonce-based Content-Security-Policy: no 'unsafe-inline',
// no 'unsafe-eval', no 'strict-dynamic', scripts and styles by nonce only. Every layout
// renders, the theme's jsTemplate runs, the debug and search chunks load, and the page
// records no `securitypolicyviolation` at all.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { BrowserContext, ConsoleMessage } from 'playwright-core';
import { expectRendered, newRecordedPage, records, settled, type OpenedPage } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const SLOTS = ['csp-carousel', 'csp-matrix', 'csp-bundle'];
/** Trusted Types as DESIGN.md states it: Vitrine's one policy, every script sink through it. */
const TRUSTED_TYPES = "require-trusted-types-for 'script'; trusted-types vitrine";
// tt.html under four policies: Trusted Types alone, beside the strict nonce policy, beside
// a nonce policy with 'strict-dynamic', and the strict nonce policy alone.
const TT_POLICIES = {
  'trusted-types': () => TRUSTED_TYPES,
  'trusted-types+nonce': (api: string) => TRUSTED_TYPES + '; ' + policy(api),
  'trusted-types+strict-dynamic': (api: string) => TRUSTED_TYPES + '; ' + policy(api).replace("script-src 'nonce-%NONCE%'", "script-src 'nonce-%NONCE%' 'strict-dynamic'"),
  nonce: (api: string) => policy(api),
};
const suite = useFixtureSuite('csp', (apiUrl) => ({
  csp: policy(apiUrl),
  ...Object.fromEntries(Object.entries(TT_POLICIES).map(([name, make]) => ['tt?' + name, make(apiUrl)])),
}));
let context: BrowserContext | undefined;

function policy(api: string): string {
  return [
    "default-src 'none'",
    "script-src 'nonce-%NONCE%'",
    "style-src 'nonce-%NONCE%'",
    `img-src ${api}`,
    `connect-src ${api}`,
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Opens csp.html (or another page) and waits for its slots; CSP reports also reach the console. */
async function open(themes?: 'none', url = suite.fixtures.page('csp')): Promise<OpenedPage & { cspConsole: string[] }> {
  // A fresh context each time: themes are cached in localStorage across page views.
  await context?.close();
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const opened = await newRecordedPage(context);
  const cspConsole: string[] = [];
  opened.page.on('console', (m: ConsoleMessage) => {
    if (/Content Security Policy/i.test(m.text())) cspConsole.push(m.text());
  });
  if (themes === 'none') {
    await opened.page.route(
      (u) => u.pathname === '/v1/theme',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: '{"errMsg":null,"widgetThemes":[]}' }),
    );
  }
  await opened.page.goto(url);
  return { ...opened, cspConsole };
}



describe('under a strict nonce Content-Security-Policy', () => {
  it('the page really is served with the strict policy', async () => {
    const response = await fetch(suite.fixtures.page('csp'));
    const header = response.headers.get('content-security-policy') ?? '';
    expect(header).toMatch(/script-src 'nonce-[\w+/=]+'(;|$)/);
    expect(header).not.toMatch(/unsafe-inline|unsafe-eval|strict-dynamic/);
  });

  it('every layout renders with the org themes, the theme script runs, and nothing is blocked', async () => {
    const opened = await open();
    const { page } = opened;
    const outcome = await settled(page, SLOTS);
    expectRendered(outcome, SLOTS);
    // The debug chunk loaded by nonce and labelled every slot; the bundle, search and
    // analytics chunks loaded by nonce too.
    await page.waitForFunction((ids) => ids.every((id) => document.getElementById(id)?.hasAttribute('data-vitrine-debug')), SLOTS);
    expect(suite.fixtures.requests).toContain('/dist/vitrine-debug.js');
    expect(suite.fixtures.requests).toContain('/dist/vitrine-search.js');
    expect(suite.fixtures.requests).toContain('/dist/vitrine-bundle.js');
    expect(suite.fixtures.requests).toContain('/dist/vitrine-analytics.js');
    await page.waitForFunction(() => typeof (window as unknown as { Vitrine: { attribution?: unknown } }).Vitrine.attribution == 'function');
    await expect(page.locator('.vitrine--bundle .vitrine__bundle input[type=checkbox]').count()).resolves.toBeGreaterThan(1);
    await page.waitForLoadState('load');
    const { violations } = await records(page);
    expect(violations).toEqual([]);
    expect(opened.cspConsole).toEqual([]);
    expect(SLOTS.map((id) => outcome[id].detail.layout)).toEqual(['carousel', 'matrix', 'bundle']);
    expect(outcome['csp-carousel'].detail.theme).toBe('maison-carousel');
    // maison-carousel's jsTemplate marks its root: it ran through the nonce, without eval.
    await expect(page.locator('#csp-carousel > .vitrine').getAttribute('data-theme-script')).resolves.toBe('ran');
    expect(outcome['csp-carousel'].detail.warning).toBeUndefined();
    // Theme CSS applied (an injected <style nonce>): the org's serif font reaches the card.
    await expect(page.locator('#csp-carousel .mv-card__name').first().evaluate((el) => getComputedStyle(el).fontFamily)).resolves.toMatch(/Iowan|Palatino|Georgia|serif/);
    // The built-in stylesheet (a <link nonce>) applied too: the track scrolls sideways.
    await expect(page.locator('#csp-carousel .vitrine__track').evaluate((el) => getComputedStyle(el).overflowX)).resolves.toBe('auto');
    expect(opened.errors).toEqual([]);
    await page.close();
  });

  it('the built-in themes render every layout with no violation either', async () => {
    const opened = await open('none');
    const { page } = opened;
    const outcome = await settled(page, SLOTS);
    expectRendered(outcome, SLOTS);
    for (const id of SLOTS) expect(outcome[id].detail.theme).toBe('vitrine-' + String(outcome[id].detail.layout));
    // Bundle interaction re-renders under the policy too.
    const total = page.locator('#csp-bundle .vitrine__total');
    const before = await total.innerText();
    await page.locator('#csp-bundle input[type=checkbox]:not([disabled])').first().uncheck();
    await expect.poll(() => total.innerText()).not.toBe(before);
    await page.waitForLoadState('load');
    const { violations } = await records(page);
    expect(violations).toEqual([]);
    expect(opened.cspConsole).toEqual([]);
    expect(opened.errors).toEqual([]);
    await page.close();
  });

  it('a search box in a component\'s open shadow root is styled there by nonce, with no violation', async () => {
    const opened = await open();
    const { page } = opened;
    expectRendered(await settled(page, SLOTS), SLOTS);
    await page.locator('[data-vitrine-searchbox] form[role="search"]').first().waitFor({ timeout: 15_000 });
    await page.evaluate(() => {
      const header = document.createElement('site-header');
      document.body.prepend(header);
      header.attachShadow({ mode: 'open' }).innerHTML = '<div data-vitrine-searchbox></div>';
    });
    const form = await page.waitForFunction(() => document.querySelector('site-header')!.shadowRoot!.querySelector('form[role="search"]'), undefined, { timeout: 15_000 });
    // Under style-src by nonce only, a <style> without it would be refused and the form unstyled.
    expect(await form.evaluate((el) => getComputedStyle(el as Element).display)).toBe('flex');
    const { violations } = await records(page);
    expect(violations).toEqual([]);
    expect(opened.cspConsole).toEqual([]);
    expect(opened.errors).toEqual([]);
    await page.close();
  });
});

const TT_SLOTS = ['tt-carousel', 'tt-matrix', 'tt-bundle'];

describe.each(Object.keys(TT_POLICIES))('tt.html under the %s policy: every layout, search results, chunks and theme scripts', (name) => {
  it('renders everything with zero violations and zero page errors', async () => {
    const url = suite.fixtures.page('tt') + '?policy=' + encodeURIComponent(name) + '&q=knit';
    const header = (await fetch(url)).headers.get('content-security-policy') ?? '';
    if (name.startsWith('trusted-types')) expect(header).toContain("require-trusted-types-for 'script'; trusted-types vitrine");
    else expect(header).not.toContain('trusted-types');
    const opened = await open(undefined, url);
    const { page } = opened;
    const outcome = await settled(page, TT_SLOTS);
    expectRendered(outcome, TT_SLOTS);
    expect(TT_SLOTS.map((id) => outcome[id].detail.layout)).toEqual(['carousel', 'matrix', 'bundle']);
    // The bundle chunk loaded (a TrustedScriptURL) and drew the bundle.
    await expect(page.locator('#tt-bundle .vitrine__bundle input[type=checkbox]').count()).resolves.toBeGreaterThan(1);
    // The org theme's jsTemplate ran (a TrustedScript in a <script nonce>).
    await expect(page.locator('#tt-carousel > .vitrine').getAttribute('data-theme-script')).resolves.toBe('ran');
    expect(outcome['tt-carousel'].detail.warning).toBeUndefined();
    // Search results drawn with the org's card theme: markup through the core's policy.
    await page.waitForFunction(() => document.querySelectorAll('#tt-search .vitrine-search__themed').length > 0, undefined, { timeout: 10_000 });
    await expect(page.locator('#tt-search .vitrine-search__themed a[href]').count()).resolves.toBeGreaterThan(0);
    // The debug chunk loaded too and labelled every slot.
    await page.waitForFunction((ids) => ids.every((id) => document.getElementById(id)?.hasAttribute('data-vitrine-debug')), TT_SLOTS);
    for (const chunk of ['search', 'bundle', 'debug']) expect(suite.fixtures.requests).toContain(`/dist/vitrine-${chunk}.js`);
    await page.waitForLoadState('load');
    const { violations } = await records(page);
    expect(violations).toEqual([]);
    expect(opened.cspConsole).toEqual([]);
    expect(opened.errors).toEqual([]);
    // Exactly one policy was made, and it is ours.
    if (name.startsWith('trusted-types')) {
      await expect(page.evaluate(() => (window as unknown as { trustedTypes: { getPolicyNames?: () => string[] } }).trustedTypes.getPolicyNames?.() ?? ['vitrine'])).resolves.toEqual(['vitrine']);
    }
    await page.close();
  });
});
