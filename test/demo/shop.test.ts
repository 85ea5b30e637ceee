// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../demo/sandbox/categories';
import { createCatalogue } from '../../demo/sandbox/createCatalogue';
import { createShop, type Shop } from '../../demo/shop/createShop';

const API = 'http://127.0.0.1:9';
const ORG = '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60';
const product = createCatalogue().find((p) => p.category === 'dresses')!;

let shop: Shop;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'vitrine-dist-'));
  mkdirSync(join(distDir, 'sub'));
  writeFileSync(join(distDir, 'vitrine.js'), '/* embed */');
  shop = await createShop({ port: 0, apiUrl: API, orgId: ORG, apiKey: 'k', distDir });
});
afterAll(async () => {
  await shop.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => fetch(shop.url + path, { redirect: 'manual', ...init });
const slots = (page: string) => [...page.matchAll(/<div id="([^"]+)" data-vitrine="([^"]*)" data-vitrine-layout="(\w+)"/g)].map((m) => ({ id: m[1], algorithm: m[2], layout: m[3] }));

describe('pages', () => {
  const pages = ['/', `/collections/${CATEGORIES[0].slug}`, `/products/${product.handle}`, '/cart', '/blogs/journal', '/blogs/journal/caring-for-wool', '/search?q=linen'];
  it.each(pages)('%s renders with the merchant script tag and slots', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toMatch(/^<!doctype html><html lang="en">/);
    // The product page, whose first widgets the server renders, adds the same tag once it has loaded.
    if (path.startsWith('/products/')) {
      expect(page).toContain(`{"data-base-url":"${API}","data-org-id":"${ORG}","data-api-key":"k",`);
      expect(page).toContain(`script.src = '/dist/vitrine.js'`);
    } else expect(page).toContain(`<script async src="/dist/vitrine.js" data-base-url="${API}" data-org-id="${ORG}" data-api-key="k"`);
    // Page type and product are left for the embed to detect on these pages.
    expect(page).not.toMatch(/data-page-type|data-pname/);
    expect(page).toMatch(/data-vitrine-searchbox/);
    if (path.startsWith('/search')) expect(page).toContain('<div id="search" data-vitrine-search>');
    else expect(slots(page).length).toBeGreaterThanOrEqual(2);
  });
  it('gives the product page schema.org JSON-LD, Open Graph tags and a cross-sell bundle slot', async () => {
    const page = await (await get(`/products/${product.handle}`)).text();
    const json = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]);
    expect(json).toMatchObject({ '@type': 'Product', name: product.name, sku: product.sku, offers: { priceCurrency: 'EUR', price: (product.salePrice ?? product.price).toFixed(2) } });
    expect(page).toContain(`<meta property="og:type" content="product">`);
    expect(page).toContain(`<meta property="og:title" content="${product.name}">`);
    expect(slots(page)).toContainEqual({ id: 'pdp-bundle', algorithm: 'crosssell', layout: 'bundle' });
    expect(slots(page).map((s) => s.layout)).toEqual(expect.arrayContaining(['carousel', 'matrix', 'bundle']));
  });
  it('mixes named algorithms, fallback chains and automatic slots', async () => {
    const home = slots(await (await get('/')).text());
    expect(home.some((s) => s.algorithm === 'trending')).toBe(true);
    // A new visitor has no recent views: the home shelf goes on to trending.
    expect(home.some((s) => s.algorithm === 'recentviews trending')).toBe(true);
    const collection = slots(await (await get('/collections/knitwear')).text());
    expect(collection.some((s) => s.algorithm === '')).toBe(true);
  });
  it('lists every product of a department, server-rendered', async () => {
    const page = await (await get('/collections/candles?sort=price-asc')).text();
    expect(page.match(/class="card"/g)).toHaveLength(createCatalogue().filter((p) => p.category === 'candles').length);
  });
  it('answers anything else with a 404 page that still has slots', async () => {
    for (const path of ['/nothing-here', '/products/no-such-thing', '/collections/nope', '/orders/X1/confirmation']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      const page = await res.text();
      expect(page).toContain('Error 404');
      expect(slots(page).length).toBeGreaterThan(0);
    }
  });
  it('escapes what a visitor types', async () => {
    const page = await (await get(`/search?q=${encodeURIComponent('<img src=x onerror=alert(1)>')}`)).text();
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('cart and order', () => {
  it('adds to the cart, checks out and confirms the order', async () => {
    const added = await get('/cart/add', { method: 'POST', body: new URLSearchParams({ sku: product.sku, qty: '2', size: 'M' }) });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/cart');
    const cookie = added.headers.get('set-cookie')!.split(';')[0];
    const cart = await (await get('/cart', { headers: { cookie } })).text();
    expect(cart).toContain(product.name);
    expect(cart).toMatch(/data-cart-count>2</);
    const checkout = await get('/checkout', { method: 'POST', headers: { cookie } });
    expect(checkout.status).toBe(303);
    const location = checkout.headers.get('location')!;
    expect(location).toMatch(/^\/orders\/MV\d{6}\/confirmation$/);
    expect(checkout.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    const order = await (await get(location)).text();
    expect(order).toContain('your order is confirmed');
    expect(order).toContain(`2 × ${product.name}`);
    // The one page that names its type explicitly.
    expect(order).toContain('data-page-type="order_page"');
  });
  it('adds a product sold in several sizes only in a size it is sold in; without one, a script is told to ask, a form goes to the product', async () => {
    const sized = createCatalogue().find((p) => p.sizes.length > 1)!;
    const json = { Accept: 'application/json' };
    const none = await get('/cart/add', { method: 'POST', headers: json, body: new URLSearchParams({ sku: sized.sku }) });
    expect(none.status).toBe(409);
    expect(await none.json()).toEqual({ options: true, message: `Choose a size for ${sized.name}` });
    expect(none.headers.get('set-cookie')).toBeNull();
    const wrong = await get('/cart/add', { method: 'POST', headers: json, body: new URLSearchParams({ sku: sized.sku, size: '44' }) });
    expect(wrong.status).toBe(409);
    const form = await get('/cart/add', { method: 'POST', body: new URLSearchParams({ sku: sized.sku, size: '' }) });
    expect(form.headers.get('location')).toBe(`/products/${sized.handle}`);
    const page = await (await get(`/products/${sized.handle}`)).text();
    expect(page).toContain('<select name="size" required><option value="">Choose a size</option>');
    const added = await get('/cart/add', { method: 'POST', body: new URLSearchParams({ sku: sized.sku, size: 'M' }) });
    const cart = await (await get('/cart', { headers: { cookie: added.headers.get('set-cookie')!.split(';')[0] } })).text();
    expect(cart).toContain('· M');
  });
  it('answers JSON to a script adding a bundle', async () => {
    const res = await get('/cart/add', { method: 'POST', headers: { Accept: 'application/json' }, body: new URLSearchParams({ sku: product.sku }) });
    expect(await res.json()).toEqual({ count: 1 });
  });
});

describe('files and settings', () => {
  it('serves the built embed from distDir and nothing outside it', async () => {
    expect(await (await get('/dist/vitrine.js')).text()).toBe('/* embed */');
    expect((await get('/dist/..%2fpackage.json')).status).toBe(404);
    expect((await get('/dist/sub')).status).toBe(404);
    expect((await get('/studio/..%2f..%2fpackage.json')).status).toBe(404);
  });
  it('tells the studio where the API is', async () => {
    expect(await (await get('/sandbox.json')).json()).toEqual({ baseUrl: API, orgId: ORG, apiKey: 'k' });
  });
  it('serves its stylesheet and script', async () => {
    const css = await get('/assets/shop.css');
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
    expect((await get('/assets/shop.js')).status).toBe(200);
  });
});
