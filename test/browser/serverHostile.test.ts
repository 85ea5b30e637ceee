// Hostile theme markup through the server path: every payload of the product-data battery
// (xssPayloads.ts), the theme-markup battery (markupPayloads.ts) and the parse-context
// corpus (mxssPayloads.ts) is one org theme, rendered by the built dist/server.mjs against
// the sandbox, and the markup it returns is loaded in Chromium where a merchant's page can
// put a slot: a div, a <vitrine-widget>, a <form> with the merchant's own button after
// the slot, a table cell and a list item, with and without dist/vitrine.js. Nothing may
// run, the merchant's form keeps its button, table and list keep their shape, and each
// widget stays one root with its styles inside. The same payloads go through the
// browser's sanitiser (dist/vitrine.mjs's sanitizeNodes) into the same contexts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parseFragment, type DefaultTreeAdapterTypes as T } from 'parse5';
import { launchChromium } from './chromium';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { createCatalogue } from '../../demo/sandbox/createCatalogue';
import { XSS_PAYLOADS } from './embed/xssPayloads';
import { MARKUP_PAYLOADS } from './embed/markupPayloads';
import { MXSS_PAYLOADS } from './mxssPayloads';
import type * as ServerApi from '../../src/server/index';
import type { SlotResult } from '../../src/types/server';
import type { Layout } from '../../src/types/config';

const { renderSlots } = (await import('../../dist/server.mjs' as string)) as typeof ServerApi;

/** Each battery's `__pwned(n)` moved to a range of its own, so a call names battery and payload. */
const renumber = (offset: number) => (html: string) => html.replace(/__pwned\((\d+)\)/g, (_, n) => `__pwned(${offset + Number(n)})`);
const CORPUS = [...XSS_PAYLOADS.map(renumber(1000)), ...MARKUP_PAYLOADS.map(renumber(2000)), ...MXSS_PAYLOADS.map(renumber(3000))];
const LAYOUTS: Layout[] = ['matrix', 'carousel', 'bundle'];

type Context = 'div' | 'vitrine-widget' | 'form' | 'table' | 'li';
const CONTEXTS: Context[] = ['div', 'vitrine-widget', 'form', 'table', 'li'];

/** A merchant's page around one slot: the slot element, and the merchant's own element after it. */
function around(context: Context, n: number, id: string, layout: Layout, inner: string): string {
  const attrs = `id="${id}" data-vitrine="trending" data-vitrine-layout="${layout}" data-vitrine-max="1" data-vitrine-theme="t${n}"`;
  switch (context) {
    case 'div':
      return `<div ${attrs}>${inner}</div>`;
    case 'vitrine-widget':
      return `<vitrine-widget id="${id}" algorithm="trending" layout="${layout}" max="1" theme="t${n}">${inner}</vitrine-widget>`;
    case 'form':
      return `<form class="merchant" data-n="${n}" action="/cart/add" method="post"><input type="hidden" name="id" value="${n}"><div ${attrs}>${inner}</div><button class="merchant-add" type="submit">Add to cart</button></form>`;
    case 'table':
      return `<table class="merchant" data-n="${n}"><tbody><tr><td ${attrs}>${inner}</td><td class="merchant-cell">after</td></tr></tbody></table>`;
    case 'li':
      return `<ul class="merchant" data-n="${n}"><li ${attrs}>${inner}</li><li class="merchant-item">after</li></ul>`;
  }
}

// Pages come from a server on 127.0.0.1 (Chromium keeps pages outside the loopback
// address space from calling the sandbox), with the built dist/.
let origin = '';
let body = '';
const pages = createServer((req, res) => {
  const path = new URL(req.url!, 'http://x').pathname;
  if (path.startsWith('/dist/')) return res.writeHead(200, { 'Content-Type': path.endsWith('.css') ? 'text/css' : 'text/javascript' }).end(readFileSync('.' + path));
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>${body}</body></html>`);
});
let sandbox: Sandbox;
let browser: Browser;
let dataDir: string;
let results: SlotResult[];
const coat = createCatalogue().find((p) => p.category == 'outerwear')!;
const tag = () =>
  `<script async src="/dist/vitrine.js" data-base-url="${sandbox.url}" data-org-id="${sandbox.orgId}" data-api-key="${sandbox.apiKey}" data-page-type="product_page" data-pname="${coat.name}" data-sku="${coat.sku}"></script>`;

/** The org's theme list as interface.md §4 gives it: one theme per payload, a card template around it. */
const themeList = () =>
  JSON.stringify({
    errMsg: null,
    widgetThemes: CORPUS.map((html, n) => ({ id: 't' + n, themeId: 't' + n, orgId: sandbox.orgId, name: 't' + n, type: 'Custom', displayType: 'matrix', htmlTemplate: html + '<a href="{{product_currentPageUrl}}">{{product_name}}</a>', cssTemplate: null, jsTemplate: null, divisionId: null })),
  });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vitrine-server-hostile-'));
  sandbox = await createSandbox({ port: 0, dataDir });
  browser = await launchChromium();
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  // The theme list comes from a stand-in for GET /v1/theme (the sandbox serves only its
  // sample themes); every widget call goes to the sandbox.
  const withThemes = (input: RequestInfo | URL, init?: RequestInit) =>
    new URL(String(input)).pathname == '/v1/theme' ? Promise.resolve(new Response(themeList(), { headers: { 'Content-Type': 'application/json' } })) : fetch(input, init);
  // In calls of 40 slots: a busy test machine renders that many well within a call's budget.
  results = [];
  const slots = CORPUS.map((_, n) => ({ id: 'h' + n, algorithm: 'trending', layout: LAYOUTS[n % 3], max: 1, theme: 't' + n }));
  for (let from = 0; from < slots.length; from += 40) {
    results.push(
      ...(await renderSlots({
        // A stylesheet in every widget, so each root can be checked for it.
        baseUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, fetch: withThemes, consent: true, timeoutMs: 10_000, styles: 'each',
        page: { pageType: 'product_page', pname: coat.name, sku: coat.sku, domain: '127.0.0.1', product: { name: coat.name, sku: coat.sku, price: String(coat.price) } },
        slots: slots.slice(from, from + 40),
      })),
    );
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  pages.closeAllConnections();
  pages.close();
  await sandbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Opened {
  page: Page;
  pwned: string[];
  errors: string[];
}

async function open(html: string, route?: (page: Page) => Promise<void>): Promise<Opened> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const pwned: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (d) => (pwned.push('dialog ' + d.message()), d.dismiss()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.exposeFunction('__pwned', (n: unknown) => pwned.push(String(n)));
  await route?.(page);
  body = html;
  await page.goto(origin + '/products/x');
  return { page, pwned, errors };
}

/** Gives late handlers their chance (image errors, autofocus, animation, hover), then reads what ran. */
async function settle({ page }: Opened, withScript: boolean): Promise<void> {
  await page.waitForLoadState('load');
  if (withScript) await page.waitForLoadState('networkidle');
  for (const y of [100, 300, 500, 700]) await page.mouse.move(400, y);
  // Not a wait for an outcome: a window for late handlers, which would call the trap.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 400)));
}

/** What is broken in the merchant's page around the slots of `context`: readable strings. */
function broken(page: Page, context: Context, count: number, roots: boolean): Promise<string[]> {
  return page.evaluate(
    ({ context, count, roots }) => {
      const out: string[] = [];
      const merchants = Array.from(document.querySelectorAll<HTMLElement>('.merchant'));
      if (context == 'form') {
        if (merchants.length != count) out.push(`${merchants.length} of ${count} merchant forms`);
        const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>('.merchant-add'));
        if (buttons.length != count) out.push(`${buttons.length} of ${count} merchant buttons`);
        for (const b of buttons) {
          const form = b.closest('form.merchant') as HTMLFormElement | null;
          if (!form || b.form !== form) out.push(`form ${form?.dataset.n ?? '?'}: its button belongs to ${b.form ? 'another form' : 'no form'}`);
        }
        for (const f of merchants as HTMLFormElement[]) {
          const own = Array.from(f.elements).filter((e) => !(e as HTMLElement).closest('[data-vitrine]'));
          if (own.length != 2) out.push(`form ${f.dataset.n}: ${own.length} merchant controls`);
          const theirs = Array.from(f.elements).filter((e) => (e as HTMLButtonElement).type == 'submit' && !e.classList.contains('merchant-add'));
          if (theirs.length) out.push(`form ${f.dataset.n}: a theme control submits it (${theirs.map((e) => e.outerHTML.slice(0, 80)).join(', ')})`);
          if (f.action != location.origin + '/cart/add') out.push(`form ${f.dataset.n}: action ${f.action}`);
        }
        const others = Array.from(document.forms).filter((f) => !f.classList.contains('merchant'));
        if (others.length) out.push(`${others.length} theme forms on the page: ${others.map((f) => f.outerHTML.slice(0, 80)).join(', ')}`);
      }
      if (context == 'table') {
        if (merchants.length != count) out.push(`${merchants.length} of ${count} merchant tables`);
        for (const t of merchants as HTMLTableElement[]) {
          const row = t.rows[0];
          if (t.rows.length != 1 || row.cells.length != 2 || row.cells[1].className != 'merchant-cell') out.push(`table ${t.dataset.n}: ${t.rows.length} rows, ${row?.cells.length} cells`);
        }
      }
      if (context == 'li') {
        if (merchants.length != count) out.push(`${merchants.length} of ${count} merchant lists`);
        for (const ul of merchants) {
          const kids = Array.from(ul.children);
          if (kids.length != 2 || kids[1].className != 'merchant-item') out.push(`list ${ul.dataset.n}: ${kids.length} items (${kids.map((k) => k.outerHTML.slice(0, 60)).join(' | ')})`);
        }
      }
      if (roots) {
        // Each slot holds its one widget root, with the widget's style and resume state inside it.
        for (const root of Array.from(document.querySelectorAll('[data-vitrine-state]'))) {
          const slot = root.parentElement!;
          if (!/^h\d+$/.test(slot.id)) out.push(`a widget root outside its slot, in <${slot.localName} id="${slot.id}">`);
          if (!root.querySelector(':scope > style')) out.push(`${slot.id}: the widget's style is outside its root`);
          if (!root.lastElementChild?.matches('script[data-vitrine-resume]')) out.push(`${slot.id}: the resume state is not the root's last child`);
        }
        const count_ = document.querySelectorAll('[data-vitrine-state]').length;
        if (count_ != count) out.push(`${count_} of ${count} widget roots`);
      }
      if (!document.querySelector('.merchant') && context != 'div' && context != 'vitrine-widget') out.push('the merchant page is gone');
      return out;
    },
    { context, count, roots },
  );
}

describe(`${CORPUS.length} hostile themes through renderSlots`, () => {
  it('all render: the theme where it is safe, else the built-in one with a warning', () => {
    expect(results.filter((r) => !r.ok).map((r) => `${r.id}: ${r.error?.kind} ${r.error?.message}`)).toEqual([]);
    const refused = results.filter((r) => r.warning?.kind == 'theme').length;
    expect(refused).toBeLessThan(CORPUS.length / 2);
    // No markup the server returns holds a form, MathML, raw text but the widget's own
    // style, or a handler or form… attribute, as a spec-compliant parser reads it.
    const found: string[] = [];
    const walk = (node: T.ParentNode) =>
      node.childNodes.forEach((child) => {
        if (!('tagName' in child)) return;
        if (/^(form|math|xmp|noembed|noframes|plaintext|foreignObject|noscript|iframe|template)$/i.test(child.tagName)) found.push(child.tagName);
        if (child.tagName == 'script' && !child.attrs.some((a) => a.name == 'data-vitrine-resume')) found.push('script');
        if (child.tagName == 'style' && !child.parentNode?.nodeName.match(/^div$/)) found.push('style in ' + child.parentNode?.nodeName);
        for (const a of child.attrs) if (/^(on|form)/i.test(a.name)) found.push(`${child.tagName} ${a.name}`);
        walk(child);
      });
    for (const r of results) walk(parseFragment(r.html));
    expect(found).toEqual([]);
  });

  for (const withScript of [false, true]) {
    for (const context of CONTEXTS) {
      it(`inside a ${context}, ${withScript ? 'with' : 'without'} vitrine.js: nothing runs, the merchant's page keeps its shape`, async () => {
        const html = results.map((r, n) => around(context, n, r.id, LAYOUTS[n % 3], r.html)).join('\n');
        const opened = await open(html + (withScript ? tag() : ''));
        await settle(opened, withScript);
        expect(opened.pwned).toEqual([]);
        expect(await broken(opened.page, context, results.length, !withScript)).toEqual([]);
        if (context == 'form') {
          // Clicking the merchant's button still submits the merchant's form.
          const sent = opened.page.waitForRequest((r) => r.method() == 'POST' && r.url().endsWith('/cart/add'));
          await opened.page.locator('.merchant-add').last().click();
          expect((await sent).postData()).toContain(`id=${results.length - 1}`);
        }
        await opened.page.close();
      }, 120_000);
    }
  }
});

describe(`${CORPUS.length} hostile themes through the browser's sanitiser`, () => {
  for (const context of CONTEXTS) {
    it(`inside a ${context}: nothing runs, the merchant's page keeps its shape`, async () => {
      // Each slot gets its payload as sanitizeNodes returns it, through the built ESM module.
      const html = CORPUS.map((_, n) => around(context, n, 'h' + n, LAYOUTS[n % 3], '')).join('\n');
      const opened = await open(html);
      // A module script of the page's own (a dynamic import in evaluate would be the test runner's).
      await opened.page.evaluate((corpus) => ((window as unknown as { __corpus: readonly string[] }).__corpus = corpus), CORPUS);
      await opened.page.addScriptTag({
        type: 'module',
        content: `import { sanitizeNodes } from '/dist/vitrine.mjs';
          __corpus.forEach((markup, n) => document.getElementById('h' + n).append(sanitizeNodes(markup, document)));
          window.__inserted = true;`,
      });
      await opened.page.waitForFunction(() => (window as unknown as { __inserted?: boolean }).__inserted, null, { timeout: 20_000 });
      await settle(opened, false);
      expect(opened.pwned).toEqual([]);
      expect(opened.errors).toEqual([]);
      expect(await broken(opened.page, context, CORPUS.length, false)).toEqual([]);
      await opened.page.close();
    }, 120_000);
  }
});
