// Hostile theme markup (markupPayloads.ts) through both paths that render a theme: the
// widget slots of markup.html (carousel and matrix) and the result cards of the search
// page, markup-search.html. Each card carries one payload and is sanitised on its own.
// Nothing may run (the `__pwned` trap, dialogs, page errors), no handler attribute,
// script-running URL or loading element may reach the DOM, and `document` and `window`
// keep their own properties, so the host page and later slots still work.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Theme, WidgetProduct } from '../../../src/types/interface';
import { expectRendered, newRecordedPage, records, settled, type OpenedPage } from './harness';
import { useFixtureSuite } from './useFixtureSuite';
import { CLOBBERED_NAMES, FAMILIES, MARKUP_PAYLOADS } from './markupPayloads';

const suite = useFixtureSuite('markup');
const cors = { 'Access-Control-Allow-Origin': '*' };
const GROUP = 32;
const GROUPS = Math.ceil(MARKUP_PAYLOADS.length / GROUP);

/**
 * A card template in which the product's fields pick the payload: each field is one bit
 * (present or empty), so the 32 products of a slot show 32 different payloads. Sections
 * nest `{{#field}}…{{/field}}{{^field}}…{{/field}}` down to one payload per path.
 */
function selector(fields: string[], pick: (index: number) => string, index = 0, bit = 0): string {
  if (bit == fields.length) return pick(index);
  const f = fields[bit];
  return `{{#${f}}}${selector(fields, pick, index | (1 << bit), bit + 1)}{{/${f}}}{{^${f}}}${selector(fields, pick, index, bit + 1)}{{/${f}}}`;
}

const WIDGET_BITS = ['product_sku', 'product_imageUrl', 'product_currentPageUrl', 'variant_name', 'product_discountedPrice'];
const SEARCH_BITS = ['product_name', 'product_sku', 'product_imageUrl', 'product_currentPageUrl', 'product_discountedPrice'];
const payloadOf = (group: number, index: number) => MARKUP_PAYLOADS[group * GROUP + index] ?? '';
const countIn = (group: number) => Math.min(GROUP, MARKUP_PAYLOADS.length - group * GROUP);
const bit = (index: number, n: number) => ((index >> n) & 1) == 1;

const theme = (themeId: string, htmlTemplate: string): Theme => ({
  id: themeId,
  themeId,
  orgId: '',
  orgName: null,
  htmlTemplate,
  name: themeId,
  type: 'Custom',
  displayType: 'matrix',
  payload: null,
  description: null,
  divisionId: null,
  jsTemplate: null,
  cssTemplate: null,
} as unknown as Theme);

function widgetProducts(group: number): WidgetProduct[] {
  return Array.from({ length: countIn(group) }, (_, i) => ({
    name: `Payload ${group * GROUP + i + 1}`,
    sku: bit(i, 0) ? `S-${i}` : '',
    smallImage: bit(i, 1) ? '/img.png' : '',
    currentPageUrl: bit(i, 2) ? `/products/p${i}` : '',
    variantName: bit(i, 3) ? 'Oat' : '',
    price: '20.00',
    ...(bit(i, 4) ? { discountedPrice: '10.00' } : {}),
  }));
}

function searchDocs(group: number) {
  return Array.from({ length: countIn(group) }, (_, i) => ({
    name: bit(i, 0) ? `Payload ${group * GROUP + i + 1}` : '',
    sku: bit(i, 1) ? `S-${i}` : '',
    smallimage: bit(i, 2) ? '/img.png' : '',
    currentPageUrl: bit(i, 3) ? `/products/p${i}` : '',
    price: 20,
    discountedprice: bit(i, 4) ? 10 : null,
    description: '',
  }));
}

/** Facets whose field names are Object.prototype's own: data, nothing more. */
const PROTO_FACETS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'].map((name) => ({
  type: 'string',
  repoFieldName: name,
  displayName: `Field ${name}`,
  displayType: 'multiselect',
  value: [
    { index: 0, name: 'Alpha', value: 'a', operator: '', count: 3 },
    { index: 1, name: 'Beta', value: 'b', operator: '', count: 2 },
  ],
}));

/** What the DOM under `scope` holds that must not be there, as readable strings. */
function leftovers(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    const urlAttrs = ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'data', 'background', 'cite', 'ping', 'codebase'];
    const loading = /^(script|iframe|frame|frameset|object|embed|base|meta|link|noscript|template|animate|set)$/i;
    const bad = (url: string) => {
      try {
        return !/^https?:$/.test(new URL(url.trim(), location.href).protocol);
      } catch {
        return false; // not a URL at all: the browser loads nothing
      }
    };
    // Read through the prototype: this check must not trust the nodes it inspects.
    const { getAttributeNames, getAttribute } = Element.prototype;
    const localName = Object.getOwnPropertyDescriptor(Element.prototype, 'localName')!.get!;
    for (const root of Array.from(document.querySelectorAll(selector))) {
      for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
        const tag = localName.call(el) as string;
        if (loading.test(tag)) found.push(`<${tag}> element`);
        for (const name of getAttributeNames.call(el)) {
          const value = getAttribute.call(el, name) ?? '';
          if (/^on/i.test(name)) found.push(`<${tag} ${name}="${value}">`);
          if (/^srcdoc$/i.test(name)) found.push(`<${tag} srcdoc>`);
          if (urlAttrs.includes(name.toLowerCase()) && bad(value)) found.push(`<${tag} ${name}="${value}">`);
          if (/^(srcset|imagesrcset)$/i.test(name) && value.split(',').some((c) => c.trim() && bad(c.trim().split(/\s+/)[0]))) found.push(`<${tag} ${name}="${value}">`);
        }
      }
    }
    return found;
  }, scope);
}

/** The names the clobbering payloads aim at are still what the platform made them. */
function clobbered(page: Page): Promise<string[]> {
  return page.evaluate((names) => {
    const hit: string[] = [];
    /** What the platform's own accessor or method gives, from the prototype chain. */
    const platform = (target: object, name: string): unknown => {
      // An unforgeable own accessor (`document.location`) cannot be shadowed; a named
      // property shows up as an own data property, so only accessors count here.
      const own = Object.getOwnPropertyDescriptor(target, name);
      if (own?.get) return own.get.call(target);
      for (let p = Object.getPrototypeOf(target); p; p = Object.getPrototypeOf(p)) {
        const d = Object.getOwnPropertyDescriptor(p, name);
        if (d) return d.get ? d.get.call(target) : d.value;
      }
      return undefined;
    };
    for (const name of names) {
      const d = (document as unknown as Record<string, unknown>)[name];
      const w = (window as unknown as Record<string, unknown>)[name];
      if (d !== platform(document, name)) hit.push('document.' + name);
      // Named access never shadows a global that exists; it would plant new ones.
      if (w instanceof Element || w instanceof HTMLCollection) hit.push('window.' + name);
    }
    // The host's own code still works.
    if (document.createElement('div').localName != 'div') hit.push('document.createElement broken');
    if (typeof document.querySelectorAll('main').length != 'number') hit.push('document.querySelectorAll broken');
    if (!(window as unknown as { Vitrine?: { version?: string } }).Vitrine?.version) hit.push('window.Vitrine lost');
    return hit;
  }, CLOBBERED_NAMES);
}

/**
 * Gives what could fire late its chance (image errors, autofocus, animations, a hover),
 * then checks that nothing ran and nothing dangerous or shadowing stayed under `scope`.
 */
async function expectNothingRan(opened: OpenedPage, scope: string): Promise<void> {
  const { page } = opened;
  await page.waitForLoadState('load');
  await page.mouse.move(300, 400);
  // Not a wait for an outcome: a window for late handlers, which would call the trap.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  expect((await records(page)).pwned).toEqual([]);
  expect(opened.dialogs).toEqual([]);
  expect(opened.errors).toEqual([]);
  expect(await leftovers(page, scope)).toEqual([]);
  expect(await clobbered(page)).toEqual([]);
}

let context: BrowserContext | undefined;
async function fresh(): Promise<OpenedPage> {
  await context?.close();
  // A context per page: the theme list is cached in localStorage across page views.
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  return newRecordedPage(context);
}

describe(`${MARKUP_PAYLOADS.length} hostile theme markup payloads`, () => {
  it('are distinct, and every family of the published attack classes is there', () => {
    expect(new Set(MARKUP_PAYLOADS).size).toBe(MARKUP_PAYLOADS.length);
    expect(MARKUP_PAYLOADS.length).toBeGreaterThanOrEqual(150);
    for (const f of FAMILIES) expect(f.payloads.length, f.family).toBeGreaterThanOrEqual(10);
  });

  it('through the widget path (carousel and matrix): nothing runs, nothing dangerous stays, document and window keep their properties', async () => {
    const opened = await fresh();
    const { page } = opened;
    const themes = Array.from({ length: GROUPS }, (_, g) => theme(`m-${g}`, selector(WIDGET_BITS, (i) => payloadOf(g, i))));
    await page.route((u) => u.pathname === '/v1/theme', (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify({ errMsg: null, widgetThemes: themes }) }));
    await page.route(
      (u) => u.pathname.startsWith('/v1/widgetserver/'),
      (route) => {
        const slot = new URL(route.request().url()).searchParams.get('divisionId') ?? '';
        const group = Number(/-(\d+)$/.exec(slot)?.[1]);
        const products = widgetProducts(group);
        return route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify({ errMsg: null, success: '0', widgetName: 'Hostile', numberofdocs: products.length, products }) });
      },
    );
    await page.goto(suite.fixtures.page('markup'));
    const ids = Array.from({ length: GROUPS }, (_, g) => [`m-carousel-${g}`, `m-matrix-${g}`]).flat();
    const outcome = await settled(page, ids, 60_000);
    expectRendered(outcome, ids);
    // Each slot shows one card per payload of its group, with the theme's markup.
    for (const id of ids) {
      const group = Number(/-(\d+)$/.exec(id)![1]);
      expect(outcome[id].detail.theme, id).toBe(`m-${group}`);
      await expect(page.locator(`#${id} [data-vitrine-index]`).count(), id).resolves.toBe(countIn(group));
    }
    await expectNothingRan(opened, '[data-vitrine]');
    // A slot added after all of that still renders: nothing of the page was shadowed.
    await page.evaluate(() => {
      const slot = document.createElement('div');
      slot.id = 'm-later-0';
      slot.setAttribute('data-vitrine', 'trending');
      slot.setAttribute('data-vitrine-layout', 'matrix');
      slot.setAttribute('data-vitrine-theme', 'm-0');
      document.getElementById('main')!.prepend(slot);
    });
    expectRendered(await settled(page, ['m-later-0']), ['m-later-0']);
    expect(opened.errors).toEqual([]);
  });

  it.each(Array.from({ length: GROUPS }, (_, g) => g))('through the search path, result cards of group %i: nothing runs, nothing dangerous stays', async (group) => {
    const opened = await fresh();
    const { page } = opened;
    const card = theme(`s-${group}`, selector(SEARCH_BITS, (i) => payloadOf(group, i)));
    const searches: string[] = [];
    await page.route((u) => u.pathname === '/v1/theme', (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify({ errMsg: null, widgetThemes: [card] }) }));
    await page.route(
      (u) => u.pathname === '/v1/widgetserver/getsearchresult',
      (route) => {
        searches.push(new URL(route.request().url()).searchParams.get('request') ?? '');
        const Docs = searchDocs(group);
        return route.fulfill({
          status: 200,
          contentType: 'application/json',
          headers: cors,
          body: JSON.stringify({ Numberofdocs: Docs.length, Pagination: Docs.length, SearchEntities: [], Docs, facetcount: PROTO_FACETS }),
        });
      },
    );
    // A shared link that already filters on two of those names.
    await page.goto(suite.fixtures.page('markup-search') + '?q=knit&filter=' + encodeURIComponent('constructor:a AND __proto__:b'));
    await page.waitForFunction((n) => document.querySelectorAll('#search .vitrine-search__themed').length === n, countIn(group), { timeout: 15_000 });
    // No card fell back to the built-in one: each shows its payload's sanitised markup.
    await expect(page.locator('#search .vitrine-search__card').count()).resolves.toBe(0);
    await expectNothingRan(opened, '#search');
    if (group > 0) return;
    // Facet fields named after Object.prototype's members render and filter like any other.
    await expect(page.locator('[data-vitrine-facet]').evaluateAll((els) => els.map((e) => e.getAttribute('data-vitrine-facet')))).resolves.toEqual(PROTO_FACETS.map((f) => f.repoFieldName));
    await expect(page.locator('[data-vitrine-facet="constructor"] input[value="a"]').isChecked()).resolves.toBe(true);
    await expect(page.locator('[data-vitrine-facet="__proto__"] input[value="b"]').isChecked()).resolves.toBe(true);
    expect(JSON.parse(searches[0]).filter).toBe('constructor:a AND __proto__:b');
    await page.locator('[data-vitrine-facet="toString"] input[value="b"]').check();
    await expect.poll(() => searches.length).toBe(2);
    expect(JSON.parse(searches[1]).filter).toBe('constructor:a AND __proto__:b AND toString:b');
    await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toBe('constructor:a AND __proto__:b AND toString:b');
    await page.locator('[data-vitrine-facet="hasOwnProperty"] input[value="a"]').check();
    await expect.poll(() => searches.length).toBe(3);
    expect(JSON.parse(searches[2]).filter).toContain('hasOwnProperty:a');
    expect(opened.errors).toEqual([]);
  });
});
