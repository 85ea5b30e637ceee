// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/client/createClient';
import { buildSearchRequest } from '../../../src/client/buildSearchRequest';
import type { ApiError } from '../../../src/core/api/apiError';
import type { AlgorithmName, SearchConfiguration, WidgetConfiguration } from '../../../src/types/interface';

const orgId = '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60';
const apiKey = 'test-key';

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Answer {
  status?: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

// A tiny real HTTP server: each test queues the answers it wants and reads what arrived.
let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let answers: Answer[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      });
      const a = answers.shift() ?? { body: { errMsg: null } };
      setTimeout(() => {
        res.writeHead(a.status ?? 200, { 'Content-Type': 'application/json', ...a.headers });
        res.end(a.raw ?? JSON.stringify(a.body));
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answers = [];
});

const client = () => createClient({ baseUrl, orgId, apiKey });
const envelope = (extra: Record<string, unknown> = {}) => ({
  errMsg: null,
  numberofdocs: 1,
  success: '0',
  widgetType: 'recentviews',
  widgetName: 'Recently viewed',
  products: [{ name: 'Linen shirt', sku: 'SKU-1', price: '49.00', smallImage: '/i/1.svg', currentPageUrl: '/products/linen-shirt' }],
  customValues: {},
  ...extra,
});

function expectServiceHeaders(h: IncomingHttpHeaders) {
  expect(h.accept).toBe('application/json');
  expect(h['content-type']).toBe('application/json');
  expect(h['x-service-access-token']).toBe(apiKey);
  expect(h['x-service-orgid']).toBe(orgId);
  expect(h.authorization).toBeUndefined();
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a failure');
}

describe('createClient endpoints', () => {
  it('availableServices: Bearer key, array of service descriptors', async () => {
    answers.push({ body: [{ name: 'search', description: 'Product search', version: '2.1', cost: 1 }] });
    const services = await client().availableServices();
    expect(services).toEqual([{ name: 'search', description: 'Product search', version: '2.1', cost: 1 }]);
    expect(seen[0].path).toBe('/api/v1/available_services');
    expect(seen[0].headers.authorization).toBe('Bearer ' + apiKey);
    expect(seen[0].headers['x-service-access-token']).toBeUndefined();
  });

  it('availableServices: 400 when no service is active is a request error with errMsg', async () => {
    answers.push({ status: 400, body: { errMsg: 'No active service' } });
    const error = await failure(client().availableServices());
    expect(error.kind).toBe('request');
    expect(error.status).toBe(400);
    expect(error.errMsg).toBe('No active service');
    expect(seen).toHaveLength(1);
  });

  const searchAnswer = {
    Numberofdocs: 31,
    Pagination: 12,
    SearchEntities: [{ key: 'Price: low to high', value: 'price_d asc' }],
    Docs: [
      { name: 'Linen shirt', sku: 'S1', price: 49, discountedprice: null, smallimage: '/i/s1.svg', currentPageUrl: '/p/s1', description: 'Soft' },
      { name: 'Wool coat', sku: 'S2', price: '189.5', discountedprice: 150, smallimage: '/i/s2.svg', currentPageUrl: '/p/s2', description: 'Warm' },
    ],
    facetcount: [
      {
        type: 'categorical',
        repoFieldName: 'gender_ss',
        displayName: 'Gender',
        displayType: 'multiselect',
        value: [{ index: 0, name: 'Women', value: 'women', operator: '=', count: 20 }],
      },
    ],
  };

  it('search: table spelling on the table path, the request as JSON in `request`', async () => {
    answers.push({ body: searchAnswer });
    const request = buildSearchRequest(
      { orgId, query: 'shirt', filters: { gender_ss: ['women'] }, sort: ['price_d asc'], page: 2, pageSize: 12 },
      'table',
    );
    const result = await client().search(request);
    expect(seen[0].method).toBe('GET');
    expect(seen[0].path).toBe('/v1/widgetserver/getsearchresult');
    expect(JSON.parse(seen[0].query.request)).toEqual({
      orgId,
      query: 'shirt',
      filter: 'gender_ss:women',
      sortEntities: 'price_d asc',
      com: '',
      start: '12',
      rows: '12',
    });
    expectServiceHeaders(seen[0].headers);
    expect(result.Numberofdocs).toBe(31);
    // A numeric string price is read as the number interface.md promises.
    expect(result.Docs[1].price).toBe(189.5);
    expect(result.facetcount[0].value[0].count).toBe(20);
  });

  it('search: sample spelling on the sample path', async () => {
    answers.push({ body: searchAnswer });
    const request = buildSearchRequest({ orgId, query: 'coat', page: 1, pageSize: 6 }, 'sample');
    await client().search(request, { path: '/v1/widgetserver/search/result' });
    expect(seen[0].path).toBe('/v1/widgetserver/search/result');
    expect(JSON.parse(seen[0].query.request)).toEqual({
      orgId,
      searchQuery: 'coat',
      filters: [],
      sortEntities: [],
      orgName: '',
      pagination: { start: 0, row: 6 },
    });
  });

  it('search: a client built with searchPath uses it by default', async () => {
    answers.push({ body: searchAnswer });
    await createClient({ baseUrl, orgId, apiKey, searchPath: '/v1/widgetserver/search/result' }).search(
      buildSearchRequest({ orgId, query: 'x' }, 'table'),
    );
    expect(seen[0].path).toBe('/v1/widgetserver/search/result');
  });

  // Expectations written from interface.md's endpoint table (and DESIGN.md for the five
  // paths the interface does not show).
  const widgetTable: [AlgorithmName, string, string[]][] = [
    ['recentviews', '/v1/widgetserver/recentviews', ['divisionId', 'site_uid', 'orgId', 'domain']],
    ['viewedalsoviewed', '/v1/widgetserver/viewedalsoviewed', ['divisionId', 'orgId', 'site_uid', 'domain', 'pname']],
    ['contentbasedreco', '/v1/widgetserver/contentbasedreco', ['divisionId', 'orgId', 'domain', 'pname']],
    ['boughtcatitemsreco', '/v1/widgetserver/custom/boughtcatitemsreco', ['divisionId', 'orgId', 'site_uid', 'domain']],
    ['boughtalsobought', '/v1/widgetserver/custom/boughtalsobought', ['divisionId', 'orgId', 'site_uid', 'domain', 'pname']],
    ['trendingincategory', '/v1/widgetserver/trendingcategory', ['divisionId', 'orgId', 'pname']],
    ['categoryreco', '/v1/widgetserver/categoryreco', ['divisionId', 'orgId', 'domain', 'sku']],
    ['viewedcatitemsreco', '/v1/widgetserver/viewedcatitemsreco', ['divisionId', 'orgId', 'site_uid', 'domain']],
    ['trending', '/v1/widgetserver/trending', ['divisionId', 'orgId', 'site_uid', 'domain']],
    ['wishlistreco', '/v1/widgetserver/wishlistreco', ['divisionId', 'orgId', 'site_uid', 'domain']],
    ['crosssell', '/v1/widgetserver/crosssell', ['divisionId', 'orgId', 'site_uid', 'domain']],
    ['inspbybrowsehist', '/v1/widgetserver/inspbybrowsehist', ['divisionId', 'orgId', 'site_uid', 'domain']],
  ];
  const values: Record<string, string> = {
    divisionId: 'slot-1',
    site_uid: 'visitor-9',
    orgId,
    domain: 'shop.example',
    pname: 'Linen shirt',
    sku: 'SKU-1',
  };

  it.each(widgetTable)('widget %s: path %s with exactly its required parameters', async (algorithm, path, params) => {
    answers.push({ body: envelope({ widgetType: algorithm }) });
    const onlyRequired = Object.fromEntries(params.filter((p) => p !== 'orgId').map((p) => [p, values[p]]));
    const result = await client().widget(algorithm, onlyRequired as { divisionId: string });
    expect(seen[0].path).toBe(path);
    expect(Object.keys(seen[0].query).sort()).toEqual([...params].sort());
    for (const p of params) expect(seen[0].query[p]).toBe(values[p]);
    expectServiceHeaders(seen[0].headers);
    expect(result.products[0].sku).toBe('SKU-1');
  });

  it('widget: the five unshown endpoints also carry pname and sku when known', async () => {
    answers.push({ body: envelope() });
    await client().widget('trending', values as { divisionId: string });
    expect(seen[0].query).toMatchObject({ pname: 'Linen shirt', sku: 'SKU-1' });
  });

  it('widget: a missing required parameter fails before any call, naming it', async () => {
    const error = await failure(client().widget('viewedalsoviewed', { divisionId: 'd', site_uid: 'v', domain: 'x' }));
    expect(error.kind).toBe('request');
    expect(error.message).toMatch(/required parameter pname is missing/);
    expect(seen).toHaveLength(0);
  });

  it('widget: tolerates success 0, numeric price, absent customValues and null widgetName', async () => {
    answers.push({
      body: {
        errMsg: null,
        numberofdocs: 1,
        success: 0,
        widgetType: 'Category Based Recommendation',
        widgetName: null,
        products: [{ name: 'Wool coat', sku: 'C1', price: 189.5, smallImage: '/c1.svg', currentPageUrl: '/p/c1' }],
      },
    });
    const result = await client().widget('categoryreco', { divisionId: 'd', domain: 'x', sku: 'C1' });
    expect(result.success).toBe(0);
    expect(result.widgetName).toBeNull();
    expect(result.customValues).toBeUndefined();
    expect(result.products[0].price).toBe(189.5);
  });

  it('widget: a path override per algorithm', async () => {
    answers.push({ body: envelope() });
    await createClient({ baseUrl, orgId, apiKey, endpoints: { trending: '/v2/trending' } }).widget('trending', {
      divisionId: 'd',
      site_uid: 'v',
      domain: 'x',
    });
    expect(seen[0].path).toBe('/v2/trending');
  });

  it('themes: orgId in the `request` JSON, themes validated', async () => {
    answers.push({
      body: {
        errMsg: null,
        widgetThemes: [
          {
            id: 't1', orgId, orgName: 'Maison', htmlTemplate: '<a>{{product_name}}</a>', name: 'Card', type: 'Custom',
            displayType: 'carousel', payload: null, description: null, themeId: 'maison-carousel', divisionId: null,
            jsTemplate: null, cssTemplate: '.x{}',
          },
        ],
      },
    });
    const result = await client().themes();
    expect(seen[0].path).toBe('/v1/theme');
    expect(JSON.parse(seen[0].query.request)).toEqual({ orgId });
    expectServiceHeaders(seen[0].headers);
    expect(result.widgetThemes[0].themeId).toBe('maison-carousel');
  });

  const conf: SearchConfiguration = {
    errMsg: null,
    orgId,
    docType: 'searchconf',
    spellcheck: true,
    includeWidgets: ['siteRecentView'],
    facetList: [
      {
        category: 'default',
        facets: [
          {
            displayType: 'multiselect', type: 'categorical', repoFieldName: 'gender_ss', displayName: 'Gender',
            value: [{ index: 0, alias: null, name: 'Women', value: 'women' }], operator: '=',
          },
        ],
      },
    ],
    paginationCount: 24,
    searchableFields: [{ repoFieldName: 'namel_t', displayName: 'Name', order: 1, orderBy: null }],
    searchSynonym: null,
    sortEntity: { sortEntities: [{ key: 'Price', value: 'price_d asc', type: null }] },
    indexLang: 'en',
    queryLang: 'en',
    personalization: false,
    reranking: false,
    synonym: false,
    stopWords: true,
  };

  it('createSearchConfiguration: POST with orgId in `request` and the configuration as body', async () => {
    answers.push({ body: { errMsg: null, id: 'conf-1' } });
    const result = await client().createSearchConfiguration(conf);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].path).toBe('/v1/conf/search');
    expect(JSON.parse(seen[0].query.request)).toEqual({ orgId });
    expect(JSON.parse(seen[0].body)).toEqual(conf);
    expectServiceHeaders(seen[0].headers);
    expect(result).toEqual({ errMsg: null, id: 'conf-1' });
  });

  it('updateSearchConfiguration: POST where groups name categoryReplaced', async () => {
    answers.push({ body: { errMsg: null } });
    await client().updateSearchConfiguration(conf);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].path).toBe('/v1/conf/search/update');
    const body = JSON.parse(seen[0].body);
    expect(body.orgId).toBe(orgId);
    expect(body.facetList[0].categoryReplaced).toBe('default');
    expect(body.facetList[0].category).toBeUndefined();
    expect(body.paginationCount).toBe(24);
  });

  it('updateWidget: POST the widget configuration, read {errMsg, uid}', async () => {
    const widget: WidgetConfiguration = {
      id: 'w1', name: 'PDP also viewed', divisionId: 'pdp-also-viewed', orgId, orgName: 'Maison',
      algoName: 'Viewed Also Viewed', widgetShowType: 'carousel', displayTitle: 'Customers also viewed',
      maxProducts: 8, themeId: 'maison-carousel', pageId: 'product_page',
    };
    answers.push({ body: { errMsg: null, uid: 'w1' } });
    const result = await client().updateWidget(widget);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].path).toBe('/v1/widget/custom/update');
    expect(JSON.parse(seen[0].body)).toEqual(widget);
    expect(result).toEqual({ errMsg: null, uid: 'w1' });
  });

  it('algorithms: the algorithm and page catalogue', async () => {
    answers.push({
      body: {
        errMsg: null,
        widgets: [{ displayName: 'Recent Views', name: 'recentviews', type: 'custom', description: 'd', pages: ['home_page'], recommendedPages: ['home_page'] }],
        pages: [{ displayName: 'Home', name: 'home_page', pageType: 'Index', description: '' }],
      },
    });
    const result = await client().algorithms();
    expect(seen[0].path).toBe('/v1/algorithm');
    expect(seen[0].query).toEqual({});
    expect(result.widgets[0].name).toBe('recentviews');
    expect(result.pages[0].pageType).toBe('Index');
  });
});

describe('createClient errors', () => {
  it('403 is a quota error and stops every later call of that client', async () => {
    const c = client();
    answers.push({ status: 403, body: { errMsg: 'Credit quota exceeded' } });
    const first = await failure(c.algorithms());
    expect(first.kind).toBe('quota');
    expect(first.status).toBe(403);
    expect(first.errMsg).toBe('Credit quota exceeded');
    const second = await failure(c.themes());
    expect(second.kind).toBe('quota');
    expect(seen).toHaveLength(1);
  });

  it('429 is a rate error, not retried', async () => {
    answers.push({ status: 429, headers: { 'Retry-After': '30' }, body: { errMsg: 'slow down' } });
    const error = await failure(client().algorithms());
    expect(error.kind).toBe('rate');
    expect(seen).toHaveLength(1);
  });

  it('5xx is a server error after one retry', async () => {
    answers.push({ status: 500, body: { errMsg: 'boom' } }, { status: 502, raw: 'Bad gateway' });
    const error = await failure(client().algorithms());
    expect(error.kind).toBe('server');
    expect(error.status).toBe(502);
    expect(seen).toHaveLength(2);
  });

  it('400 with errMsg is a request error with that errMsg, not retried', async () => {
    answers.push({ status: 400, body: { errMsg: 'request is missing' } });
    const error = await failure(client().themes());
    expect(error).toMatchObject({ kind: 'request', status: 400, errMsg: 'request is missing' });
    expect(seen).toHaveLength(1);
  });

  it('a 200 that is not JSON (a proxy page) is a parse error', async () => {
    answers.push({ raw: '<html>maintenance</html>' });
    expect((await failure(client().algorithms())).kind).toBe('parse');
  });

  it('JSON of the wrong shape is a shape error naming the field', async () => {
    answers.push({ body: { Numberofdocs: 1, Docs: [{ name: 'x', sku: 'y', price: 'cheap' }] } });
    const error = await failure(client().search(buildSearchRequest({ orgId, query: 'x' }, 'table')));
    expect(error.kind).toBe('shape');
    expect(error.message).toBe('search: Docs[0].price is not a number');
    answers.push({ body: envelope({ products: [{ name: 'x', sku: 'y', price: {} }] }) });
    const widget = await failure(client().widget('trending', { divisionId: 'd', site_uid: 'v', domain: 'x' }));
    expect(widget.kind).toBe('shape');
    expect(widget.message).toMatch(/products\[0\]\.price/);
  });

  it('a closed port is a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(createClient({ baseUrl: `http://127.0.0.1:${port}`, orgId, apiKey }).algorithms());
    expect(error.kind).toBe('network');
  });

  it('no answer within timeoutMs is a timeout error', async () => {
    answers.push({ delayMs: 400, body: {} }, { delayMs: 400, body: {} });
    const error = await failure(createClient({ baseUrl, orgId, apiKey, timeoutMs: 100 }).algorithms());
    expect(error.kind).toBe('timeout');
    expect(seen).toHaveLength(2);
  });

  it('refuses to be built without its settings', () => {
    expect(() => createClient({ baseUrl: '', orgId, apiKey })).toThrow(/baseUrl is required/);
    expect(() => createClient({ baseUrl, orgId: '', apiKey })).toThrow(/orgId is required/);
  });
});
