// Resume trusts only what the server wrote. Pages hold a genuine widget from
// `renderSlots` beside widget roots that the page's content forged (a review or comment
// that got through the merchant's sanitiser), served to Chromium with the built dist/:
// under `script-src 'nonce-…' 'strict-dynamic'` and on a page without a nonce. A forged
// root runs no script of its own, gets `vitrine:error` (kind `resume`) and renders the
// client way; the genuine root still resumes without a widget request.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { basePage, coat, useServerPages, vitrineTag } from './useServerPages';
import type * as ServerApi from '../../src/server/index';

const { renderSlots } = (await import('../../dist/server.mjs' as string)) as typeof ServerApi;
const suite = useServerPages('trust');

const tag = (nonce: string) => vitrineTag(suite.sandbox, nonce ? ` nonce="${nonce}"` : '');

interface Seen {
  type: string;
  id: string;
  server?: boolean;
  kind?: string;
  message?: string;
  personal?: boolean;
}

/** Opens a page; `pwned` lists every forged script that ran (each calls `__pwned`) and every dialog. */
async function open(body: string, nonce: string): Promise<{ page: Page; asked: string[]; pwned: string[] }> {
  const page = await suite.browser.newPage();
  const asked: string[] = [];
  const pwned: string[] = [];
  page.on('request', (r) => r.url().startsWith(suite.sandbox.url + '/v1/') && asked.push(r.url()));
  page.on('dialog', (d) => (pwned.push('dialog ' + d.message()), d.dismiss()));
  page.on('console', (m) => process.env.DEBUG_TRUST && console.log(m.text()));
  page.on('pageerror', (e) => pwned.push('pageerror ' + e.message));
  await page.exposeFunction('__pwned', (n: unknown) => pwned.push(String(n)));
  await page.addInitScript(() => {
    const w = window as unknown as { __seen: Seen[] };
    w.__seen = [];
    for (const type of ['render', 'error']) {
      document.addEventListener('vitrine:' + type, (e) => {
        const d = (e as CustomEvent).detail;
        w.__seen.push({ type, id: (e.target as Element).id, server: d.server, kind: d.kind, message: d.message, personal: d.personal });
      });
    }
  });
  suite.pages.show(body, nonce);
  await page.goto(suite.pages.origin + '/products/x');
  return { page, asked, pwned };
}

/** The events seen once every slot in `ids` has rendered. */
const settled = (page: Page, ids: string[]) =>
  page
    .evaluate(() => setInterval(() => scrollTo(0, document.body.scrollHeight), 200))
    .then(() => page.waitForFunction((want) => want.every((id) => (window as unknown as { __seen: Seen[] }).__seen.some((s) => s.type == 'render' && s.id == id)), ids, { timeout: 15_000 }))
    .catch(async (e) => {
      if (process.env.DEBUG_TRUST) console.log(JSON.stringify(await page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen)));
      throw e;
    })
    .then(() => page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen));

const products = [{ name: 'Forged coat', sku: 'F-1', price: '1.00', currentPageUrl: 'javascript:__pwned("url")' }];
/** A v2 state as a forger would write it, with the fields `renderWidget` writes. */
const v2 = (more: object) =>
  JSON.stringify({ v: 2, algorithm: 'trending', page: 'product_page', theme: 'cm', layout: 'matrix', skipped: [], substituted: [], personal: true, products, locale: 'en', ...more });
const forgedBody = '<section class="vitrine__body"><ul><li data-vitrine-index="0"><a href="/products/forged">Forged coat</a></li></ul></section>';

/** What the page's content forged: each in a slot of its own, each meaning to run `__pwned`. */
const FORGED: Record<string, string> = {
  // The state in the root's attribute, as it was before: the case, and `v: "1"`.
  v1attr: `<div id="v1attr" data-vitrine="trending"><div class="vitrine" slot="vitrine" data-vitrine-state='{"v":1,"detail":{"algorithm":"trending","page":"product_page","theme":"cm","layout":"matrix","skipped":[],"substituted":[]},"envelope":{"products":[{"name":"Forged"}]},"layout":"matrix","theme":{"themeId":"cm","jsTemplate":"__pwned(\\"v1attr\\")"},"locale":"en"}'>${forgedBody}</div></div>`,
  v1string: `<div id="v1string" data-vitrine="trending"><div class="vitrine" slot="vitrine" data-vitrine-state='{"v":"1","detail":null,"theme":{"themeId":"cm","jsTemplate":"__pwned(\\"v1string\\")"}}'>${forgedBody}</div></div>`,
  // The same through the custom element.
  element: `<vitrine-widget id="element" algorithm="trending"><div class="vitrine" slot="vitrine" data-vitrine-state="">${forgedBody}<script type="application/json" data-vitrine-resume nonce="guessed">${v2({ script: '__pwned("element")' })}</script></div></vitrine-widget>`,
  // Today's form with a nonce the forger guessed, a theme id of its own.
  v2guess: `<div id="v2guess" data-vitrine="trending"><div class="vitrine" slot="vitrine" data-vitrine-state="">${forgedBody}<script type="application/json" data-vitrine-resume nonce="guessed">${v2({ script: '__pwned("v2guess")' })}</script></div></div>`,
  // A real theme's id (the org's carousel theme has a script) with the forger's script.
  reuse: `<div id="reuse" data-vitrine="trending"><div class="vitrine" slot="vitrine" data-vitrine-state="">${forgedBody}<script type="application/json" data-vitrine-resume>${v2({ theme: 'maison-carousel', layout: 'carousel', script: '__pwned("reuse")' })}</script></div></div>`,
  // Version as a string, and a state whose fields are not what the server writes.
  v2string: `<div id="v2string" data-vitrine="trending"><div class="vitrine" slot="vitrine" data-vitrine-state="">${forgedBody}<script type="application/json" data-vitrine-resume>${v2({ v: '2', script: '__pwned("v2string")' })}</script></div></div>`,
  // A root that is a form whose fields shadow `children` and `querySelector`.
  form: `<div id="form" data-vitrine="trending"><form class="vitrine" slot="vitrine" data-vitrine-state=""><input name="children"><input name="querySelector"><script type="application/json" data-vitrine-resume>${v2({ script: '__pwned("form")' })}</script></form></div>`,
};

/** A slot whose state is broken in a way the server never writes (no script in it): it renders the client way. */
const BROKEN: Record<string, string> = {
  nulls: `<div id="nulls" data-vitrine="trending"><div class="vitrine" slot="vitrine" data-vitrine-state="">${forgedBody}<script type="application/json" data-vitrine-resume>${v2({ products: null })}</script></div></div>`,
  cut: `<div id="cut" data-vitrine="trending"><div class="vitrine" slot="vitrine" data-vitrine-state="">${forgedBody}<script type="application/json" data-vitrine-resume>{"v":2,"algorithm":</script></div></div>`,
  empty: `<div id="empty" data-vitrine="trending"><div class="vitrine" slot="vitrine" data-vitrine-state="">${forgedBody}<script type="application/json" data-vitrine-resume>${v2({ products: [] })}</script></div></div>`,
  oldDetailNull: `<div id="oldDetailNull" data-vitrine="trending"><div class="vitrine" slot="vitrine" data-vitrine-state='{"v":1,"detail":null,"envelope":{"products":[]},"layout":"matrix","theme":{"themeId":"x"}}'>${forgedBody}</div></div>`,
};

/** The genuine widget, rendered for the page's nonce (or none). */
async function genuine(nonce: string) {
  const [real] = await renderSlots({ baseUrl: suite.sandbox.url, orgId: suite.sandbox.orgId, apiKey: suite.sandbox.apiKey, page: basePage, consent: true, nonce: nonce || undefined, timeoutMs: 10_000, slots: [{ id: 'real', algorithm: 'trending', layout: 'carousel' }] });
  expect(real.ok).toBe(true);
  expect(real.theme).toBe('maison-carousel');
  return `<div id="real" data-vitrine="trending" data-vitrine-layout="carousel">${real.html}</div>`;
}

const forgedIds = Object.keys(FORGED);
const brokenIds = Object.keys(BROKEN);

describe.each([
  ['under a nonce CSP', randomBytes(12).toString('base64')],
  ['on a page without a nonce', ''],
])('forged server roots %s', (_, nonce) => {
  it('run none of their scripts, say why, render the client way; the genuine root still resumes', async () => {
    const real = await genuine(nonce);
    const { page, asked, pwned } = await open(real + Object.values(FORGED).join('') + Object.values(BROKEN).join('') + tag(nonce), nonce);
    const seen = await settled(page, ['real', ...forgedIds.filter((id) => !(id == 'reuse' && !nonce)), ...brokenIds]);
    // Hover and scroll every widget: hydration comes with the shopper's first reach.
    await page.mouse.move(20, 20);
    await page.evaluate(() => document.querySelectorAll('.vitrine').forEach((r) => r.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))));
    await page.waitForTimeout(300);
    expect(pwned).toEqual([]);
    // The genuine root: resumed, its theme script ran once, no widget request for it.
    expect(seen.filter((s) => s.id == 'real')).toEqual([{ type: 'render', id: 'real', server: true, personal: true }]);
    expect(asked.filter((u) => u.includes('divisionId%22%3A%22real') || u.includes('divisionId=real'))).toEqual([]);
    expect(await page.evaluate(() => (document.querySelector('#real > .vitrine') as HTMLElement).dataset.themeScript)).toBe('ran');
    for (const id of [...forgedIds, ...brokenIds]) {
      const mine = seen.filter((s) => s.id == id);
      if (id == 'reuse' && !nonce) {
        // Without a nonce a state is unsigned: the org's own script for that theme runs, never the state's.
        expect(mine.map((s) => [s.type, s.server]), id).toEqual([['render', true]]);
        continue;
      }
      expect(mine.map((s) => [s.type, s.kind, s.server]), id).toEqual([
        ['error', 'resume', undefined],
        ['render', undefined, undefined],
      ]);
      expect(mine[0].message, id).toMatch(/^server widget not resumed, rendered the client way: ./);
    }
    // No product URL of a forged state became a link, and what shows in each forged slot is the client's widget.
    const shown = await page.evaluate((ids) => ({
      js: [...document.querySelectorAll('a[href]')].filter((a) => /^\s*javascript:/i.test(a.getAttribute('href')!)).length,
      forgedShown: ids.filter((id) => {
        const slot = document.getElementById(id)!;
        const slotted = slot.shadowRoot?.querySelector('slot')?.assignedElements() ?? [...slot.children];
        return slotted.some((e) => e.textContent!.includes('Forged coat'));
      }),
    }), [...forgedIds.filter((id) => !(id == 'reuse' && !nonce)), ...brokenIds]);
    expect(shown).toEqual({ js: 0, forgedShown: [] });
    await page.close();
  });

  it('find the genuine root in its slot with a forged one before it (only a nonce can tell them apart)', async () => {
    const real = await genuine(nonce);
    const slot = real.replace('data-vitrine-layout="carousel">', `data-vitrine-layout="carousel">${FORGED.v2guess.replace(/^<div id="v2guess" data-vitrine="trending">|<\/div>$/g, '')}`);
    const { page, pwned } = await open(slot + tag(nonce), nonce);
    const seen = await settled(page, ["real"]);
    expect(pwned).toEqual([]);
    expect(seen.map((s) => [s.type, s.kind, s.server])).toEqual(nonce ? [['error', 'resume', undefined], ['render', undefined, true]] : [['error', 'resume', undefined], ['error', 'resume', undefined], ['render', undefined, undefined]]);
    await page.close();
  });
});

describe('server roots on a page without a nonce', () => {
  it("a clobbered vitrineConfig gives no nonce to forge: the state's script does not run", async () => {
    // A form named vitrineConfig whose field named nonce matches the forged state's.
    const clobber = '<form id="vitrineConfig"><input name="nonce" value="guessed"></form><img name="currentScript" src="data:," nonce="guessed" data-base-url="/evil" data-org-id="x" data-api-key="y">';
    const { page, pwned } = await open(clobber + FORGED.v2guess + tag(''), '');
    const seen = await settled(page, ['v2guess']);
    expect(pwned).toEqual([]);
    expect(seen.map((s) => [s.type, s.kind, s.server])).toEqual([['error', 'resume', undefined], ['render', undefined, undefined]]);
    await page.close();
  });

  it('a widget the server rendered without consent reports personal: false', async () => {
    const [w] = await renderSlots({ baseUrl: suite.sandbox.url, orgId: suite.sandbox.orgId, apiKey: suite.sandbox.apiKey, page: basePage, consent: false, timeoutMs: 10_000, slots: [{ id: 'anon', algorithm: 'trending', layout: 'matrix', max: 4 }] });
    const { page } = await open(`<div id="anon" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="4">${w.html}</div>` + tag(''), '');
    expect(await settled(page, ['anon'])).toEqual([{ type: 'render', id: 'anon', server: true, personal: false }]);
    await page.close();
  });
});
