// Cards of one structure share one parse (browser/render/renderCard.ts): the markup a
// product renders, with its values as marks, is parsed and sanitised once, and each card
// is a copy with its own values written in. Checked on the shipped dist/vitrine.mjs: how
// often markup is parsed, that every card is what the card parsed on its own would be
// (values of every kind, in every place a theme puts them), and that each value an
// attribute holds is judged with that card's value.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';

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
