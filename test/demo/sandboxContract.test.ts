// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, sellingPrice } from '../../demo/sandbox/createCatalogue';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { SANDBOX_API_KEY, SANDBOX_ORG_ID } from '../../demo/sandbox/credentials';
import type { AlgorithmCatalogue, SearchResponse, ServiceDescriptor, ThemeListResponse, WidgetEnvelope } from '../../src/types/interface';
import { sandboxFetch, searchPath, widgetQuery } from './sandboxFetch';

const products = createCatalogue();
const knit = products.find((p) => p.category === 'knitwear')!;

let sb: Sandbox;
let call: ReturnType<typeof sandboxFetch>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vitrine-contract-'));
  sb = await createSandbox({ port: 0, dataDir });
  call = sandboxFetch(sb);
});
afterAll(async () => {
  await sb.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('fixed credentials', () => {
  it('serves the documented org id and key', () => {
    expect(sb.orgId).toBe('6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60');
    expect(sb.apiKey).toBe('vitrine-sandbox-key');
    expect([SANDBOX_ORG_ID, SANDBOX_API_KEY]).toEqual([sb.orgId, sb.apiKey]);
    expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});

describe('GET /api/v1/available_services', () => {
  it('lists the services of a Bearer key with name, description, version and cost', async () => {
    const r = await call<ServiceDescriptor[]>('/api/v1/available_services', { headers: { Authorization: `Bearer ${sb.apiKey}` } });
    expect(r.status).toBe(200);
    expect(r.body.map((s) => s.name)).toEqual(expect.arrayContaining(['search', 'recommendations']));
    for (const s of r.body) {
      expect(s).toEqual({ name: expect.any(String), description: expect.any(String), version: expect.any(String), cost: expect.any(Number) });
    }
  });
  it('refuses a missing or wrong key with 401 and an errMsg', async () => {
    const none = await call('/api/v1/available_services', { headers: {} });
    expect(none.status).toBe(401);
    expect(none.body.errMsg).toMatch(/Authorization/);
    const wrong = await call('/api/v1/available_services', { headers: { Authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errMsg).toMatch(/API key/);
  });
});

describe('authentication of the service endpoints', () => {
  it('answers 401 naming the missing header', async () => {
    const r = await call('/v1/algorithm', { headers: { 'X-Service-orgId': sb.orgId } });
    expect(r.status).toBe(401);
    expect(r.body.errMsg).toMatch(/X-Service-Access-Token/);
    const noOrg = await call('/v1/algorithm', { headers: { 'X-Service-Access-Token': sb.apiKey } });
    expect(noOrg.status).toBe(401);
    expect(noOrg.body.errMsg).toMatch(/X-Service-orgId/);
  });
  it('refuses a wrong key and an org the key does not belong to', async () => {
    expect((await call('/v1/algorithm', { headers: { 'X-Service-Access-Token': 'x', 'X-Service-orgId': sb.orgId } })).status).toBe(401);
    const other = await call('/v1/algorithm', { headers: { 'X-Service-Access-Token': sb.apiKey, 'X-Service-orgId': '00000000-0000-4000-8000-000000000000' } });
    expect(other.status).toBe(401);
  });
  it('reads header names case-insensitively', async () => {
    const r = await call('/v1/algorithm', { headers: { 'x-service-access-token': sb.apiKey, 'X-SERVICE-ORGID': sb.orgId } });
    expect(r.status).toBe(200);
  });
});

describe('CORS', () => {
  it('answers the preflight the custom headers cause, for any origin', async () => {
    const res = await fetch(`${sb.url}/v1/widgetserver/trending`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://shop.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-service-access-token,x-service-orgid,content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const h of ['x-service-access-token', 'x-service-orgid', 'content-type', 'accept']) expect(allowed).toContain(h);
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
  });
  it('puts Access-Control-Allow-Origin on answers and errors alike', async () => {
    expect((await call(`/v1/widgetserver/trending?${widgetQuery(sb)}`)).headers.get('access-control-allow-origin')).toBe('*');
    expect((await call('/v1/algorithm', { headers: {} })).headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('widget fetch endpoints', () => {
  const anchored = { pname: knit.name, sku: knit.sku };
  const paths = [
    'recentviews', 'viewedalsoviewed', 'contentbasedreco', 'custom/boughtcatitemsreco', 'boughtcatitemsreco',
    'custom/boughtalsobought', 'boughtalsobought', 'trendingcategory', 'categoryreco',
    'viewedcatitemsreco', 'trending', 'wishlistreco', 'crosssell', 'inspbybrowsehist',
  ];
  it.each(paths)('%s answers the widget envelope', async (path) => {
    const r = await call<WidgetEnvelope>(`/v1/widgetserver/${path}?${widgetQuery(sb, anchored)}`);
    expect(r.status).toBe(200);
    expect(r.body.errMsg).toBeNull();
    expect(r.body.numberofdocs).toBe(r.body.products.length);
    expect(r.body.widgetType).toEqual(expect.any(String));
    expect(r.body.products.length).toBeLessThanOrEqual(12);
    for (const p of r.body.products) {
      expect(p).toMatchObject({ name: expect.any(String), sku: expect.any(String), smallImage: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/images\/.+\.svg$/), currentPageUrl: expect.stringMatching(/^\/products\//) });
      expect(p.sku).not.toBe(knit.sku);
    }
  });
  it('gives the category based answer its own variant: integer success, numeric prices, no customValues', async () => {
    const r = await call<WidgetEnvelope>(`/v1/widgetserver/categoryreco?${widgetQuery(sb, { sku: knit.sku })}`);
    expect(r.body.success).toBe(0);
    expect(r.body).not.toHaveProperty('customValues');
    expect(r.body.products.length).toBeGreaterThan(0);
    for (const p of r.body.products) expect(typeof p.price).toBe('number');
    const other = await call<WidgetEnvelope>(`/v1/widgetserver/trending?${widgetQuery(sb)}`);
    expect(other.body.success).toBe('0');
    expect(typeof other.body.products[0].price).toBe('string');
  });
  it('sends discountedPrice only for products on sale, and a variant name', async () => {
    const r = await call<WidgetEnvelope>(`/v1/widgetserver/trending?${widgetQuery(sb, { divisionId: 'sale-check' })}`);
    for (const p of r.body.products) {
      const product = products.find((x) => x.sku === p.sku)!;
      expect(p.price).toBe(product.price.toFixed(2));
      expect(p.discountedPrice).toBe(product.salePrice === null ? undefined : product.salePrice.toFixed(2));
      expect(p.variantName).toBe(product.variantName);
    }
  });
  it.each([
    ['recentviews', 'site_uid'],
    ['viewedalsoviewed', 'pname'],
    ['contentbasedreco', 'domain'],
    ['trendingcategory', 'divisionId'],
    ['categoryreco', 'sku'],
    ['custom/boughtalsobought', 'pname'],
    ['trending', 'site_uid'],
  ])('%s without %s answers 400 naming it', async (path, missing) => {
    const params = new URLSearchParams(widgetQuery(sb, { pname: knit.name, sku: knit.sku }));
    params.delete(missing);
    const r = await call(`/v1/widgetserver/${path}?${params}`);
    expect(r.status).toBe(400);
    expect(r.body.errMsg).toContain(missing);
  });
  it('answers 400 when the query orgId is not the header one', async () => {
    const r = await call(`/v1/widgetserver/trending?${widgetQuery(sb, { orgId: 'someone-else' })}`);
    expect(r.status).toBe(400);
    expect(r.body.errMsg).toMatch(/orgId/);
  });
  it('returns an empty envelope for a product it does not know', async () => {
    const r = await call<WidgetEnvelope>(`/v1/widgetserver/viewedalsoviewed?${widgetQuery(sb, { pname: 'No Such Thing' })}`);
    expect(r.status).toBe(200);
    expect(r.body.products).toEqual([]);
  });
  it('learns views from widget requests carrying site_uid and pname, for recent views', async () => {
    const visitor = 'learning-visitor';
    const [a, b] = products.filter((p) => p.category === 'bags');
    await call(`/v1/widgetserver/viewedalsoviewed?${widgetQuery(sb, { site_uid: visitor, pname: a.name })}`);
    await call(`/v1/widgetserver/contentbasedreco?${widgetQuery(sb, { site_uid: visitor, pname: b.name })}`);
    const r = await call<WidgetEnvelope>(`/v1/widgetserver/recentviews?${widgetQuery(sb, { site_uid: visitor })}`);
    expect(r.body.products.map((p) => p.sku)).toEqual([b.sku, a.sku]);
    const onB = await call<WidgetEnvelope>(`/v1/widgetserver/recentviews?${widgetQuery(sb, { site_uid: visitor, pname: b.name })}`);
    expect(onB.body.products.map((p) => p.sku)).toEqual([a.sku]);
  });
  it('records every request for tests', async () => {
    const before = sb.requests.length;
    await call(`/v1/widgetserver/trending?${widgetQuery(sb, { divisionId: 'recorded' })}`);
    const last = sb.requests.slice(before).find((r) => r.query.divisionId === 'recorded')!;
    expect(last).toMatchObject({ method: 'GET', path: '/v1/widgetserver/trending', status: 200 });
    expect(last.headers['x-service-access-token']).toBe(sb.apiKey);
  });
});

describe('search', () => {
  type Search = SearchResponse;
  it('answers on both paths with documents, counts and facets', async () => {
    for (const path of ['/v1/widgetserver/getsearchresult', '/v1/widgetserver/search/result']) {
      const r = await call<Search>(searchPath(sb, { query: 'linen' }, path));
      expect(r.status).toBe(200);
      expect(r.body.Numberofdocs).toBeGreaterThan(0);
      expect(r.body.Docs.length).toBe(Math.min(10, r.body.Numberofdocs));
      for (const d of r.body.Docs) {
        expect(`${d.name} ${d.description}`.toLowerCase()).toContain('linen');
        expect(d).toMatchObject({ sku: expect.any(String), price: expect.any(Number), smallimage: expect.any(String), currentPageUrl: expect.any(String) });
      }
      expect(r.body.facetcount.map((f) => f.repoFieldName)).toEqual(['category_s', 'gender_ss', 'price_d', 'avg_rating_d']);
    }
  });
  it('filters, sorts and counts facets for real', async () => {
    const filter = '(category_s:shirts OR category_s:dresses) AND price_d:[50 TO 120]';
    const r = await call<Search>(searchPath(sb, { filter, sortEntities: 'price_d asc', rows: '100' }));
    const expected = products.filter((p) => ['shirts', 'dresses'].includes(p.category) && sellingPrice(p) >= 50 && sellingPrice(p) <= 120);
    expect(r.body.Numberofdocs).toBe(expected.length);
    const prices = r.body.Docs.map((d) => d.discountedprice ?? d.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const department = r.body.facetcount.find((f) => f.repoFieldName === 'category_s')!;
    // Counts of a facet ignore that facet's own clause: other departments show what choosing them would add.
    const shoes = department.value.find((v) => v.value === 'shoes')!;
    expect(shoes.count).toBe(products.filter((p) => p.category === 'shoes' && sellingPrice(p) >= 50 && sellingPrice(p) <= 120).length);
    const shirts = department.value.find((v) => v.value === 'shirts')!;
    expect(shirts.count).toBe(expected.filter((p) => p.category === 'shirts').length);
  });
  it('reads quoted values with escapes as the client builder writes them', async () => {
    const r = await call<Search>(searchPath(sb, { filter: 'category_s:"knitwear" AND avg_rating_d:[4 TO *]', rows: '100' }));
    expect(r.body.Numberofdocs).toBe(products.filter((p) => p.category === 'knitwear' && p.rating >= 4).length);
  });
  it('pages through results with start and rows', async () => {
    const first = await call<Search>(searchPath(sb, { sortEntities: 'price_d desc', rows: '5' }));
    const second = await call<Search>(searchPath(sb, { sortEntities: 'price_d desc', rows: '5', start: '5' }));
    expect(first.body.Docs).toHaveLength(5);
    expect(first.body.Pagination).toBe(5);
    expect(second.body.Docs.map((d) => d.sku)).not.toContain(first.body.Docs[0].sku);
    expect(first.body.Numberofdocs).toBe(products.length);
  });
  it('accepts the request sample spelling', async () => {
    const request = { orgId: sb.orgId, searchQuery: 'mug', filters: ['category_s:ceramics'], sortEntities: [{ key: 'Price', value: 'price_d asc' }], orgName: 'x', pagination: { start: 0, row: 3 } };
    const r = await call<Search>(`/v1/widgetserver/search/result?request=${encodeURIComponent(JSON.stringify(request))}`);
    expect(r.status).toBe(200);
    expect(r.body.Docs).toHaveLength(3);
    for (const d of r.body.Docs) expect(d.name).toMatch(/Mug/);
    // The ceramics facet group applies when the filter names that department.
    expect(r.body.facetcount.map((f) => f.repoFieldName)).toContain('colour_s');
  });
  it.each([
    [undefined, /request/],
    ['{not json', /JSON/],
    [JSON.stringify({ orgId: SANDBOX_ORG_ID, query: 'x' }), /filter, sortEntities, com, start, rows/],
  ])('answers 400 for a bad request parameter (%s)', async (request, message) => {
    const r = await call(`/v1/widgetserver/getsearchresult${request === undefined ? '' : `?request=${encodeURIComponent(request)}`}`);
    expect(r.status).toBe(400);
    expect(r.body.errMsg).toMatch(message);
  });
  it('answers 400 naming an unknown field or a malformed filter', async () => {
    const unknown = await call(searchPath(sb, { filter: 'shoe_size_i:[40 TO 42]' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errMsg).toContain('shoe_size_i');
    const broken = await call(searchPath(sb, { filter: 'price_d:[ten TO 20]' }));
    expect(broken.status).toBe(400);
    const sort = await call(searchPath(sb, { sortEntities: 'price_d sideways' }));
    expect(sort.status).toBe(400);
    expect(sort.body.errMsg).toMatch(/sortEntities/);
  });
});

describe('GET /v1/theme', () => {
  it('lists three Custom themes that use every placeholder', async () => {
    const r = await call<ThemeListResponse>(`/v1/theme?request=${encodeURIComponent(JSON.stringify({ orgId: sb.orgId }))}`);
    expect(r.status).toBe(200);
    expect(r.body.errMsg).toBeNull();
    const types = r.body.widgetThemes.map((t) => t.displayType);
    expect(types).toEqual(expect.arrayContaining(['carousel', 'matrix', 'bundle']));
    for (const t of r.body.widgetThemes) {
      expect(t.type).toBe('Custom');
      expect(t.orgId).toBe(sb.orgId);
      for (const ph of ['widget_displayName', 'product_currentPageUrl', 'product_imageUrl', 'product_name', 'product_price', 'product_discountedPrice', 'nodiscount_price', 'variant_name']) {
        expect(t.htmlTemplate, `${t.themeId} uses {{${ph}}}`).toContain(`{{${ph}}}`);
      }
      expect(t.themeId).toMatch(/^[a-z][a-z0-9-]*$/);
      // Every rule is scoped under the widget root class the embed adds.
      const selectors = t.cssTemplate!.replace(/\{[^}]*\}/g, '\n').split('\n').map((s) => s.trim()).filter(Boolean);
      const each = selectors.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
      expect(each.length).toBeGreaterThan(5);
      for (const selector of each) expect(selector, t.themeId).toMatch(new RegExp(`^\\.vitrine-theme--${t.themeId}(\\s|$)`));
    }
    const carousel = r.body.widgetThemes.find((t) => t.displayType === 'carousel')!;
    const grid = r.body.widgetThemes.find((t) => t.displayType === 'matrix')!;
    expect(carousel.htmlTemplate).not.toContain('{{#products}}');
    expect(grid.htmlTemplate).toContain('{{#products}}');
    expect(r.body.widgetThemes.some((t) => t.jsTemplate?.includes('root.dataset.themeScript'))).toBe(true);
  });
  it('answers 400 without the request parameter', async () => {
    const r = await call('/v1/theme');
    expect(r.status).toBe(400);
    expect(r.body.errMsg).toMatch(/request/);
  });
});

describe('GET /v1/algorithm', () => {
  it('answers the catalogue table of interface.md', async () => {
    const r = await call<AlgorithmCatalogue>('/v1/algorithm');
    expect(r.status).toBe(200);
    expect(r.body.errMsg).toBeNull();
    expect(r.body.widgets.map((w) => w.name)).toEqual([
      'categoryreco', 'contentbasedreco', 'recentviews', 'trendingincategory', 'trending', 'wishlistreco',
      'crosssell', 'boughtcatitemsreco', 'viewedcatitemsreco', 'boughtalsobought', 'inspbybrowsehist', 'viewedalsoviewed',
    ]);
    const recent = r.body.widgets.find((w) => w.name === 'recentviews')!;
    expect(recent.displayName).toBe('Recent Views');
    expect(recent.recommendedPages).toEqual(['home_page', 'product_page', 'cart_page']);
    expect(r.body.pages.map((p) => [p.name, p.pageType])).toEqual([
      ['product_page', 'PDP'], ['home_page', 'Index'], ['order_page', 'order'], ['collection_page', 'Collection'],
      ['cart_page', 'Cart'], ['ajax_cart_page', 'AJAX Cart'], ['blogs_articles_page', 'Blog'], ['404_page', '404'],
    ]);
  });
});

describe('widget configuration', () => {
  const base = {
    id: 'w-1', name: 'Home picks', divisionId: 'home-picks', orgId: SANDBOX_ORG_ID, orgName: 'Maison Vitrine',
    algoName: 'Trending Items', widgetShowType: 'carousel', displayTitle: 'Handpicked for you', maxProducts: 5,
    themeId: 'maison-carousel', pageId: 'home_page',
  };
  it('stores a widget and the fetch endpoints honour it for that divisionId', async () => {
    const update = await call<{ errMsg: null; uid: string }>('/v1/widget/custom/update', {
      body: { ...base, excludeRules: JSON.stringify({ rules: [], categoryPlacements: [{ category: 'knitwear' }] }) },
    });
    expect(update.status).toBe(200);
    expect(update.body).toEqual({ errMsg: null, uid: 'w-1' });
    const r = await call<WidgetEnvelope>(`/v1/widgetserver/trending?${widgetQuery(sb, { divisionId: 'home-picks' })}`);
    expect(r.body.widgetName).toBe('Handpicked for you');
    expect(r.body.products).toHaveLength(5);
    expect(r.body.products.every((p) => !p.sku.startsWith('MV-KNI'))).toBe(true);
    expect(r.body.customValues).toMatchObject({ themeId: 'maison-carousel' });
    const elsewhere = await call<WidgetEnvelope>(`/v1/widgetserver/trending?${widgetQuery(sb, { divisionId: 'another-slot' })}`);
    expect(elsewhere.body.widgetName).toBeNull();
    expect(elsewhere.body.products).toHaveLength(12);
  });
  it('applies include rules and pinned products', async () => {
    await call('/v1/widget/custom/update', {
      body: { ...base, id: 'w-2', name: 'Cheap candles', divisionId: 'cheap-candles', maxProducts: 4,
        includeRules: { categoryPlacements: [{ category: 'Candles' }], rules: [{ field: 'price', operator: '<', value: 40 }], productPlacements: [{ sku: 'MV-BAG-001', position: 0 }] } },
    });
    const r = await call<WidgetEnvelope>(`/v1/widgetserver/trending?${widgetQuery(sb, { divisionId: 'cheap-candles' })}`);
    expect(r.body.products[0].sku).toBe('MV-BAG-001');
    for (const p of r.body.products.slice(1)) {
      const product = products.find((x) => x.sku === p.sku)!;
      expect(product.category).toBe('candles');
      expect(sellingPrice(product)).toBeLessThan(40);
    }
  });
  it('uses a bundled product placement for crosssell when its anchor matches', async () => {
    const [a, b] = products.filter((p) => p.category === 'accessories');
    const placement = { customValues: {}, name: 'Winter set', anchorProname: knit.name, id: 'b-1', show: true, bundledProducts: [
      { index: 0, date: '', endDate: '', date1: '', date2: '', id: 'x', name: a.name, proName: a.name, duration: { startDate: '2020-01-01T00:00:00Z', endDate: '2099-01-01T00:00:00Z' }, showLabel: true, proId: a.id, $$hashKey: 'h1' },
      { index: 1, date: '', endDate: '', date1: '', date2: '', id: 'y', name: b.name, proName: b.name, duration: { startDate: '2020-01-01T00:00:00Z', endDate: '2099-01-01T00:00:00Z' }, showLabel: true, proId: b.id, $$hashKey: 'h2' },
      { index: 2, date: '', endDate: '', date1: '', date2: '', id: 'z', name: 'Expired', proName: knit.name, duration: { startDate: '2020-01-01T00:00:00Z', endDate: '2020-02-01T00:00:00Z' }, showLabel: true, proId: 0, $$hashKey: 'h3' },
    ] };
    await call('/v1/widget/custom/update', { body: { ...base, id: 'w-3', name: 'Bundle', divisionId: 'pdp-bundle', widgetShowType: 'bundle', themeId: 'maison-bundle', pageId: 'product_page', includeRules: { bundledProductPlacements: [placement] } } });
    const r = await call<WidgetEnvelope>(`/v1/widgetserver/crosssell?${widgetQuery(sb, { divisionId: 'pdp-bundle', pname: knit.name })}`);
    expect(r.body.products.map((p) => p.sku)).toEqual([a.sku, b.sku]);
    expect((r.body.customValues?.anchor as { sku: string }).sku).toBe(knit.sku);
    const other = products.find((p) => p.category === 'shoes')!;
    const computed = await call<WidgetEnvelope>(`/v1/widgetserver/crosssell?${widgetQuery(sb, { divisionId: 'pdp-bundle', pname: other.name })}`);
    expect(computed.body.products.length).toBeGreaterThanOrEqual(2);
    expect(computed.body.products.length).toBeLessThanOrEqual(3);
  });
  it('answers 400 naming missing fields, bad rules and duplicate names', async () => {
    const missing = await call('/v1/widget/custom/update', { body: { ...base, displayTitle: undefined, maxProducts: undefined } });
    expect(missing.status).toBe(400);
    expect(missing.body.errMsg).toMatch(/displayTitle, maxProducts/);
    const rules = await call('/v1/widget/custom/update', { body: { ...base, excludeRules: '{oops' } });
    expect(rules.status).toBe(400);
    expect(rules.body.errMsg).toMatch(/excludeRules/);
    const dup = await call('/v1/widget/custom/update', { body: { ...base, id: 'w-9', divisionId: 'somewhere-else' } });
    expect(dup.status).toBe(400);
    expect(dup.body.errMsg).toMatch(/name "Home picks" is already used/);
    const notJson = await call('/v1/widget/custom/update', { body: 'nope' });
    expect(notJson.status).toBe(400);
  });
});

describe('search configuration', () => {
  it('creates a configuration that search applies (page size, sort options, facets)', async () => {
    const request = encodeURIComponent(JSON.stringify({ orgId: sb.orgId }));
    const created = await call<Record<string, unknown>>(`/v1/conf/search?request=${request}`, {
      body: {
        orgId: sb.orgId, paginationCount: 7,
        facetList: [{ category: 'default', facets: [{ displayType: 'multiselect', type: 'categorical', repoFieldName: 'colour_s', displayName: 'Colour', value: [], operator: '=' }] }],
        sortEntity: { sortEntities: [{ key: 'Cheapest', value: 'price_d asc', type: null }] },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ errMsg: null, docType: 'searchconf', paginationCount: 7 });
    const r = await call<SearchResponse>(searchPath(sb, { rows: '' }));
    expect(r.body.Docs).toHaveLength(7);
    expect(r.body.Pagination).toBe(7);
    expect(r.body.SearchEntities).toEqual([{ key: 'Cheapest', value: 'price_d asc' }]);
    expect(r.body.facetcount.map((f) => f.repoFieldName)).toEqual(['colour_s']);
    const total = r.body.facetcount[0].value.reduce((n, v) => n + v.count, 0);
    expect(total).toBe(products.length);
  });
  it('updates with the categoryReplaced form', async () => {
    const r = await call<{ facetList: { category: string }[] }>('/v1/conf/search/update', {
      body: { orgId: sb.orgId, facetList: [{ categoryReplaced: 'default', facets: [{ displayType: 'radio', type: 'numeric', repoFieldName: 'price_d', repoFieldDisplayName: 'Price', displayName: 'Price', operator: '[*TO*]', value: [{ index: 0, alias: null, name: 'Under 30', value: '[0 TO 30]' }] }] }] },
    });
    expect(r.status).toBe(200);
    expect(r.body.facetList[0].category).toBe('default');
    const s = await call<SearchResponse>(searchPath(sb, {}));
    expect(s.body.facetcount[0].value[0]).toMatchObject({ name: 'Under 30', value: '[0 TO 30]', count: products.filter((p) => sellingPrice(p) <= 30).length });
    expect(s.body.Pagination).toBe(10);
  });
  it('answers 400 for an unknown field or a missing orgId', async () => {
    const bad = await call('/v1/conf/search/update', { body: { orgId: sb.orgId, searchableFields: [{ repoFieldName: 'nope_t', displayName: 'x', order: 1, orderBy: null }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errMsg).toMatch(/searchableFields\[0\]/);
    const noOrg = await call('/v1/conf/search/update', { body: { facetList: [] } });
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.errMsg).toMatch(/orgId/);
    const noRequest = await call('/v1/conf/search', { body: {} });
    expect(noRequest.status).toBe(400);
    expect(noRequest.body.errMsg).toMatch(/request/);
  });
});

describe('images and unknown paths', () => {
  it('draws a deterministic SVG per sku', async () => {
    const a = await fetch(`${sb.url}/images/${knit.sku}.svg`);
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await a.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain(knit.colourHex);
    expect(await (await fetch(`${sb.url}/images/${knit.sku}.svg`)).text()).toBe(svg);
    expect((await fetch(`${sb.url}/images/nope.svg`)).status).toBe(404);
  });
  it('answers 404 and 405 with an errMsg', async () => {
    const unknown = await call('/v1/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errMsg).toMatch(/No such endpoint/);
    const method = await call('/v1/algorithm', { method: 'POST', body: {} });
    expect(method.status).toBe(405);
  });
});

describe('credit quota', () => {
  it('answers 403 once the budget is spent, and the catalogue lists no service', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-quota-'));
    const small = await createSandbox({ port: 0, dataDir: dir, quota: 3 });
    try {
      const q = sandboxFetch(small);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await q(`/v1/widgetserver/trending?${widgetQuery(small)}`)).status);
      expect(statuses).toEqual([200, 200, 200, 403]);
      const refused = await q(searchPath(small, {}));
      expect(refused.status).toBe(403);
      expect(refused.body.errMsg).toMatch(/quota/i);
      const services = await q('/api/v1/available_services', { headers: { Authorization: `Bearer ${small.apiKey}` } });
      expect(services.status).toBe(400);
      expect(services.statusText).toBe('Not Acceptable');
      expect(services.body.errMsg).toMatch(/No service is active/);
    } finally {
      await small.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('does not charge requests refused as malformed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-quota-'));
    const small = await createSandbox({ port: 0, dataDir: dir, quota: 1 });
    try {
      const q = sandboxFetch(small);
      expect((await q('/v1/widgetserver/trending?divisionId=x')).status).toBe(400);
      expect((await q(`/v1/widgetserver/trending?${widgetQuery(small)}`)).status).toBe(200);
    } finally {
      await small.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('latency', () => {
  it('delays every API answer by latencyMs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-latency-'));
    const slow = await createSandbox({ port: 0, dataDir: dir, latencyMs: 150 });
    try {
      const started = performance.now();
      expect((await sandboxFetch(slow)('/v1/algorithm')).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    } finally {
      await slow.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
