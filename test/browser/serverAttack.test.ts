// The server path attacked from the page: forged widget roots hidden where a query might
// reach them (a <template>, <noscript>, a declarative shadow root, inside or after the
// genuine root, under the genuine slot's id), the page's globals clobbered to hand
// Vitrine a nonce, a <meta> CSP naming a nonce the forger chose, the genuine widget inside
// a merchant <form> whose fields shadow what a reader might ask; and mutation-XSS theme
// markup written for these tests, through renderSlots, loaded in a div, a form, a table
// cell and a list item. Built dist/ in Chromium; each forged script calls `__pwned`.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { basePage, coat, useServerPages, vitrineTag } from './useServerPages';
import type * as ServerApi from '../../src/server/index';

const { renderSlots } = (await import('../../dist/server.mjs' as string)) as typeof ServerApi;
const suite = useServerPages('attack');

const tag = (nonce: string) => vitrineTag(suite.sandbox, nonce ? ` nonce="${nonce}"` : '');

interface Seen {
  type: string;
  id: string;
  server?: boolean;
  kind?: string;
}

async function open(body: string, nonce: string): Promise<{ page: Page; pwned: string[] }> {
  const page = await suite.browser.newPage();
  const pwned: string[] = [];
  page.on('dialog', (d) => (pwned.push('dialog ' + d.message()), d.dismiss()));
  await page.exposeFunction('__pwned', (n: unknown) => pwned.push(String(n)));
  await page.addInitScript(() => {
    const w = window as unknown as { __seen: Seen[] };
    w.__seen = [];
    for (const type of ['render', 'error']) {
      document.addEventListener('vitrine:' + type, (e) => {
        const d = (e as CustomEvent).detail;
        w.__seen.push({ type, id: (e.target as Element).id, server: d.server, kind: d.kind });
      });
    }
  });
  suite.pages.show(body, nonce);
  await page.goto(suite.pages.origin + '/products/x');
  return { page, pwned };
}

/** The events once `id` has rendered, after a window for late handlers. */
async function settled(page: Page, id: string): Promise<Seen[]> {
  await page.evaluate(() => setInterval(() => scrollTo(0, document.body.scrollHeight), 200));
  await page.waitForFunction((id) => (window as unknown as { __seen: Seen[] }).__seen.some((s) => s.type == 'render' && s.id == id), id, { timeout: 15_000 });
  await page.mouse.move(200, 200);
  // Not a wait for an outcome: time for a forged script that was queued to run.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
  return page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);
}

const products = [{ name: 'Forged coat', sku: 'F-1', price: '1.00', currentPageUrl: 'javascript:__pwned("url")' }];
const v2 = (more: object) =>
  JSON.stringify({ v: 2, algorithm: 'trending', page: 'product_page', theme: 'maison-carousel', layout: 'carousel', skipped: [], substituted: [], personal: false, products, locale: 'en', ...more });
/** A forged root whose state names a script, its state element carrying `nonce`. */
const forgedRoot = (name: string, nonce = 'guessed') =>
  `<div class="vitrine" slot="vitrine" data-vitrine-state=""><a href="/forged">Forged</a><script type="application/json" data-vitrine-resume nonce="${nonce}">${v2({ script: `__pwned("${name}")` })}</script></div>`;
const forgedState = (name: string, nonce = 'guessed') => `<script type="application/json" data-vitrine-resume nonce="${nonce}">${v2({ script: `__pwned("${name}")` })}</script>`;

/** The genuine carousel widget for the page's nonce, its html (root and all). */
async function genuine(nonce: string): Promise<string> {
  const [real] = await renderSlots({ baseUrl: suite.sandbox.url, orgId: suite.sandbox.orgId, apiKey: suite.sandbox.apiKey, page: basePage, consent: true, nonce: nonce || undefined, timeoutMs: 10_000, slots: [{ id: 'real', algorithm: 'trending', layout: 'carousel' }] });
  expect(real.ok).toBe(true);
  return real.html;
}

describe('forged roots where a query might reach them, on a page with a nonce', () => {
  it('in a <template>, a <noscript>, a declarative shadow root, inside and after the genuine root: none runs, the genuine one resumes', async () => {
    const nonce = randomBytes(16).toString('base64');
    const html = await genuine(nonce);
    // The forged state inside the genuine root, after the genuine state element.
    const inside = html.replace(/<\/div>$/, forgedState('inside') + '</div>');
    expect(inside).not.toBe(html);
    const body =
      `<div id="tpl" data-vitrine="trending"><template>${forgedRoot('template', nonce)}</template></div>` +
      `<div id="nos" data-vitrine="trending"><noscript>${forgedRoot('noscript', nonce)}</noscript></div>` +
      `<div id="dsd" data-vitrine="trending"><template shadowrootmode="open">${forgedRoot('shadow', nonce)}</template></div>` +
      `<div id="real" data-vitrine="trending" data-vitrine-layout="carousel">${inside}${forgedRoot('after')}</div>` +
      tag(nonce);
    const { page, pwned } = await open(body, nonce);
    const seen = await settled(page, 'real');
    expect(pwned).toEqual([]);
    expect(seen.filter((s) => s.id == 'real' && s.type == 'render')).toEqual([expect.objectContaining({ server: true })]);
    // The forged root after the genuine one is refused and says so.
    expect(seen.some((s) => s.id == 'real' && s.type == 'error' && s.kind == 'resume')).toBe(true);
    await page.close();
  }, 40_000);

  it('a forged slot under the genuine slot\'s id, before it in the page: neither runs a forged script, the genuine one resumes', async () => {
    const nonce = randomBytes(16).toString('base64');
    const html = await genuine(nonce);
    const body = `<div class="review"><div id="real" data-vitrine="trending">${forgedRoot('same-id')}</div></div><div id="real" data-vitrine="trending" data-vitrine-layout="carousel">${html}</div>` + tag(nonce);
    const { page, pwned } = await open(body, nonce);
    const seen = await settled(page, 'real');
    await page.waitForFunction(() => (window as unknown as { __seen: Seen[] }).__seen.filter((s) => s.type == 'render' && s.id == 'real').length == 2, null, { timeout: 15_000 });
    expect(pwned).toEqual([]);
    expect(seen.some((s) => s.id == 'real' && s.type == 'render' && s.server)).toBe(true);
    await page.close();
  }, 40_000);

  it('the page\'s globals clobbered (currentScript, vitrineConfig.nonce) and a <meta> CSP with the forger\'s nonce give it nothing', async () => {
    const nonce = randomBytes(16).toString('base64');
    const html = await genuine(nonce);
    const clobber =
      `<img name="currentScript" data-nonce="guessed" src="data:,">` +
      `<form id="vitrineConfig"><input name="nonce" value="guessed"></form>` +
      `<a id="nonce" href="x:guessed"></a>` +
      `<meta http-equiv="Content-Security-Policy" content="script-src 'nonce-guessed'">`;
    const body = `${clobber}<div id="forged" data-vitrine="trending">${forgedRoot('clobbered')}</div><div id="real" data-vitrine="trending" data-vitrine-layout="carousel">${html}</div>` + tag(nonce);
    const { page, pwned } = await open(body, nonce);
    const seen = await settled(page, 'real');
    expect(pwned).toEqual([]);
    expect(seen.some((s) => s.id == 'real' && s.type == 'render' && s.server)).toBe(true);
    await page.close();
  }, 40_000);
});

describe('forged roots on a page without a nonce', () => {
  it('a <meta> CSP and clobbered globals naming a nonce do not make a forged state signed', async () => {
    const clobber =
      `<meta http-equiv="Content-Security-Policy" content="script-src 'nonce-guessed' 'unsafe-inline'">` +
      `<a id="vitrineConfig"></a><a id="vitrineConfig" name="nonce" href="x:guessed"></a>`;
    const body = `${clobber}<div id="forged" data-vitrine="trending">${forgedRoot('meta')}</div><div id="plain" data-vitrine="trending"></div>` + tag('');
    const { page, pwned } = await open(body, '');
    await settled(page, 'plain');
    await settled(page, 'forged').catch(() => undefined);
    expect(pwned).toEqual([]);
    await page.close();
  }, 40_000);
});

describe('the genuine widget inside a merchant <form>', () => {
  it('resumes through fields named nonce, children, querySelectorAll and attributes; the merchant\'s button keeps its form', async () => {
    const nonce = randomBytes(16).toString('base64');
    const html = await genuine(nonce);
    const body =
      `<form class="merchant" action="/cart/add" method="post"><input name="nonce" value="guessed"><input name="children"><input name="querySelectorAll"><input name="attributes">` +
      `<vitrine-widget id="real" algorithm="trending" layout="carousel">${html}</vitrine-widget><button class="merchant-add" type="submit">Add to cart</button></form>` +
      tag(nonce);
    const { page, pwned } = await open(body, nonce);
    const seen = await settled(page, 'real');
    expect(pwned).toEqual([]);
    expect(seen.some((s) => s.id == 'real' && s.type == 'render' && s.server)).toBe(true);
    expect(await page.evaluate(() => (document.querySelector('.merchant-add') as HTMLButtonElement).form?.className)).toBe('merchant');
    expect(await page.evaluate(() => document.forms.length)).toBe(1);
    await page.close();
  }, 40_000);
});

/** Mutation-XSS theme markup, one parse-context trick each. */
const MXSS = [
  '<table><tr><td>cell</td></tr><img src=x onerror=__pwned(1)></table>',
  '<table><a href="javascript:__pwned(2)">fostered</a><tr><td>x</td></tr></table>',
  '<select><option><style><img src=x onerror=__pwned(3)></style></option></select>',
  '<select><template><style></template><img src=x onerror=__pwned(4)></style></select>',
  '<svg><style><img src=x onerror=__pwned(5)></style></svg>',
  '<svg></p><style><a id="</style><img src=x onerror=__pwned(6)>"></svg>',
  '<math><mi><table><mglyph><style><img src=x onerror=__pwned(7)></style></mglyph></table></mi></math>',
  '<!--><img src=x onerror=__pwned(8)>-->',
  '<!-- a --!><img src=x onerror=__pwned(9)> -->',
  '<svg><![CDATA[</svg><img src=x onerror=__pwned(10)>]]></svg>',
  '<image src=x onerror=__pwned(11)>',
  '<keygen autofocus onfocus=__pwned(12)>',
  '</p><p title="</p><img src=x onerror=__pwned(13)>">',
  '<a title="&lt;img src=x onerror=__pwned(14)&gt;">t</a>',
  '<noscript><p title="</noscript><img src=x onerror=__pwned(15)>"></noscript>',
  '<svg><desc><style><img src=x onerror=__pwned(16)></style></desc></svg>',
  '<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=__pwned(17) src>">',
  '<a href="jav&#x09;ascript:__pwned(18)">tab</a><a href="&#106;avascript:__pwned(19)">ent</a>',
  '<svg><a xlink:href="javascript:__pwned(20)"><text y="10">x</text></a></svg>',
  '<button formaction="javascript:__pwned(21)" form="m">b</button><input type=image src=x onerror=__pwned(22)>',
  '<svg><animate attributeName="href" values="javascript:__pwned(23)"/><set attributeName="onmouseover" to="__pwned(24)"/></svg>',
  '<isindex action="javascript:__pwned(25)" type=image><textarea></textarea><img src=x onerror=__pwned(26)>',
  '<p><table></p><style><img src=x onerror=__pwned(27)></style></table>',
  '<svg><title><option><style><img src=x onerror=__pwned(28)></style></option></title></svg>',
];

describe(`${MXSS.length} mutation-XSS themes through renderSlots`, () => {
  it('run nothing in a div, a form, a table cell or a list item, and leave the merchant\'s form, table and list whole', async () => {
    const themes = JSON.stringify({
      errMsg: null,
      widgetThemes: MXSS.map((html, n) => ({ id: 'x' + n, themeId: 'x' + n, orgId: suite.sandbox.orgId, name: 'x' + n, type: 'Custom', displayType: 'matrix', htmlTemplate: html + '<a href="{{product_currentPageUrl}}">{{product_name}}</a>', cssTemplate: null, jsTemplate: null, divisionId: null })),
    });
    // A stand-in for GET /v1/theme answering as interface.md §4 documents it; widget calls go to the suite.sandbox.
    const withThemes = (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input)).pathname == '/v1/theme' ? Promise.resolve(new Response(themes, { headers: { 'Content-Type': 'application/json' } })) : fetch(input, init);
    const results = await renderSlots({
      baseUrl: suite.sandbox.url, orgId: suite.sandbox.orgId, apiKey: suite.sandbox.apiKey, fetch: withThemes, consent: true, timeoutMs: 10_000, styles: 'each', page: basePage,
      slots: MXSS.map((_, n) => ({ id: 'h' + n, algorithm: 'trending', max: 1, theme: 'x' + n })),
    });
    expect(results.filter((r) => !r.ok).map((r) => r.id)).toEqual([]);
    const contexts = {
      div: (h: string, n: number) => `<div id="h${n}">${h}</div>`,
      form: (h: string, n: number) => `<form class="merchant" id="m" action="/cart/add"><input name="id" value="${n}"><div id="h${n}">${h}</div><button class="merchant-add">Add</button></form>`,
      table: (h: string, n: number) => `<table class="merchant"><tbody><tr><td id="h${n}">${h}</td><td class="after">after</td></tr></tbody></table>`,
      li: (h: string, n: number) => `<ul class="merchant"><li id="h${n}">${h}</li><li class="after">after</li></ul>`,
    };
    for (const [name, wrap] of Object.entries(contexts)) {
      // The merchant's own handler after the widgets: the one call the page should see, so a run that sees none proves nothing.
      const { page, pwned } = await open(results.map((r, n) => wrap(r.html, n)).join('') + `<img src="data:," onerror="__pwned('control')">`, '');
      await page.waitForLoadState('load');
      // Every link and button clicked, every element focused and hovered: a handler or URL that survived would run.
      await page.evaluate(() => {
        for (const el of Array.from(document.querySelectorAll<HTMLElement>('[id^=h] *'))) {
          el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
          el.focus?.();
          if (el.localName == 'a' && /^javascript:/i.test((el as HTMLAnchorElement).href)) el.click();
        }
      });
      await page.evaluate(() => new Promise((r) => setTimeout(r, 400)));
      const shape = await page.evaluate((name) => {
        const out: string[] = [];
        const merchants = Array.from(document.querySelectorAll('.merchant'));
        if (name != 'div' && merchants.length != document.querySelectorAll('[id^=h]').length) out.push(`${merchants.length} merchant ${name}s`);
        if (name == 'form') for (const b of Array.from(document.querySelectorAll<HTMLButtonElement>('.merchant-add'))) if (b.form?.className != 'merchant') out.push('a merchant button lost its form');
        if (name == 'form' && document.forms.length != merchants.length) out.push(`${document.forms.length} forms`);
        if (name == 'table') for (const t of merchants as HTMLTableElement[]) if (t.rows.length != 1 || t.rows[0].cells.length != 2) out.push('a merchant table lost its shape');
        if (name == 'li') for (const u of merchants) if (u.children.length != 2) out.push('a merchant list lost its shape');
        return out;
      }, name);
      expect([name, pwned, shape]).toEqual([name, ['control'], []]);
      await page.close();
    }
  }, 90_000);
});
