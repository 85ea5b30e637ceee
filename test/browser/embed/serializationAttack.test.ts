// Serialization on a hostile host page, in Chromium against the built embed (dist/): what
// Vitrine writes to the cart, the search service, the device and its own comparisons,
// on pages whose globals answer for it. `JSON.stringify` asks each object it writes for a
// `toJSON` through the prototype chain; Prototype.js 1.6 (Magento 1 shops) puts one on
// arrays and strings and makes `Array.from` its `$A`, which takes no map function; others
// set `Object.prototype.toJSON` or replace `JSON.parse`, `JSON.stringify` or
// `Storage.prototype.setItem`. Each global is put in before the page's own scripts. The
// page is read over the raw DevTools protocol: Playwright's own reads of a page go through
// a polluted `toJSON`.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useFixtureSuite } from './useFixtureSuite';
import { withCartIdsInOrder } from '../cartIds';

const suite = useFixtureSuite('serialization-attack');
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/**
 * What Prototype.js 1.6 does to the page's built-ins, as its API documents them
 * (http://api.prototypejs.org/): `Array.from` is `$A` ("accepts an array-like collection
 * (anything with numeric indices) and returns its equivalent as an actual Array"; a second
 * argument is not read), arrays answer `toArray` with a copy, arrays and strings answer
 * `toJSON` with their JSON text (so `JSON.stringify` writes that text as a string), and
 * `Object.keys` lists what `for…in` walks.
 */
const PROTOTYPE_JS = `(function () {
  var quote = function (s) { return '"' + String(s).replace(/[\\\\"]/g, function (c) { return '\\\\' + c; }) + '"'; };
  var dollarA = function (list) {
    if (!list) return [];
    if (list.toArray) return list.toArray();
    var out = [];
    for (var i = 0, n = list.length || 0; i < n; i++) out[i] = list[i];
    return out;
  };
  Array.from = dollarA;
  Array.prototype.toArray = function () { return this.slice(0); };
  Array.prototype.toJSON = function () {
    var parts = [];
    for (var i = 0; i < this.length; i++) parts.push(typeof this[i] == 'string' ? quote(this[i]) : String(this[i]));
    return '[' + parts.join(', ') + ']';
  };
  String.prototype.toJSON = function () { return quote(this); };
  Object.keys = function (o) { var keys = []; for (var k in o) keys.push(k); return keys; };
})();`;

/** A page script that answers for every object (`Object.prototype.toJSON`), as some analytics shims do. */
const OBJECT_TOJSON = `Object.defineProperty(Object.prototype, 'toJSON', { value: function toJSON() { return { page: 'the same' }; }, writable: true, configurable: true });`;

interface Opened {
  page: Page;
  errors: string[];
  /** Requests the page sent, as method, path and body (the query string kept for GETs). */
  sent: { method: string; path: string; search: URLSearchParams; body: string }[];
  run: (expression: string) => Promise<unknown>;
}

/** `name` with `pollution` run before any script of the page; the service's answers carry the shop's cart ids. */
async function open(name: string, pollution: string | string[], query = '', setup?: (page: Page) => Promise<void>): Promise<Opened> {
  context ??= await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const sent: Opened['sent'] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    sent.push({ method: r.method(), path: url.pathname, search: url.searchParams, body: r.postData() ?? '' });
  });
  await page.route(suite.sandbox.url + '/**', (route) => withCartIdsInOrder(route).catch(() => {}));
  await setup?.(page);
  // The theme each slot was drawn with, as its render event says.
  await page.addInitScript(() => document.addEventListener('vitrine:render', (e) => ((window as unknown as { __drawn: string[] }).__drawn ||= []).push((e.target as Element).id + ' ' + (e as CustomEvent<{ theme: string }>).detail.theme)));
  for (const script of [pollution].flat()) await page.addInitScript(script);
  const cdp = await context.newCDPSession(page);
  const run = async (expression: string) => (await cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })).result.value;
  await page.goto(suite.fixtures.page(name) + query);
  return { page, errors, sent, run };
}

const cards = (opened: Opened, selector: string, count = 1) =>
  expect.poll(() => opened.run(`document.querySelectorAll(${JSON.stringify(selector)}).length`), { timeout: 15_000 }).toBeGreaterThanOrEqual(count);

/** Shopify's Ajax cart (https://shopify.dev/docs/api/ajax/reference/cart): `POST /cart/add.js` takes `{ items: [{ id, quantity }] }`; a body that is not JSON is refused. */
async function shopifyCart(page: Page, bodies: string[]): Promise<void> {
  await page.route(/\/cart\/add\.js$/, (route) => {
    const text = route.request().postData() ?? '';
    bodies.push(text);
    let items: { id: number; quantity: number }[];
    try {
      items = (JSON.parse(text) as { items: { id: number; quantity: number }[] }).items;
      if (!Array.isArray(items)) throw new Error('no items');
    } catch {
      return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ status: 'bad_request', message: 'Parameter Missing or Invalid', description: 'Required parameter missing or invalid: items' }) });
    }
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ items: items.map((i) => ({ id: i.id, variant_id: i.id, key: `${i.id}:k`, quantity: i.quantity })) }) });
  });
  await page.route(/\/cart\.js$/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ item_count: 1, items: [] }) }));
}

async function press(page: Page, selector: string): Promise<void> {
  const button = page.locator(selector).first();
  await button.scrollIntoViewIfNeeded();
  await button.focus();
  await page.keyboard.press('Enter');
}

describe('Prototype.js 1.6 on the page (a Magento 1 theme): arrays and strings answer toJSON, Array.from is $A', () => {
  it("Shopify: a card's add puts that card's variant in the cart, once", async () => {
    const bodies: string[] = [];
    const opened = await open('cart', PROTOTYPE_JS, '?platform=shopify&theme=attack', (page) => shopifyCart(page, bodies));
    await cards(opened, '#cart-carousel [data-vitrine-cart]', 2);
    const id = await opened.page.locator('#cart-carousel [data-vitrine-index="1"] [data-vitrine-cart]').getAttribute('data-vitrine-cart');
    await press(opened.page, '#cart-carousel [data-vitrine-index="1"] [data-vitrine-cart]');
    await expect.poll(() => bodies.length, { timeout: 10_000 }).toBe(1);
    const body = JSON.parse(bodies[0]) as { items: { id: number; quantity: number }[] };
    expect(body.items).toEqual([{ id: Number(id), quantity: 1 }]);
    expect(opened.errors).toEqual([]);
  });

  it('Shopify: the bundle\'s add puts each of its products in once, in one request', async () => {
    const bodies: string[] = [];
    const opened = await open('cart', PROTOTYPE_JS, '?platform=shopify&theme=attack', (page) => shopifyCart(page, bodies));
    await cards(opened, '#cart-bundle .vitrine__add');
    // The chosen set: the page's own product and each add-on left ticked.
    const chosen = await opened.page.locator('#cart-bundle .vitrine__bundle-item:not([data-off])').count();
    await press(opened.page, '#cart-bundle .vitrine__add');
    await expect.poll(() => bodies.length, { timeout: 10_000 }).toBe(1);
    const body = JSON.parse(bodies[0]) as { items: { id: number; quantity: number }[] };
    expect(chosen).toBeGreaterThanOrEqual(2);
    expect(body.items).toHaveLength(chosen);
    for (const item of body.items) expect(item).toEqual({ id: expect.any(Number), quantity: 1 });
    expect(body.items.map((i) => i.id)).toContain(41001);
    expect(new Set(body.items.map((i) => i.id)).size).toBe(body.items.length);
  });

  it("WooCommerce: the Store API's add-item gets the card's product id and a quantity of 1 as JSON", async () => {
    const bodies: string[] = [];
    // https://developer.woocommerce.com/docs/apis/store-api/resources-endpoints/cart: "Add item" takes `{ id, quantity, variation }`.
    const opened = await open('cart', PROTOTYPE_JS, '?platform=woocommerce&theme=attack', async (page) => {
      await page.route('**/wp-json/wc/store/v1/cart/add-item', (route) => {
        bodies.push(route.request().postData() ?? '');
        return route.fulfill({ status: 201, contentType: 'application/json', headers: { Nonce: 'a1b2c3d4e5' }, body: JSON.stringify({ items_count: 1, items: [] }) });
      });
      await page.route('**/wp-json/wc/store/v1/cart', (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { Nonce: 'a1b2c3d4e5' }, body: JSON.stringify({ items_count: 0, items: [] }) }));
    });
    await cards(opened, '#cart-carousel [data-vitrine-cart]', 1);
    const id = await opened.page.locator('#cart-carousel [data-vitrine-index="0"] [data-vitrine-cart]').getAttribute('data-vitrine-cart');
    await press(opened.page, '#cart-carousel [data-vitrine-index="0"] [data-vitrine-cart]');
    await expect.poll(() => bodies.length, { timeout: 10_000 }).toBe(1);
    const body = JSON.parse(bodies[0]) as { id: number; quantity: number };
    expect(body).toMatchObject({ id: Number(id), quantity: 1 });
  });

  it("the org's theme list kept on the device serves the next page: no second theme request, the org's card draws", async () => {
    const first = await open('hygiene-pollution', PROTOTYPE_JS);
    await cards(first, '#p-org .vitrine');
    await expect.poll(() => first.run(`(window.__drawn || []).join('|')`)).toContain('p-org ');
    const drawn = ((await first.run(`window.__drawn.join('|')`)) as string).split('|').find((d) => d.startsWith('p-org '));
    expect(first.sent.filter((r) => r.path == '/v1/theme')).toHaveLength(1);
    const kept = (await first.run(`localStorage.getItem(Object.keys(localStorage).filter(function (k) { return k.indexOf('vitrine:themes:') == 0; })[0])`)) as string;
    expect(() => JSON.parse(kept)).not.toThrow();
    await first.page.close();
    const second = await open('hygiene-pollution', PROTOTYPE_JS);
    await cards(second, '#p-org .vitrine');
    expect(second.sent.filter((r) => r.path == '/v1/theme')).toHaveLength(0);
    await expect.poll(() => second.run(`(window.__drawn || []).join('|')`)).toContain(drawn);
    expect(second.errors).toEqual([]);
  });

  it("a single-page app's route change to a second product gets widgets for it; the same product said twice asks nothing", async () => {
    const opened = await open('hygiene-pollution', PROTOTYPE_JS);
    await cards(opened, '#p-org .vitrine, #p-builtin .vitrine', 2);
    const widgetCalls = () => opened.sent.filter((r) => r.path.startsWith('/v1/widgetserver/'));
    const before = widgetCalls().length;
    await opened.run(`Vitrine.setContext({ pageType: 'product_page', pname: 'Aubrac Crewneck', sku: 'P-0' })`);
    await expect.poll(() => widgetCalls().length, { timeout: 10_000 }).toBe(before + 2);
    await opened.run(`Vitrine.setContext({ pageType: 'product_page', pname: 'Belle-Île Scarf', sku: 'P-1' })`);
    await expect.poll(() => widgetCalls().length, { timeout: 10_000 }).toBe(before + 4);
    expect(widgetCalls().slice(-2).map((r) => r.search.get('pname') ?? r.search.get('sku'))).not.toContain('Aubrac Crewneck');
    await opened.run(`Vitrine.setContext({ pageType: 'product_page', pname: 'Belle-Île Scarf', sku: 'P-1' })`);
    await new Promise((r) => setTimeout(r, 500));
    expect(widgetCalls()).toHaveLength(before + 4);
    expect(opened.errors).toEqual([]);
  });

  it('a route change to the search page sends the query in the URL, as JSON the service reads', async () => {
    const opened = await open('spa-search', PROTOTYPE_JS);
    await cards(opened, '#home-picks .vitrine');
    await opened.run(`showRoute('search', 'linen')`);
    await expect.poll(() => opened.sent.filter((r) => r.path.endsWith('/getsearchresult')).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const search = opened.sent.find((r) => r.path.endsWith('/getsearchresult'))!;
    const request = JSON.parse(search.search.get('request') ?? search.body) as Record<string, unknown>;
    expect(JSON.stringify(request)).toContain('"linen"');
    await expect.poll(() => opened.run(`document.querySelectorAll('#search .vitrine-search__item').length`), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(opened.errors).toEqual([]);
  });
});

describe("a page whose Object.prototype answers toJSON", () => {
  it('a widget click is still known on the product page it opens (Vitrine.attribution)', async () => {
    context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Product pages are the fixture page again.
    await context.route(/\/products\//, (route) => (route.request().isNavigationRequest() ? route.continue({ url: suite.fixtures.page('analytics') }) : route.continue()));
    const opened = await open('analytics', OBJECT_TOJSON);
    await cards(opened, '#an-carousel [data-vitrine-index="2"] a[href]');
    const sku = await opened.page.locator('#an-carousel [data-vitrine-index="2"]').getAttribute('data-vitrine-sku');
    await Promise.all([opened.page.waitForURL(/\/products\//), opened.page.locator('#an-carousel [data-vitrine-index="2"] a[href]').click()]);
    await expect.poll(() => opened.run(`typeof Vitrine.attribution`), { timeout: 15_000 }).toBe('function');
    const click = (await opened.run(`Vitrine.attribution()`)) as Record<string, unknown> | null;
    expect(click).toMatchObject({ slot: 'an-carousel', position: 3 });
    if (sku) expect(click!.sku).toBe(sku);
  });
  it('Shopify: a card\'s add sends that variant, quantity 1', async () => {
    const bodies: string[] = [];
    const opened = await open('cart', OBJECT_TOJSON, '?platform=shopify&theme=attack', (page) => shopifyCart(page, bodies));
    await cards(opened, '#cart-carousel [data-vitrine-cart]', 3);
    const id = await opened.page.locator('#cart-carousel [data-vitrine-index="2"] [data-vitrine-cart]').getAttribute('data-vitrine-cart');
    await press(opened.page, '#cart-carousel [data-vitrine-index="2"] [data-vitrine-cart]');
    await expect.poll(() => bodies.length, { timeout: 10_000 }).toBe(1);
    expect(JSON.parse(bodies[0])).toEqual({ items: [{ id: Number(id), quantity: 1 }] });
  });

  it('a route change to the search page searches for the query in the URL', async () => {
    const opened = await open('spa-search', OBJECT_TOJSON);
    await cards(opened, '#home-picks .vitrine');
    await opened.run(`showRoute('search', 'linen')`);
    await expect.poll(() => opened.sent.filter((r) => r.path.endsWith('/getsearchresult')).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const search = opened.sent.find((r) => r.path.endsWith('/getsearchresult'))!;
    expect(search.search.get('request') ?? search.body).not.toContain('the same');
    expect(JSON.stringify(JSON.parse(search.search.get('request') ?? search.body))).toContain('"linen"');
  });
});

describe("a page's own JSON and Storage", () => {
  it('an old JSON.parse polyfill that reads no reviver: the widgets draw, the theme list kept serves the next page', async () => {
    // json2.js-style, installed over the native one: `eval` of the text, the second argument dropped.
    const oldParse = `JSON.parse = function (text) { return eval('(' + text + ')'); };`;
    const first = await open('hygiene-pollution', oldParse);
    await cards(first, '#p-org .vitrine, #p-builtin .vitrine', 2);
    await first.page.close();
    const second = await open('hygiene-pollution', oldParse);
    await cards(second, '#p-org .vitrine, #p-builtin .vitrine', 2);
    expect(second.sent.filter((r) => r.path == '/v1/theme')).toHaveLength(0);
    expect(second.errors).toEqual([]);
  });

  it("a session-replay script that wraps JSON.stringify is never handed the cart's body or the theme list kept on the device", async () => {
    const spy = `(function () { var native = JSON.stringify; window.__seen = []; JSON.stringify = function (v) { if (v && typeof v == 'object') window.__seen.push(Object.keys(v).join(',')); return native.apply(JSON, arguments); }; })();`;
    const bodies: string[] = [];
    const opened = await open('cart', spy, '?platform=shopify&theme=attack', (page) => shopifyCart(page, bodies));
    await cards(opened, '#cart-carousel [data-vitrine-cart]', 1);
    await press(opened.page, '#cart-carousel [data-vitrine-index="0"] [data-vitrine-cart]');
    await expect.poll(() => bodies.length, { timeout: 10_000 }).toBe(1);
    // What was handed over, by its own keys: the page's listeners copy each event's detail, which is theirs.
    const seen = (await opened.run(`window.__seen.slice()`)) as string[];
    expect(seen.filter((keys) => /(^|,)(items|themes|orgId)(,|$)/.test(keys))).toEqual([]);
    expect(JSON.parse(bodies[0])).toMatchObject({ items: [{ quantity: 1 }] });
  });

  it('a consent tool that drops storage writes it does not know (Storage.prototype.setItem): the next page still draws every widget', async () => {
    const blocker = `(function () { var set = Storage.prototype.setItem; Storage.prototype.setItem = function (k, v) { if (/^(cookieconsent|_grecaptcha)/.test(k)) return set.call(this, k, v); }; })();`;
    const first = await open('hygiene-pollution', blocker);
    await cards(first, '#p-org .vitrine, #p-builtin .vitrine', 2);
    await first.page.close();
    const second = await open('hygiene-pollution', blocker);
    await cards(second, '#p-org .vitrine, #p-builtin .vitrine', 2);
    expect(second.sent.filter((r) => r.path == '/v1/theme')).toHaveLength(1);
    expect(second.errors).toEqual([]);
  });

  // Known defect: the service's requests are built with the page's `URLSearchParams` at
  // the time of each request (src/core/api/createRequester.ts: `new URLSearchParams()`,
  // then `set`); a legacy script whose own helper of that name (a top-level `function
  // URLSearchParams`, which replaces the global) reads the address and has no `set`
  // makes every call throw, so no widget draws.
  it.fails("Breaks: a legacy script's own function URLSearchParams (reads the address, no set): the widgets still draw", async () => {
    const legacy = `window.URLSearchParams = function URLSearchParams(query) {
      var pairs = {};
      String(query || '').replace(/^\\?/, '').split('&').forEach(function (pair) { var at = pair.indexOf('='); if (at > 0) pairs[decodeURIComponent(pair.slice(0, at))] = decodeURIComponent(pair.slice(at + 1)); });
      this.get = function (name) { return Object.prototype.hasOwnProperty.call(pairs, name) ? pairs[name] : null; };
    };`;
    const opened = await open('hygiene-pollution', legacy);
    await cards(opened, '#p-org .vitrine, #p-builtin .vitrine', 2);
    expect(opened.errors).toEqual([]);
  });
});
