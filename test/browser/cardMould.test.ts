// Cards of one structure share one parse (browser/render/renderCard.ts): the markup a
// product renders, with its values as marks, is parsed and sanitised once, and each card
// is a copy with its own values written in. Checked on the shipped dist/vitrine.mjs: how
// often markup is parsed, that every card is what the card parsed on its own would be
// (values of every kind, in every place a theme puts them), and that each value an
// attribute holds is judged with that card's value. And on a page, with the script tag
// (dist/vitrine.js), where the maker arrives with the cards chunk (dist/vitrine-cards.js):
// a matrix drawn once it ran parses its structure once; one drawn without it (the chunk
// missing or never answering) draws every card all the same, each parsed on its own.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { expectRendered, newRecordedPage, repeatProducts, serveThemes, settled } from './embed/harness';
import { useFixtureSuite } from './embed/useFixtureSuite';

let browser: Browser;
let page: Page;
const server = createServer((req, res) => {
  const path = new URL(req.url!, 'http://x').pathname;
  if (path.startsWith('/dist/')) return res.writeHead(200, { 'Content-Type': path.endsWith('.css') ? 'text/css' : 'text/javascript' }).end(readFileSync('.' + path));
  if (path != '/') return res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.addScriptTag({ type: 'module', content: `import * as v from '/dist/vitrine.mjs'; window.__vitrine = v;` });
  await page.waitForFunction(() => '__vitrine' in window);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  server.closeAllConnections();
  server.close();
});

/**
 * Draws a matrix of `products` with `htmlTemplate` (the built-in card when null) and
 * returns each cell's markup, each card's markup parsed on its own, and how many times
 * markup was parsed into a `<template>` while drawing.
 */
function draw(htmlTemplate: string | null, products: object[]) {
  return page.evaluate(
    ({ htmlTemplate, products }) => {
      const v = (window as unknown as { __vitrine: any }).__vitrine;
      // Counts each parse and hands the markup on to the browser's own setter.
      const own = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
      let parses = 0;
      Object.defineProperty(HTMLTemplateElement.prototype, 'innerHTML', {
        configurable: true,
        get: own.get,
        set(html) {
          parses++;
          own.set!.call(this, html);
        },
      });
      const theme = htmlTemplate == null ? null : { id: 't', themeId: 't', name: 't', displayType: 'matrix', htmlTemplate, cssTemplate: null, jsTemplate: null };
      const root = document.createElement('div');
      document.getElementById('root')!.replaceChildren(root);
      let result;
      try {
        result = v.mountWidget(root, { envelope: { widgetName: 'W', products, customValues: {} }, layout: 'matrix', theme, locale: 'en-US', currency: 'USD' });
      } finally {
        delete (HTMLTemplateElement.prototype as { innerHTML?: string }).innerHTML;
      }
      if (!result.ok) throw new Error(result.error);
      const serialise = (nodes: Node) => {
        const holder = document.createElement('li');
        holder.append(nodes);
        return holder.innerHTML;
      };
      const template = htmlTemplate ?? v.builtinThemes.matrix.htmlTemplate;
      const cells = [...root.querySelectorAll('.vitrine__cell')].map((cell) => cell.innerHTML);
      // Out of the page, so that its ids are no window's properties when the cards are parsed alone.
      root.remove();
      return { parses, cells, alone: result.view.products.map((p: object) => serialise(v.sanitizeNodes(v.renderTemplate(template, result.view, p), document))) };
    },
    { htmlTemplate, products },
  );
}

const products = (n: number, more: (i: number) => object = () => ({})) =>
  Array.from({ length: n }, (_, i) => ({ name: `Merino crew ${i}`, sku: `SKU-${i}`, price: (20 + i).toFixed(2), smallImage: `/img/${i}.svg`, currentPageUrl: `/products/${i}`, ...more(i) }));

describe('cards of one structure', () => {
  it('a hundred cards of the built-in matrix parse their markup once, and a second widget of them not at all', async () => {
    const first = await draw(null, products(100));
    expect(first.cells).toHaveLength(100);
    expect(first.cells).toEqual(first.alone);
    expect(first.cells[41]).toContain('Merino crew 41');
    // The counter sees the cards parsed on their own for the comparison too: those came after.
    expect(first.parses).toBe(1);
    expect((await draw(null, products(100))).parses).toBe(0);
  });

  it('a section shown for some products makes a second structure, parsed once too', async () => {
    const drawn = await draw(null, products(24, (i) => (i % 3 ? {} : { discountedPrice: '9.99', variantName: 'Oat / M' })));
    expect(drawn.cells).toEqual(drawn.alone);
    expect(drawn.cells[3]).toContain('Oat / M');
    expect(drawn.parses).toBeLessThanOrEqual(2);
  });
});

describe('every card is the card parsed on its own', () => {
  const tricky = [
    'a < b & "c" \'d\' `e` = /f',
    ' spaced  out ',
    '\nnew line',
    '&amp; &lt;b&gt;',
    '</span><img src=x onerror=alert(1)>',
    '{{product_name}}',
    'javascript:alert(1)',
    'submit',
    'createElement',
    'nul\u0000here',
    '\uFDD01\uFDD1 mark-alike',
  ];
  const names = (i: number) => ({ name: tricky[i % tricky.length], variantName: i % 2 ? tricky[(i + 3) % tricky.length] : '', sku: i % 4 ? tricky[(i + 5) % tricky.length] : '' });
  const templates = [
    '<span class="n">{{product_name}}</span><i>{{variant_name}}</i>',
    '<a href="{{product_name}}" title={{variant_name}} class="c">x</a>',
    '<a id="{{product_sku}}" name="{{product_name}}">x</a><img alt="" srcset="{{product_name}} 2x, /a.png 1x" src="{{product_imageUrl}}">',
    '<button type="{{product_name}}" class="b">{{product_sku}}</button><input type="{{product_name}}" class="i">',
    '<svg><a xlink:href="{{product_name}}"><text>{{variant_name}}</text></a></svg>',
    '<pre>{{product_name}}</pre><textarea>{{product_name}}</textarea>',
    'x&amp{{product_name}}<b>&{{variant_name}};</b>',
    '<{{product_sku}}>tag</{{product_sku}}><i {{product_sku}}>attr</i>',
    '<!-- {{product_name}} --><span>{{product_sku}}</span>',
    '<table><tr><td>{{product_name}}</td>{{variant_name}}</tr></table>',
    '<p><b>{{product_name}}</p>{{variant_name}}<i>{{product_sku}}</i>',
    '<select><option>{{product_name}}</option></select>',
    '{{#variant_name}}<s>{{.}}</s>{{/variant_name}}{{^variant_name}}<u>none</u>{{/variant_name}}',
    '<img alt={{variant_name}} src="/a.png"><span title= {{variant_name}} class="s">t</span>',
  ];
  it.each(templates)('%s', async (template) => {
    const drawn = await draw(template, products(tricky.length * 2, names));
    expect(drawn.cells).toEqual(drawn.alone);
  });
});

describe('attributes that hold a value are judged with each card', () => {
  it('a script URL, a submit type or a shadowing id in one product drops that attribute on its card alone', async () => {
    const drawn = await draw('<a href="{{product_name}}" id="{{product_sku}}" class="c">link</a><input type="{{variant_name}}" class="i">', [
      { name: '/fine', sku: 'card-1', variantName: 'text', price: '1' },
      { name: 'javascript:alert(1)', sku: 'createElement', variantName: 'submit', price: '1' },
      { name: 'https://shop.example/p', sku: 'card-3', variantName: 'IMAGE', price: '1' },
    ]);
    expect(drawn.cells).toEqual([
      '<a href="/fine" id="card-1" class="c">link</a><input type="text" class="i">',
      '<a class="c">link</a><input class="i">',
      '<a href="https://shop.example/p" id="card-3" class="c">link</a><input class="i">',
    ]);
  });
});

describe('on a page, with the cards chunk', () => {
  const suite = useFixtureSuite('card-mould');
  const SLOT = 'big-matrix';
  const COUNT = 100;
  const theme = {
    id: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d7',
    orgId: 'big-matrix',
    orgName: 'Big matrix',
    themeId: 'mould-grid',
    name: 'Mould grid',
    displayType: 'matrix',
    description: 'One card per product.',
    type: 'Custom',
    payload: null,
    divisionId: null,
    htmlTemplate: '<a class="mg-card" href="{{product_currentPageUrl}}"><span class="mg-name">{{product_name}}</span></a>',
    cssTemplate: null,
    jsTemplate: null,
  };

  /** Counts each parse into a `<template>`, and says when the cards chunk's script has run (its load event). */
  function watchParses(): void {
    const w = window as unknown as { __parses: number; __cardsRan: boolean };
    w.__parses = 0;
    const own = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
    Object.defineProperty(HTMLTemplateElement.prototype, 'innerHTML', {
      configurable: true,
      get: own.get,
      set(html) {
        w.__parses++;
        own.set!.call(this, html);
      },
    });
    document.addEventListener('load', (e) => String((e.target as HTMLScriptElement).src).includes('vitrine-cards.js') && (w.__cardsRan = true), true);
  }

  /** Opens the hundred-product matrix page; `cards` says what the cards chunk's request gets. */
  async function drawPage(cards: 'served' | 'missing' | 'never') {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await newRecordedPage(context);
    await page.addInitScript(watchParses);
    await serveThemes(page, theme);
    await repeatProducts(page, COUNT, (i) => ({ sku: `MOULD-${i}`, name: `Linen ${i + 1}`, currentPageUrl: `/products/mould-${i}` }));
    const asked: string[] = [];
    await page.route(
      (u) => u.pathname.endsWith('/vitrine-cards.js'),
      (route) => {
        asked.push(route.request().url());
        if (cards == 'missing') return route.fulfill({ status: 404, body: 'gone' });
        if (cards == 'served') return route.fallback();
        // Never answers: the request stays open.
      },
    );
    // The widget's answer waits for the chunk to have run, so the draw comes after it.
    if (cards == 'served')
      await page.route(
        (u) => u.pathname.startsWith('/v1/widgetserver/'),
        async (route) => {
          await page.waitForFunction(() => (window as unknown as { __cardsRan?: boolean }).__cardsRan);
          await route.fallback();
        },
      );
    await page.goto(suite.fixtures.page('big-matrix'));
    expectRendered(await settled(page, [SLOT]), [SLOT]);
    const names = await page.locator(`#${SLOT} .vitrine__cell .mg-name`).allInnerTexts();
    const parses = await page.evaluate(() => (window as unknown as { __parses: number }).__parses);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
    return { names, parses, asked, errors };
  }

  const every = Array.from({ length: COUNT }, (_, i) => `Linen ${i + 1}`);

  it('a matrix drawn once the chunk ran parses its cards\' structure once', async () => {
    const drawn = await drawPage('served');
    expect(drawn.asked).toHaveLength(1);
    expect(drawn.names).toEqual(every);
    expect(drawn.parses).toBeLessThan(5);
    expect(drawn.errors).toEqual([]);
  });

  it.each([
    ['missing (404)', 'missing'],
    ['never answering', 'never'],
  ] as const)('with the chunk %s, every card is drawn all the same, each parsed on its own', async (_, cards) => {
    const drawn = await drawPage(cards);
    expect(drawn.asked).toHaveLength(1);
    expect(drawn.names).toEqual(every);
    expect(drawn.parses).toBeGreaterThanOrEqual(COUNT);
    expect(drawn.errors).toEqual([]);
  });
});
