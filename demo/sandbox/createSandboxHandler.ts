// The HTTP side of the sandbox: routing, authentication, quota, CORS.
//
// Authentication (interface.md "Authentication"): the catalogue endpoint takes
// `Authorization: Bearer <key>`, every other endpoint `X-Service-Access-Token`
// and `X-Service-orgId`. A missing or wrong credential is answered 401 with an
// `errMsg` naming the header, so a client can tell "who are you?" apart from
// the 400 of a missing or malformed parameter.
//
// `Accept` and `Content-Type` are not checked: every answer is JSON whatever
// the client asks for, and a GET has no body to describe.
//
// Quota: every key has `quota` credits a month; each call costs its service's
// `cost` (serviceCatalogue.ts). Once spent, calls answer 403 and the catalogue
// answers 400 "no service active" (its documented error).
//
// Learning views: interface.md has no event endpoint, so the sandbox learns
// what a visitor looks at from widget requests that carry both `site_uid` and
// `pname` (or `sku`): product pages send such requests for their slots.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WidgetEnvelope, WidgetProduct } from '../../src/types/interface';
import { algorithmCatalogue } from './algorithmCatalogue';
import type { SampleProduct } from './createCatalogue';
import type { StoreEvent } from './createHistory';
import type { Recommender } from './createRecommender';
import { currentMonth, type StateStore } from './createStateStore';
import { defaultSearchConfiguration } from './defaultSearchConfiguration';
import { httpError, isHttpError } from './httpError';
import { FilterError } from './parseFilter';
import { parseSearchConfiguration } from './parseSearchConfiguration';
import { parseSearchRequest } from './parseSearchRequest';
import { productImageSvg } from './productImageSvg';
import { sampleThemes } from './sampleThemes';
import { searchCatalogue } from './searchCatalogue';
import { SERVICES, type ServiceName } from './serviceCatalogue';
import { WIDGET_ENDPOINTS } from './widgetEndpoints';
import { applyWidgetRules, parseWidgetConfiguration, placedBundle } from './widgetRules';

/** One request as the sandbox saw it, for tests that assert what a page asked for. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  status: number;
}

export interface SandboxHandlerOptions {
  orgId: string;
  orgName: string;
  apiKey: string;
  quota: number;
  latencyMs: number;
  log: boolean;
  products: readonly SampleProduct[];
  recommender: Recommender;
  store: StateStore;
  requests: RecordedRequest[];
}

/** Widgets show this many products unless their configuration says otherwise. */
const DEFAULT_MAX_PRODUCTS = 12;
/** Several slots on one product page each carry the product: count it as one view. */
const SAME_VIEW_WINDOW_MS = 10 * 60_000;
/** The request log keeps this many entries: plenty for a test, bounded for a demo left running for days. */
const MAX_RECORDED = 10_000;
/** Configuration bodies are small; anything bigger is a mistake. */
const MAX_BODY_BYTES = 1_000_000;

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Accept, Content-Type, Authorization, X-Service-Access-Token, X-Service-orgId',
  'Access-Control-Expose-Headers': 'Retry-After',
  // Browsers cache the preflight for this long (Chromium caps it at 7200 s).
  'Access-Control-Max-Age': '600',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function send(res: ServerResponse, status: number, body: unknown, statusMessage?: string): void {
  const text = JSON.stringify(body);
  res.writeHead(status, statusMessage ?? '', {
    ...CORS_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    // Never served from a cache without asking again, but not `no-store`: a page that
    // fetched a no-store answer is kept out of Chrome's back/forward cache (not-restored
    // reason JsNetworkRequestReceivedCacheControlNoStoreResource), so going back would
    // reload the shop page and every widget.
    'Cache-Control': 'private, no-cache',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw httpError(413, `Body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw httpError(400, 'Body is empty; send a JSON object');
  try {
    return JSON.parse(text);
  } catch {
    throw httpError(400, 'Body is not valid JSON');
  }
}

/** Reads the JSON object of a `request` query parameter that must carry the org id. */
function orgRequest(query: Record<string, string>, orgId: string): void {
  if (query.request === undefined) throw httpError(400, 'Missing required query parameter: request');
  let value: unknown;
  try {
    value = JSON.parse(query.request);
  } catch {
    throw httpError(400, 'Query parameter request is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || !('orgId' in value)) throw httpError(400, 'Missing required field in request: orgId');
  if (value.orgId !== orgId) throw httpError(400, 'request.orgId does not match the X-Service-orgId header');
}

export function createSandboxHandler(o: SandboxHandlerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const bySku = new Map(o.products.map((p) => [p.sku, p]));
  const byName = new Map(o.products.map((p) => [p.name.toLowerCase(), p]));
  const themes = sampleThemes(o.orgId, o.orgName);
  const { state } = o.store;
  const searchConfiguration = () => state.searchConfiguration ?? defaultSearchConfiguration(o.orgId);

  const checkServiceAuth = (req: IncomingMessage): void => {
    const token = header(req, 'x-service-access-token');
    const org = header(req, 'x-service-orgid');
    if (!token) throw httpError(401, 'Missing X-Service-Access-Token header (the API key)');
    if (token !== o.apiKey) throw httpError(401, 'X-Service-Access-Token is not a valid API key');
    if (!org) throw httpError(401, 'Missing X-Service-orgId header (the organization id)');
    if (org !== o.orgId) throw httpError(401, "X-Service-orgId does not match the API key's organization");
  };

  const creditsLeft = (): number => {
    if (state.usage.month !== currentMonth()) state.usage = { month: currentMonth(), used: {} };
    return o.quota - (state.usage.used[o.apiKey] ?? 0);
  };

  /** Takes the call's cost from the key's budget, or refuses with 403. */
  const charge = (service: ServiceName): void => {
    const { cost } = SERVICES[service];
    const left = creditsLeft();
    if (left <= 0 || left < cost) throw httpError(403, `Credit quota exceeded: ${o.quota} credits a month, ${o.quota - left} used`);
    if (cost === 0) return;
    state.usage.used[o.apiKey] = (state.usage.used[o.apiKey] ?? 0) + cost;
    o.store.save('usage');
  };

  const learnView = (visitor: string, product: SampleProduct): void => {
    const now = Date.now();
    let last: StoreEvent | undefined;
    for (let i = state.events.length - 1; i >= 0 && !last; i--) if (state.events[i].visitor === visitor && state.events[i].type === 'view') last = state.events[i];
    if (last && last.sku === product.sku && now - last.at < SAME_VIEW_WINDOW_MS) return;
    const event = { visitor, sku: product.sku, type: 'view' as const, at: now };
    state.events.push(event);
    o.recommender.record(event);
    o.store.save('events');
  };

  const widgetProduct = (p: SampleProduct, origin: string, numeric: boolean): WidgetProduct => {
    const price = (n: number) => (numeric ? n : n.toFixed(2));
    return {
      name: p.name,
      sku: p.sku,
      price: price(p.price),
      smallImage: `${origin}/images/${encodeURIComponent(p.sku)}.svg`,
      // Relative: the sandbox cannot know the shop's origin, and the embed resolves it against the page.
      currentPageUrl: `/products/${p.handle}`,
      ...(p.salePrice !== null ? { discountedPrice: price(p.salePrice) } : {}),
      variantName: p.variantName,
    };
  };

  const widget = (path: string, query: Record<string, string>, origin: string): WidgetEnvelope => {
    const endpoint = WIDGET_ENDPOINTS.get(path);
    if (!endpoint) throw httpError(404, `No such endpoint: ${path}`);
    const missing = endpoint.required.filter((name) => (query[name] ?? '').trim() === '');
    if (missing.length > 0) throw httpError(400, `Missing required query parameter${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
    if (query.orgId !== o.orgId) throw httpError(400, 'orgId does not match the X-Service-orgId header');
    charge('recommendations');

    const anchor = (query.sku ? bySku.get(query.sku.trim()) : undefined) ?? (query.pname ? byName.get(query.pname.trim().toLowerCase()) : undefined);
    const visitor = query.site_uid?.trim() || undefined;
    if (visitor && anchor) learnView(visitor, anchor);

    const { algorithm } = endpoint;
    const config = state.widgets[query.divisionId];
    const placed = algorithm === 'crosssell' && anchor ? placedBundle(config, anchor, o.products) : null;
    let products = placed ?? o.recommender.recommend(algorithm, { anchor, visitor });
    if (config) products = applyWidgetRules(products, config, o.products, anchor);
    products = products.slice(0, config?.maxProducts ?? (algorithm === 'crosssell' ? 3 : DEFAULT_MAX_PRODUCTS));

    // interface.md: the category based response has an integer `success`, numeric prices and no customValues.
    const categoryBased = algorithm === 'categoryreco';
    const envelope: WidgetEnvelope = {
      errMsg: null,
      numberofdocs: products.length,
      success: categoryBased ? 0 : '0',
      widgetType: algorithm,
      widgetName: config?.displayTitle ?? null,
      products: products.map((p) => widgetProduct(p, origin, categoryBased)),
    };
    if (!categoryBased) {
      envelope.customValues = {
        ...(config ? { themeId: config.themeId, widgetShowType: config.widgetShowType } : {}),
        // The bundle layout shows the anchor beside its add-ons with a running total.
        ...(algorithm === 'crosssell' && anchor ? { anchor: widgetProduct(anchor, origin, false) } : {}),
      };
    }
    return envelope;
  };

  const route = async (req: IncomingMessage, path: string, query: Record<string, string>, origin: string): Promise<[number, unknown, string?]> => {
    const method = req.method ?? 'GET';
    const only = (m: string) => {
      if (method !== m) throw httpError(405, `${path} answers ${m} only`);
    };

    if (path === '/api/v1/available_services') {
      only('GET');
      const auth = header(req, 'authorization');
      if (!auth) throw httpError(401, 'Missing Authorization header: send "Authorization: Bearer <API key>"');
      const m = /^Bearer\s+(\S+)$/i.exec(auth);
      if (!m) throw httpError(401, 'Authorization header must be "Bearer <API key>"');
      if (m[1] !== o.apiKey) throw httpError(401, 'Unknown API key');
      if (creditsLeft() <= 0) return [400, { errMsg: 'No service is active for this key: its credit quota is spent' }, 'Not Acceptable'];
      return [200, Object.values(SERVICES)];
    }

    if (path.startsWith('/v1/')) checkServiceAuth(req);

    if (path === '/v1/widgetserver/getsearchresult' || path === '/v1/widgetserver/search/result') {
      only('GET');
      const q = parseSearchRequest(query.request, o.orgId);
      charge('search');
      try {
        return [200, searchCatalogue(q, {
          products: o.products,
          configuration: searchConfiguration(),
          popularity: o.recommender.popularity,
          imageUrl: (p) => `${origin}/images/${encodeURIComponent(p.sku)}.svg`,
          pageUrl: (p) => `/products/${p.handle}`,
        })];
      } catch (e) {
        if (e instanceof FilterError) throw httpError(400, `request: ${e.message}`);
        throw e;
      }
    }
    if (WIDGET_ENDPOINTS.has(path)) {
      only('GET');
      return [200, widget(path, query, origin)];
    }
    if (path === '/v1/theme') {
      only('GET');
      orgRequest(query, o.orgId);
      charge('themes');
      return [200, { errMsg: null, widgetThemes: themes }];
    }
    if (path === '/v1/conf/search') {
      orgRequest(query, o.orgId);
      charge('configuration');
      // GET is a sandbox addition so the studio can read what it stored.
      if (method === 'GET') return [200, searchConfiguration()];
      only('POST');
      state.searchConfiguration = parseSearchConfiguration(await readJson(req), defaultSearchConfiguration(o.orgId));
      o.store.save('searchConfiguration');
      return [200, state.searchConfiguration];
    }
    if (path === '/v1/conf/search/update') {
      only('POST');
      const body = await readJson(req);
      const org = typeof body === 'object' && body !== null && 'orgId' in body ? body.orgId : undefined;
      if (org === undefined) throw httpError(400, 'Missing required field: orgId');
      if (org !== o.orgId) throw httpError(400, 'orgId does not match the X-Service-orgId header');
      charge('configuration');
      state.searchConfiguration = parseSearchConfiguration(body, searchConfiguration());
      o.store.save('searchConfiguration');
      return [200, state.searchConfiguration];
    }
    if (path === '/v1/widget/custom/update') {
      only('POST');
      const config = parseWidgetConfiguration(await readJson(req), o.orgId);
      for (const [division, other] of Object.entries(state.widgets)) {
        if (division === config.divisionId) continue;
        if (other.id === config.id) throw httpError(400, `id "${config.id}" is already used by the widget of divisionId "${division}"`);
        if (other.name === config.name) throw httpError(400, `name "${config.name}" is already used by the widget of divisionId "${division}"`);
      }
      charge('configuration');
      state.widgets[config.divisionId] = config;
      o.store.save('widgets');
      return [200, { errMsg: null, uid: config.id }];
    }
    if (path === '/v1/algorithm') {
      only('GET');
      charge('configuration');
      return [200, algorithmCatalogue()];
    }
    throw httpError(404, `No such endpoint: ${method} ${path}`);
  };

  const serveImage = (res: ServerResponse, path: string): number => {
    const sku = decodeURIComponent(path.slice('/images/'.length).replace(/\.svg$/, ''));
    const product = bySku.get(sku);
    if (!product) {
      send(res, 404, { errMsg: `No image for sku ${sku}` });
      return 404;
    }
    res.writeHead(200, {
      'Access-Control-Allow-Origin': '*',
      'Content-Type': 'image/svg+xml',
      // Generated from the seeded catalogue: the same sku always draws the same picture.
      'Cache-Control': 'public, max-age=86400',
    });
    res.end(productImageSvg(product));
    return 200;
  };

  return (req, res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const query = Object.fromEntries(url.searchParams);
    const origin = `http://${header(req, 'host') ?? '127.0.0.1'}`;
    res.on('finish', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      o.requests.push({ method: req.method ?? 'GET', path, query, headers, status: res.statusCode });
      if (o.requests.length > MAX_RECORDED) o.requests.splice(0, o.requests.length - MAX_RECORDED);
      if (o.log) console.log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started} ms`);
    });

    if (req.method === 'GET' && path.startsWith('/images/')) {
      serveImage(res, path);
      return;
    }
    void (async () => {
      if (o.latencyMs > 0) await sleep(o.latencyMs);
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          ...CORS_HEADERS,
          // Chromium asks before a public page may call a server on loopback (Private Network Access).
          ...(req.headers['access-control-request-private-network'] ? { 'Access-Control-Allow-Private-Network': 'true' } : {}),
        });
        res.end();
        return;
      }
      if (path === '/') {
        send(res, 200, {
          name: `Vitrine sandbox: ${o.orgName}`,
          orgId: o.orgId,
          endpoints: ['/api/v1/available_services', '/v1/widgetserver/getsearchresult', ...WIDGET_ENDPOINTS.keys(),
            '/v1/theme', '/v1/conf/search', '/v1/conf/search/update', '/v1/widget/custom/update', '/v1/algorithm', '/images/<sku>.svg'],
        });
        return;
      }
      try {
        const [status, body, statusMessage] = await route(req, path, query, origin);
        send(res, status, body, statusMessage);
      } catch (e) {
        if (isHttpError(e)) send(res, e.status, { errMsg: e.message });
        else {
          console.error('sandbox: unexpected error', e);
          send(res, 500, { errMsg: 'Internal error in the sandbox; see its console' });
        }
      }
    })();
  };
}
