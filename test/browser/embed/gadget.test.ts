// The currentScript gadget (the class of webpack's CVE-2024-43788): page markup
// `<img name="currentScript" …>` shadows `document.currentScript`. Vitrine must take its
// settings and its chunk folder from the script tag that really runs, so nothing is
// loaded from the image's origin, with or without a 'strict-dynamic' policy (which
// would trust a script Vitrine adds from anywhere).
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, ConsoleMessage } from 'playwright-core';
import { expectRendered, newRecordedPage, records, settled } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const strictDynamic = (api: string) =>
  ["default-src 'none'", "script-src 'nonce-%NONCE%' 'strict-dynamic'", "style-src 'nonce-%NONCE%'", `img-src ${api} http://evil.test`, `connect-src ${api} http://evil.test`, "base-uri 'none'", "object-src 'none'"].join('; ');
const suite = useFixtureSuite('gadget', (api) => ({ 'gadget?strict-dynamic': strictDynamic(api), 'gadget-config?strict-dynamic': strictDynamic(api) }));
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

const SLOTS = ['gadget-carousel', 'gadget-bundle'];

describe.each([
  ['gadget', 'settings on the real tag, the image carries its own and data-debug'],
  ['gadget-config', 'settings in window.vitrineConfig, a bare tag, ?vitrine_debug=1'],
])('%s.html (%s)', (name) => {
  it.each(['no policy', 'strict-dynamic'])('under %s: Vitrine starts from its real tag and loads nothing from the image’s origin', async (policy) => {
    context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const opened = await newRecordedPage(context);
    const { page } = opened;
    const foreign: string[] = [];
    // Anything asked of the image's origin is recorded; a script from there would call the trap.
    await page.route('http://evil.test/**', (route) => {
      foreign.push(`${route.request().resourceType()} ${route.request().url()}`);
      const js = route.request().url().endsWith('.js');
      return route.fulfill({ status: 200, contentType: js ? 'text/javascript' : 'image/gif', body: js ? '__pwned("chunk from evil.test")' : '' });
    });
    const warnings: string[] = [];
    page.on('console', (m: ConsoleMessage) => m.type() == 'warning' && /vitrine/i.test(m.text()) && warnings.push(m.text()));
    const api: string[] = [];
    // CORS preflights carry no org header; every service call must (images are no call).
    page.on('request', (r) => r.url().startsWith(suite.sandbox.url + '/v1/') && r.method() != 'OPTIONS' && api.push(r.headers()['x-service-orgid'] ?? '(none) ' + r.url()));
    const query = [policy == 'strict-dynamic' ? 'policy=strict-dynamic' : '', name == 'gadget-config' ? 'vitrine_debug=1' : ''].filter(Boolean).join('&');
    await page.goto(suite.fixtures.page(name) + (query ? '?' + query : ''));
    expectRendered(await settled(page, SLOTS), SLOTS);
    await page.waitForLoadState('load');
    const chunks = suite.fixtures.requests.filter((p) => /vitrine-\w+\.js$/.test(p));
    if (name == 'gadget-config') {
      // ?vitrine_debug=1 turns debug mode on: its chunk comes from the real tag's folder.
      await page.waitForFunction((ids) => ids.every((id) => document.getElementById(id)?.hasAttribute('data-vitrine-debug')), SLOTS);
      expect(chunks).toEqual(expect.arrayContaining(['/dist/vitrine-bundle.js', '/dist/vitrine-debug.js']));
    } else {
      // The image's data-debug is no setting: debug mode stays off.
      await expect(page.locator('[data-vitrine-debug]').count()).resolves.toBe(0);
      expect(chunks).toContain('/dist/vitrine-bundle.js');
    }
    // Only the image itself was fetched from its origin; no script, no API call.
    expect(foreign).toEqual(['image http://evil.test/x.gif']);
    // Every service call carried the real org id, none the image's.
    expect(api.length).toBeGreaterThan(0);
    expect(new Set(api)).toEqual(new Set([suite.sandbox.orgId]));
    expect((await records(page)).pwned).toEqual([]);
    expect(warnings).toEqual([]);
    expect(opened.errors).toEqual([]);
  });
});
