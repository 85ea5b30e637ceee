// Attacks on "a page's Object.prototype changes nothing Vitrine asks for or shows": the
// names a page (or a prototype-pollution gadget in one of its scripts) adds before
// Vitrine loads, where the hygiene list does not reach: the page chunk's reading of
// microdata and RDFa, JSON-LD's variants, the TCF and Shopify consent paths, the cart
// chunk's request to /cart/add.js, card URLs, a frozen prototype, and reads of missing
// names counted through getters.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectRendered, newRecordedPage, records, settled, type OpenedPage } from './harness';
import { useFixtureSuite } from './useFixtureSuite';
import { withCartIdsInOrder } from '../cartIds';

const suite = useFixtureSuite('prototype-attack');
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** An opened page and the service calls it made (method and URL). */
type Visit = OpenedPage & { requests: string[] };

/**
 * Opens fixture `name` (with `query`), its HTML edited by `edit` as it arrives, with
 * `pollution` (page code, as a gadget would run it) run before any of its scripts, and
 * `before` given the page to add its routes. Records every request to the service.
 */
async function visit(name: string, pollution: string, edit?: (html: string) => string, query = '', before?: (page: Page) => Promise<unknown>): Promise<Visit> {
  await context?.close();
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const opened = await newRecordedPage(context);
  const { page } = opened;
  if (pollution) await page.addInitScript({ content: pollution });
  const requests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/v1/')) requests.push(`${r.method()} ${r.url()}`);
  });
  const url = suite.fixtures.page(name) + query;
  if (edit) {
    await page.route(url, (route) => route.fetch().then(async (res) => route.fulfill({ response: res, body: edit(await res.text()) })).catch(() => {}));
    // A page answered by a route is in no address space of its own: Chromium's local
    // network access checks would refuse its calls to the service on 127.0.0.1, so the
    // service's answers come through routes too, unchanged.
    // (A call still on its way when the test closes the page is let go.)
    await page.route(suite.sandbox.url + '/**', (route) => route.fetch().then((res) => route.fulfill({ response: res })).catch(() => {}));
  }
  if (before) await before(page);
  await page.goto(url);
  return { ...opened, requests };
}

/** Lets observers and pending callbacks run (two frames). */
const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// --- What the page says about its product, read by the page chunk -------------------

/** The hygiene page made a product page: its script tag says nothing of the page type, the markup states the product. */
const productPage = (markup: string) => (html: string) =>
  html
    .replace(' data-page-type="home_page"', '')
    .replace('data-vitrine-layout="matrix" data-vitrine-max="4"', 'data-vitrine-layout="matrix" data-vitrine-max="4" data-vitrine-algorithm="contentbasedreco"')
    .replace('<h1>Polluted host</h1>', markup);

const MICRODATA =
  '<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Quiberon Crewneck</h1><span itemprop="sku">MV-KNI-001</span>' +
  '<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="225.00">€225</span><meta itemprop="priceCurrency" content="EUR"></div></div>';
const RDFA =
  '<div vocab="https://schema.org/" typeof="Product"><h1 property="name">Quiberon Crewneck</h1><span property="sku">MV-KNI-001</span>' +
  '<div property="offers" typeof="Offer"><span property="price" content="225.00">€225</span><meta property="priceCurrency" content="EUR"></div></div>';
const JSON_LD =
  '<h1>Quiberon Crewneck</h1><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Quiberon Crewneck","sku":"MV-KNI-001","image":"/img/q.png","offers":{"@type":"Offer","price":"225.00","priceCurrency":"EUR"}}</script>';

const SLOTS = ['p-org', 'p-builtin'];

/** The widget and theme requests the product page makes, once every slot has its outcome. */
async function asked(markup: string, pollution = ''): Promise<{ requests: string[]; errors: string[] }> {
  const v = await visit('hygiene-pollution', pollution, productPage(markup));
  await settled(v.page, SLOTS);
  await v.page.waitForLoadState('load');
  await frames(v.page);
  return { requests: v.requests.slice().sort(), errors: v.errors };
}

describe('the product a page states, read under a polluted Object.prototype', () => {
  it('microdata: Object.prototype.name is not the product name asked about', async () => {
    const clean = await asked(MICRODATA);
    expect(clean.requests.join('\n')).toContain('pname=Quiberon+Crewneck');
    const polluted = await asked(MICRODATA, 'Object.prototype.name = "Polluted name";');
    expect(polluted.errors).toEqual([]);
    expect(polluted.requests).toEqual(clean.requests);
  });

  it('RDFa: Object.prototype.sku and productID are not the product asked about', async () => {
    const clean = await asked(RDFA);
    expect(clean.requests.join('\n')).toContain('pname=Quiberon+Crewneck');
    const polluted = await asked(RDFA, 'Object.prototype.sku = "POLLUTED"; Object.prototype.productID = "POLLUTED"; Object.prototype.image = "/polluted.png";');
    expect(polluted.errors).toEqual([]);
    expect(polluted.requests).toEqual(clean.requests);
  });

  // readJsonLd (in vitrine.js itself, so also without the page chunk) reads
  // `p.hasVariant`, `variant.offers`, `p.productID`, `p.mpn`, `offer.lowPrice` and
  // `image.url`, which a block may leave out: a product without variants must not take an
  // inherited `hasVariant[0].sku` as its SKU.
  it('JSON-LD: an inherited hasVariant is not the variant asked about', async () => {
    const clean = await asked(JSON_LD);
    expect(clean.requests.join('\n')).toContain('pname=Quiberon+Crewneck');
    const polluted = await asked(JSON_LD, 'Object.prototype.hasVariant = [{ sku: "POLLUTED", offers: { price: "0.01", priceCurrency: "JPY" } }];');
    expect(polluted.errors).toEqual([]);
    expect(polluted.requests).toEqual(clean.requests);
  });

  it('JSON-LD: inherited @graph and mainEntity do not change the product asked about', async () => {
    const clean = await asked(JSON_LD);
    const polluted = await asked(
      JSON_LD,
      'Object.prototype["@graph"] = [{ "@type": "Product", name: "Polluted product", sku: "POLLUTED" }]; Object.prototype.mainEntity = { "@type": "Product", name: "Polluted product" };',
    );
    expect(polluted.errors).toEqual([]);
    expect(polluted.requests).toEqual(clean.requests);
  });

  it("JSON-LD without a brand: an inherited brand does not cut the product's name to what the heading shows", async () => {
    // A theme whose heading leaves out the brand its JSON-LD name starts with (the page chunk
    // then asks with the heading's name) must be told the brand by the page, not by Object.prototype.
    const page = JSON_LD.replace('<h1>Quiberon Crewneck</h1>', '<h1>Crewneck</h1>');
    const clean = await asked(page);
    expect(clean.requests.join('\n')).toContain('pname=Quiberon+Crewneck');
    const polluted = await asked(page, 'Object.prototype.brand = { name: "Quiberon" };');
    expect(polluted.errors).toEqual([]);
    expect(polluted.requests).toEqual(clean.requests);
  });
});

// --- Consent ------------------------------------------------------------------------

/** What would identify the visitor: a stored id, or a call to an algorithm that follows one. */
async function identified(v: Visit): Promise<{ cookies: string[]; stored: string | null; personal: string[] }> {
  await v.page.waitForLoadState('networkidle');
  await frames(v.page);
  const cookies = (await context!.cookies()).map((c) => c.name);
  const stored = await v.page.evaluate(() => localStorage.getItem('vitrine_uid'));
  // The personal algorithms are asked only with consent; before it the slots ask trending.
  const personal = v.requests.filter((r) => /\/(recentviews|inspbybrowsehist)\?/.test(r));
  return { cookies, stored, personal };
}

const loadedChunk = (page: Page, file: string) => page.evaluate((f) => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/' + f)), file);

describe('consent under a polluted Object.prototype', () => {
  it('TCF: purposes 5 and 6 the shopper did not consent to stay refused when Object.prototype has them', async () => {
    // The CMP lists the purposes consented to; a page's Object.prototype[5] and [6] must not fill the gaps.
    const v = await visit('consent-tcf', 'Object.prototype[5] = true; Object.prototype[6] = true;');
    await expect.poll(() => v.page.evaluate(() => (window as unknown as { __cmp: { listeners(): number } }).__cmp.listeners())).toBe(1);
    await v.page.evaluate(() => (window as unknown as { __cmp: { choose(p: number[]): void } }).__cmp.choose([1]));
    expect(await identified(v)).toEqual({ cookies: [], stored: null, personal: [] });
    expect(v.errors).toEqual([]);
  });

  it("Shopify: an inherited customerPrivacy is not Shopify's answer; the API is still loaded and the shopper's no stands", async () => {
    const v = await visit('consent-shopify', 'Object.prototype.customerPrivacy = { preferencesProcessingAllowed: function () { return true; } };');
    await expect.poll(() => loadedChunk(v.page, 'vitrine-consent.js')).toBe(true);
    // The theme had not loaded the API: Vitrine asks Shopify to load it, as on a clean page.
    await expect.poll(() => v.page.evaluate(() => (window as unknown as { __shopifyLoads: unknown[] }).__shopifyLoads.length)).toBe(1);
    expect(await identified(v)).toEqual({ cookies: [], stored: null, personal: [] });
    // Shopify's event without a preferencesAllowed of its own is no yes either.
    await v.page.evaluate(() => {
      (Object.prototype as Record<string, unknown>).preferencesAllowed = true;
      document.dispatchEvent(new CustomEvent('visitorConsentCollected', { detail: { analyticsAllowed: true, marketingAllowed: false } }));
    });
    expect(await identified(v)).toEqual({ cookies: [], stored: null, personal: [] });
    expect(v.errors).toEqual([]);
  });
});

// --- The cart chunk -----------------------------------------------------------------

interface Cart {
  v: Visit;
  adds: { body: string; headers: Record<string, string> }[];
}

/** The cart fixture on Shopify, its /cart/add.js a stand-in that answers as Shopify's AJAX API documents. */
async function shopifyCart(pollution: string): Promise<Cart> {
  const adds: Cart['adds'] = [];
  // The service's answers with the shop's variant ids, as a service that knows them sends them.
  const v = await visit('cart', pollution, undefined, '?platform=shopify', (page) => page.route(suite.sandbox.url + '/v1/**', withCartIdsInOrder));
  await v.page.route('**/cart/add.js', async (route) => {
    const req = route.request();
    adds.push({ body: req.postData() ?? '', headers: await req.allHeaders() });
    const body = req.postDataJSON() as { items: { id: number; quantity: number }[] };
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ items: body.items.map((i) => ({ id: i.id, variant_id: i.id, key: `${i.id}:k`, quantity: i.quantity })) }) });
  });
  await v.page.route('**/cart.js', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ token: 'c1', item_count: 1, items: [] }) }));
  return { v, adds };
}

/** Presses the first card's button from the keyboard; its variant id, and what the live region said. */
async function pressFirst(cart: Cart): Promise<{ id: string; said: string | null }> {
  const { page } = cart.v;
  expectRendered(await settled(page, ['cart-carousel']), ['cart-carousel']);
  const button = page.locator('#cart-carousel [data-vitrine-index="0"] [data-vitrine-cart]');
  const id = (await button.getAttribute('data-vitrine-cart'))!;
  await button.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('#cart-carousel .vitrine__status').textContent(), { timeout: 15_000 }).toMatch(/\S/);
  return { id, said: await page.locator('#cart-carousel .vitrine__status').textContent() };
}

const FETCH_INIT = ['integrity = "sha256-polluted"', 'mode = "no-cors"', 'redirect = "error"', 'cache = "only-if-cached"', 'referrerPolicy = "no-referrer"', 'priority = "low"'];

describe('the cart chunk under a polluted Object.prototype', () => {
  it('fetch init members on Object.prototype (integrity, mode, redirect, cache, referrerPolicy, priority): the same add goes out and is announced', async () => {
    const cart = await shopifyCart(FETCH_INIT.map((s) => `Object.prototype.${s};`).join(' '));
    const { id, said } = await pressFirst(cart);
    expect(said).toMatch(/ added to the cart$/);
    expect(cart.adds.map((a) => a.body)).toEqual([JSON.stringify({ items: [{ id: Number(id), quantity: 1 }] })]);
    expect(cart.adds[0].headers['content-type']).toBe('application/json');
    expect(cart.v.errors).toEqual([]);
  });

  // JSON.stringify looks `toJSON` up on every object it serializes, through the prototype
  // chain (ECMAScript SerializeJSONProperty): the cart's bodies are written without it.
  it('an inherited toJSON does not rewrite the body POSTed to /cart/add.js', async () => {
    const cart = await shopifyCart('Object.defineProperty(Object.prototype, "toJSON", { value: function () { return Array.isArray(this.items) ? { items: [{ id: 99999, quantity: 99 }] } : this; }, writable: true, configurable: true });');
    const { id, said } = await pressFirst(cart);
    expect(cart.adds.map((a) => a.body)).toEqual([JSON.stringify({ items: [{ id: Number(id), quantity: 1 }] })]);
    expect(said).toMatch(/ added to the cart$/);
  });

  it("an enumerable method on Array.prototype and inherited sections, quantity and id change nothing in Shopify's request", async () => {
    const cart = await shopifyCart(
      'Array.prototype.polluted = function () {}; Object.prototype.sections = "cart-drawer"; Object.prototype.sections_url = "//evil.example/"; Object.prototype.quantity = 9; Object.prototype.id = "polluted"; Object.prototype.routes = { root: "//evil.example/" };',
    );
    const { id, said } = await pressFirst(cart);
    expect(said).toMatch(/ added to the cart$/);
    expect(cart.adds.map((a) => a.body)).toEqual([JSON.stringify({ items: [{ id: Number(id), quantity: 1 }] })]);
    expect(cart.v.errors).toEqual([]);
  });
});

// --- What is shown ------------------------------------------------------------------

interface Shown {
  slots: Record<string, string>;
  requests: string[];
  pwned: string[];
  errors: string[];
}

async function shown(pollution: string): Promise<Shown> {
  const v = await visit('hygiene-pollution', pollution);
  expectRendered(await settled(v.page, SLOTS), SLOTS);
  await v.page.waitForLoadState('load');
  await frames(v.page);
  const slots = await v.page.evaluate((ids) => Object.fromEntries(ids.map((id) => [id, document.getElementById(id)!.innerHTML.replace(/vitrine-\d+-title/g, 'vitrine-N-title')])), SLOTS);
  return { slots, requests: v.requests.slice().sort(), pwned: (await records(v.page)).pwned, errors: v.errors };
}

describe('what renders under a polluted or frozen prototype', () => {
  let clean: Shown;
  it('card links and images: inherited href, src, srcset, sizes, alt, loading and fetchpriority are not the cards\'', async () => {
    clean = await shown('');
    const polluted = await shown(
      'Object.assign(Object.prototype, { href: "javascript:__pwned(\'href\')", src: "/polluted.png", srcset: "/polluted.png 1x", sizes: "1px", alt: "polluted", loading: "lazy", fetchpriority: "low", target: "_blank", rel: "opener" });',
    );
    expect(polluted.pwned).toEqual([]);
    expect(polluted.errors).toEqual([]);
    expect(polluted.slots).toEqual(clean.slots);
    expect(polluted.requests).toEqual(clean.requests);
  });

  it('a page that froze Object.prototype and Array.prototype first: the same widgets, no error', async () => {
    clean ??= await shown('');
    const frozen = await shown('Object.freeze(Object.prototype); Object.freeze(Array.prototype);');
    expect(frozen.errors).toEqual([]);
    expect(frozen.slots).toEqual(clean.slots);
    expect(frozen.requests).toEqual(clean.requests);
  });

  // Known defect: createRequester (vitrine.js) hands fetch a headers object literal
  // inside its null-prototype init; a headers init with an @@iterator is taken as a list
  // of pairs (Fetch's HeadersInit, a WebIDL union of sequence and record), so an
  // fetch reads an iterable `headers` as a list of pairs: with Object.prototype iterable,
  // a plain headers object makes every service call a TypeError ("network error") and
  // every slot keeps its fallback.
  it('an iterable Object.prototype changes nothing', async () => {
    clean ??= await shown('');
    const polluted = await shown('Object.defineProperty(Object.prototype, Symbol.iterator, { value: function* () { yield "polluted"; }, writable: true, configurable: true });');
    expect(polluted.errors).toEqual([]);
    expect(polluted.slots).toEqual(clean.slots);
    expect(polluted.requests).toEqual(clean.requests);
  });

  it('getters on Object.prototype that throw, for what a product, a theme and a widget answer may lack: the same widgets, nothing thrown', async () => {
    clean ??= await shown('');
    const names = ['variantName', 'discountedPrice', 'jsTemplate', 'cssTemplate', 'htmlTemplate', 'customValues', 'brand', 'category', 'rating', 'reviewCount', 'badge', 'currency', 'widgetType'];
    const polluted = await shown(
      `for (const name of ${JSON.stringify(names)}) Object.defineProperty(Object.prototype, name, { get() { throw new Error('read ' + name); }, configurable: true });`,
    );
    expect(polluted.errors).toEqual([]);
    expect(polluted.slots).toEqual(clean.slots);
    expect(polluted.requests).toEqual(clean.requests);
  });
});
