// @vitest-environment node
// The typed client against the project's sandbox service: every endpoint answers in a
// shape the client accepts, and the filter and sort strings the builder writes mean to
// the sandbox what they mean to the client (counts agree with the facet counts).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../demo/sandbox/createSandbox';
import { createClient, type Client } from '../../../src/client/createClient';
import { buildSearchRequest, type SearchParams } from '../../../src/client/buildSearchRequest';
import { SEARCH_SAMPLE_PATH } from '../../../src/client/searchPaths';
import type { ApiError } from '../../../src/core/api/apiError';
import type { AlgorithmName, SearchResponse } from '../../../src/types/interface';

let sandbox: Sandbox;
let client: Client;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vitrine-client-'));
  sandbox = await createSandbox({ port: 0, dataDir });
  client = createClient({ baseUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const search = (params: Omit<SearchParams, 'orgId'>, spelling: 'table' | 'sample' = 'table', path?: string) =>
  client.search(buildSearchRequest({ orgId: sandbox.orgId, pageSize: 0, ...params }, spelling), path ? { path } : {});

const facetCount = (answer: SearchResponse, field: string, value: string) =>
  answer.facetcount.find((f) => f.repoFieldName === field)!.value.find((v) => v.value === value)!.count;

describe('client against the sandbox', () => {
  it('reads the service catalogue, algorithm catalogue and themes', async () => {
    expect((await client.availableServices()).map((s) => s.name)).toContain('search');
    const catalogue = await client.algorithms();
    expect(catalogue.widgets).toHaveLength(12);
    expect(catalogue.pages.map((p) => p.name)).toContain('product_page');
    expect((await client.themes()).widgetThemes.length).toBeGreaterThanOrEqual(3);
  });

  it('filters by one category, two categories (OR) and a price range, counts agreeing with facetcount', async () => {
    const all = await search({ query: '' });
    const shirts = facetCount(all, 'category_s', 'shirts');
    const candles = facetCount(all, 'category_s', 'candles');
    expect(shirts).toBeGreaterThan(0);
    expect((await search({ query: '', filters: { category_s: ['shirts'] } })).Numberofdocs).toBe(shirts);
    expect((await search({ query: '', filters: { category_s: ['shirts', 'candles'] } })).Numberofdocs).toBe(shirts + candles);
    const priceFacet = all.facetcount.find((f) => f.repoFieldName === 'price_d')!;
    for (const range of priceFacet.value) {
      expect((await search({ query: '', filters: { price_d: [range.value] } })).Numberofdocs).toBe(range.count);
    }
    // Both fields ANDed: the department's own count of that price range.
    const withShirts = await search({ query: '', filters: { category_s: ['shirts'] } });
    const range = priceFacet.value[1].value;
    expect((await search({ query: '', filters: { category_s: ['shirts'], price_d: [range] } })).Numberofdocs).toBe(
      facetCount(withShirts, 'price_d', range),
    );
  });

  it('accepts quoted values and open-ended ranges', async () => {
    const all = await search({ query: '' });
    const ink = (await search({ query: '', filters: { colour_s: ['Ink'] } })).Numberofdocs;
    expect(ink).toBeGreaterThan(0);
    // "No such colour" has spaces, so it is quoted; ORed with Ink it adds nothing.
    expect((await search({ query: '', filters: { colour_s: ['Ink', 'No such colour'] } })).Numberofdocs).toBe(ink);
    const rated = (await search({ query: '', filters: { avg_rating_d: ['[4 TO *]'] } })).Numberofdocs;
    expect(rated).toBe(facetCount(all, 'avg_rating_d', '[4 TO *]'));
  });

  it('sorts and pages the way the builder asks', async () => {
    const cheapFirst = await search({ query: '', sort: ['price_d asc'], pageSize: 20 });
    const paid = cheapFirst.Docs.map((d) => d.discountedprice ?? d.price);
    expect(paid).toEqual([...paid].sort((a, b) => a - b));
    const pageTwo = await search({ query: '', sort: ['price_d asc'], pageSize: 10, page: 2 });
    expect(pageTwo.Docs.map((d) => d.sku)).toEqual(cheapFirst.Docs.slice(10, 20).map((d) => d.sku));
    // pageSize 0: the configuration's paginationCount, reported in Pagination.
    expect((await search({ query: '' })).Pagination).toBeGreaterThan(0);
  });

  it('gives the same answer for both spellings on both paths', async () => {
    const params = { query: 'linen', filters: { category_s: ['shirts'] }, sort: ['price_d desc'], pageSize: 5, page: 2 };
    const table = await search(params, 'table');
    const sample = await search(params, 'sample', SEARCH_SAMPLE_PATH);
    expect(sample).toEqual(table);
    expect(table.Docs).toHaveLength(5);
  });

  it('fetches every widget algorithm', async () => {
    const product = (await search({ query: 'linen' })).Docs[0];
    const algorithms: AlgorithmName[] = [
      'recentviews', 'viewedalsoviewed', 'contentbasedreco', 'boughtcatitemsreco', 'boughtalsobought', 'trendingincategory',
      'categoryreco', 'viewedcatitemsreco', 'trending', 'wishlistreco', 'crosssell', 'inspbybrowsehist',
    ];
    for (const algorithm of algorithms) {
      const envelope = await client.widget(algorithm, {
        divisionId: 'contract-' + algorithm,
        site_uid: 'contract-visitor',
        domain: 'shop.test',
        pname: product.name,
        sku: product.sku,
      });
      expect(envelope.errMsg, algorithm).toBeNull();
      expect(envelope.products.every((p) => p.sku !== product.sku || algorithm === 'recentviews'), algorithm).toBe(true);
    }
  });

  it('stores a search configuration (create, then update in the categoryReplaced form)', async () => {
    const conf = {
      errMsg: null, orgId: sandbox.orgId, docType: 'searchconf', spellcheck: false, includeWidgets: ['siteRecentView'],
      facetList: [{ category: 'default', facets: [{ displayType: 'multiselect', type: 'categorical', repoFieldName: 'category_s', displayName: 'Department', operator: '=', value: [] }] }],
      paginationCount: 7,
      searchableFields: [{ repoFieldName: 'namel_t', displayName: 'Name', order: 1, orderBy: null }],
      searchSynonym: null,
      sortEntity: { sortEntities: [{ key: 'Cheapest', value: 'price_d asc', type: null }] },
      indexLang: 'en', queryLang: 'en', personalization: false, reranking: false, synonym: false, stopWords: true,
    };
    expect((await client.createSearchConfiguration(conf)).errMsg).toBeNull();
    let answer = await search({ query: '' });
    expect(answer.Pagination).toBe(7);
    expect(answer.SearchEntities).toEqual([{ key: 'Cheapest', value: 'price_d asc' }]);
    expect((await client.updateSearchConfiguration({ ...conf, paginationCount: 9 })).errMsg).toBeNull();
    answer = await search({ query: '' });
    expect(answer.Pagination).toBe(9);
  });

  it('updates a widget, and the widget endpoint honours it', async () => {
    const result = await client.updateWidget({
      id: 'contract-widget', name: 'Contract widget', divisionId: 'contract-trending', orgId: sandbox.orgId, orgName: 'Maison Vitrine',
      algoName: 'Trending Items', widgetShowType: 'matrix', displayTitle: 'Trending now', maxProducts: 3, themeId: 'maison-grid', pageId: 'home_page',
    });
    expect(result.errMsg).toBeNull();
    expect(result.uid).toBeTruthy();
    const envelope = await client.widget('trending', { divisionId: 'contract-trending', site_uid: 'v', domain: 'shop.test' });
    expect(envelope.widgetName).toBe('Trending now');
    expect(envelope.products.length).toBeLessThanOrEqual(3);
  });

  it('turns a missing parameter into a request error and a spent quota into a quota error', async () => {
    const bad = createClient({ baseUrl: sandbox.url, orgId: sandbox.orgId, apiKey: 'wrong-key' });
    const refused = (await bad.algorithms().catch((e: unknown) => e)) as ApiError;
    expect(refused.kind).toBe('request');
    expect(refused.errMsg).toBeTruthy();
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-quota-'));
    const poor = await createSandbox({ port: 0, dataDir: dir, quota: 1 });
    try {
      const c = createClient({ baseUrl: poor.url, orgId: poor.orgId, apiKey: poor.apiKey });
      await c.search(buildSearchRequest({ orgId: poor.orgId, query: '' }, 'table'));
      const spent = (await c.search(buildSearchRequest({ orgId: poor.orgId, query: '' }, 'table')).catch((e: unknown) => e)) as ApiError;
      expect(spent.kind).toBe('quota');
      expect(spent.status).toBe(403);
    } finally {
      await poor.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // The artifact storefront developers import: built by `node build.mjs`.
  const built = resolve('dist/client.mjs');
  it.skipIf(!existsSync(built))('the built dist/client.mjs runs in Node with its global fetch', async () => {
    const dist = (await import(pathToFileURL(built).href)) as typeof import('../../../src/client/index');
    const c = dist.createClient({ baseUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey });
    const answer = await c.search(dist.buildSearchRequest({ orgId: sandbox.orgId, query: 'linen', filters: { category_s: ['shirts'] } }, 'table'));
    expect(answer.Numberofdocs).toBe((await search({ query: 'linen', filters: { category_s: ['shirts'] } })).Numberofdocs);
    expect(dist.parseFilter(dist.formatFilter({ a: ['x y'] }))).toEqual({ a: ['x y'] });
  });
});
