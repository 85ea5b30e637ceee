// The demo shop's pages a second time, drawn by Algolia's recommend-js instead of Vitrine,
// for the Lighthouse part. Two servers on 127.0.0.1:
// - the pages' server, which serves the shop's own HTML with Vitrine's script tag and
//   slots swapped for Algolia's (everything else passes through to the shop untouched,
//   so both pages load the same stylesheet, scripts and images from one origin);
// - a stand-in of Algolia's Recommend API, which answers each slot with the very
//   products the sandbox gives Vitrine's slot for a new visitor, after the same latency.
import { request as httpRequest, createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { minify } from 'terser';
import { fileURLToPath } from 'node:url';
import recommend from '@algolia/recommend';
import { algoliaAlias } from '../measurePeers.mjs';

const ENTRY = fileURLToPath(new URL('../peers/algolia-page.js', import.meta.url));
export const ALGOLIA_SCRIPT_PATH = '/algolia/recommend.js';
export const ALGOLIA_SCRIPT = /\/algolia\/recommend\.js(?:[?#]|$)/;

/**
 * Algolia's model for the job of a Vitrine algorithm (the first of a slot's chain that
 * has products). Recommend has no "recently viewed" or browsing-history model for a new
 * visitor: a slot whose chain gives a new visitor nothing keeps its fallback on both pages.
 */
const MODELS = {
  trending: 'trending-items', trendingincategory: 'trending-items', recentviews: 'trending-items', wishlistreco: 'trending-items',
  viewedalsoviewed: 'related-products', categoryreco: 'related-products', viewedcatitemsreco: 'related-products', inspbybrowsehist: 'related-products',
  boughtalsobought: 'bought-together', crosssell: 'bought-together', boughtcatitemsreco: 'bought-together',
  contentbasedreco: 'looking-similar',
};
const PATHS = { boughtcatitemsreco: 'custom/boughtcatitemsreco', boughtalsobought: 'custom/boughtalsobought', trendingincategory: 'trendingcategory' };

/**
 * The styles Algolia's views need to sit in the shop as Vitrine's do (its slider's theme
 * package is not a dependency here): a scrolling row of cards, a grid, sized images; and
 * a slot's fallback hidden once the widget before it has drawn.
 *
 * The title, the cards and their images are the size of Vitrine's built-in ones (a row
 * of 220 px cards, at most 80 % of the row; a grid of 170 px or 40 %; square images),
 * so both pages draw the same picture and their Largest Contentful Paint is the same
 * kind of element. With smaller cards (45 % of the row, 160 × 200 images) a phone's largest
 * element on Algolia's home page was the page's own text, on Vitrine's a card image.
 */
const ALGOLIA_CSS = `<style>
.uic-HorizontalSlider-list{display:grid;grid-auto-flow:column;grid-auto-columns:min(220px,80%);gap:16px;overflow-x:auto;scroll-snap-type:x mandatory;list-style:none;margin:0;padding:4px}
.uic-HorizontalSlider-item{scroll-snap-align:start}
.uic-HorizontalSlider-navigation{display:none}
.auc-Recommend-list{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(170px,40%),1fr));gap:16px;list-style:none;margin:0;padding:4px}
[data-algolia] .shelf__title{font-size:1.35em;font-weight:600;margin:0 0 14px}
.algolia-card{display:block;color:inherit;text-decoration:none}
.algolia-card img{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover}
[data-algolia]:not(:empty)+[data-algolia-fallback]{display:none}
</style>`;

/** Algolia's entry for the pages, bundled and minified as the size part builds every peer. */
async function bundleAlgolia() {
  const res = await build({
    entryPoints: [ENTRY], bundle: true, minify: true, format: 'iife', target: 'es2020', platform: 'browser',
    legalComments: 'none', write: false, logLevel: 'error', define: { 'process.env.NODE_ENV': '"production"' }, alias: algoliaAlias,
  });
  const { code } = await minify(res.outputFiles[0].text, { ecma: 2020, compress: { passes: 2 } });
  return code;
}

/** A page of the shop as text, on a connection of its own (a kept-alive one may have been closed meanwhile). */
const getText = (url) =>
  new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false, headers: { 'accept-encoding': 'identity' } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c) => (text += c)).on('end', () => (res.statusCode == 200 ? resolve(text) : reject(new Error(`${url}: ${res.statusCode}`))));
    });
    req.on('error', reject).end();
  });

const attributesOf = (tag) => Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
const unescape = (s) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * @param {{ shopUrl: string, sandbox: { url: string, orgId: string, apiKey: string }, latencyMs: number }} o
 */
export async function startAlgoliaPages({ shopUrl, sandbox, latencyMs }) {
  /** Each slot's answer, by `slotId|objectID`. */
  const answers = new Map();
  /** What the stand-in refused, and why: a wrong request fails its row. */
  const refused = [];
  let served = 0;

  /** The products the sandbox gives a slot's chain for a new visitor, as Vitrine would show them. */
  async function productsFor(chain, page, max) {
    const visitor = randomUUID();
    for (const algorithm of chain) {
      const q = new URLSearchParams({ divisionId: 'algolia-twin', orgId: sandbox.orgId, site_uid: visitor, domain: '127.0.0.1', ...(page.pname && { pname: page.pname }), ...(page.sku && { sku: page.sku }) });
      const res = await fetch(`${sandbox.url}/v1/widgetserver/${PATHS[algorithm] ?? algorithm}?${q}`, {
        headers: { Accept: 'application/json', 'X-Service-Access-Token': sandbox.apiKey, 'X-Service-orgId': sandbox.orgId },
      });
      if (!res.ok) continue;
      const products = ((await res.json()).products ?? []).filter((p) => p.sku != page.sku && p.name != page.pname).slice(0, max ?? Infinity);
      if (products.length) return { algorithm, products };
    }
    return null;
  }

  /** The shop's page with Algolia in Vitrine's place. */
  async function algoliaPage(path, standInHost) {
    let html = await getText(new URL(path, shopUrl));
    const page = {
      sku: html.match(/<meta property="product:retailer_item_id" content="([^"]*)">/)?.[1],
      pname: unescape(html.match(/<meta property="og:title" content="([^"]*)">/)?.[1] ?? '') || undefined,
    };
    if (!/<meta property="og:type" content="product">/.test(html)) page.pname = undefined;
    const vitrineTag = html.match(/<script async src="\/dist\/vitrine\.js"[^>]*><\/script>\n?/);
    if (!vitrineTag) throw new Error(`${path}: no client-side Vitrine script tag to swap (a server-rendered page?)`);
    html = html.replace(vitrineTag[0], `${ALGOLIA_CSS}\n<script async src="${ALGOLIA_SCRIPT_PATH}" data-host="${standInHost}"></script>\n`);
    const slots = [...html.matchAll(/<div ([^>]*\bdata-vitrine="[^"]*"[^>]*)>/g)];
    const drawn = [];
    for (const [tag, inner] of slots) {
      const a = attributesOf(inner);
      const sku = a['data-vitrine-sku'] ?? page.sku;
      const found = await productsFor(a['data-vitrine'].split(/\s+/).filter(Boolean), { ...page, sku }, a['data-vitrine-max'] ? Number(a['data-vitrine-max']) : undefined);
      // Nothing for a new visitor: Vitrine keeps the merchant's fallback, and so does this page.
      if (!found) {
        html = html.replace(tag, `<div id="${a.id}">`);
        continue;
      }
      const model = MODELS[found.algorithm];
      answers.set(`${a.id}|${model == 'trending-items' ? '' : sku}`, found.products);
      drawn.push(`${a.id}: ${model} (${found.products.length})`);
      // recommend-js draws into an element of its own; the merchant's fallback, what the
      // slot held, follows it and shows until the widget has drawn (the stylesheet above).
      html = html.replace(tag, `<div id="${a.id}" data-algolia="${model}" data-sku="${sku ?? ''}" data-max="${found.products.length}" data-layout="${a['data-vitrine-layout'] ?? 'carousel'}" data-title="${a['data-vitrine-title'] ?? ''}"></div><div data-algolia-fallback>`);
    }
    return { html, drawn };
  }

  // Algolia's Recommend API, as documented: POST /1/indexes/*/recommendations with
  // `{ requests: [{ indexName, model, objectID?, maxRecommendations?, queryParameters? }] }`,
  // answered `{ results: [{ hits: [...], nbHits, page, hitsPerPage, processingTimeMS, ... }] }`,
  // one result per request in order, each hit a record with its `objectID` and `_score`
  // (https://www.algolia.com/doc/rest-api/recommend/get-recommendations). The browser
  // client sends its body as text with a form content type and its credentials in the
  // query string, so the call needs no CORS preflight.
  const standIn = createServer(async (req, res) => {
    const cors = { 'access-control-allow-origin': '*' };
    if (req.method == 'OPTIONS') return res.writeHead(204, { ...cors, 'access-control-allow-methods': 'POST', 'access-control-allow-headers': '*' }).end();
    const url = new URL(req.url ?? '/', 'http://stand-in');
    let body = '';
    for await (const chunk of req) body += chunk;
    await new Promise((done) => setTimeout(done, latencyMs));
    const refuse = (why) => {
      refused.push(why);
      res.writeHead(400, { 'content-type': 'application/json', ...cors }).end(JSON.stringify({ message: why, status: 400 }));
    };
    if (req.method != 'POST' || url.pathname != '/1/indexes/*/recommendations') return refuse(`${req.method} ${url.pathname}: not the recommendations endpoint`);
    if (!url.searchParams.get('x-algolia-application-id') && !req.headers['x-algolia-application-id']) return refuse('no application id');
    let requests;
    try {
      ({ requests } = JSON.parse(body));
    } catch {
      return refuse('a body that is not JSON');
    }
    if (!Array.isArray(requests) || !requests.length) return refuse('no requests[]');
    const results = [];
    for (const r of requests) {
      const slot = r?.queryParameters?.ruleContexts?.[0];
      const hits = answers.get(`${slot}|${r?.objectID ?? ''}`);
      if (typeof r?.indexName != 'string' || !Object.values(MODELS).includes(r?.model) || !hits) return refuse(`a request for no slot of the page: ${JSON.stringify(r)}`);
      const shown = hits.slice(0, r.maxRecommendations || hits.length).map((p, i) => ({
        objectID: p.sku, name: p.name, url: p.currentPageUrl, image: p.smallImage, price: `€${Number(p.price).toFixed(2)}`, _score: 100 - i,
      }));
      results.push({ hits: shown, nbHits: shown.length, page: 0, nbPages: 1, hitsPerPage: shown.length, processingTimeMS: 1, exhaustiveNbHits: true, query: '', params: '' });
    }
    served++;
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', ...cors }).end(JSON.stringify({ results }));
  });

  const script = gzipSync(await bundleAlgolia());
  const pagesCache = new Map();
  const shop = new URL(shopUrl);
  const pages = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://pages');
    try {
      if (url.pathname == ALGOLIA_SCRIPT_PATH) {
        return res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'content-encoding': 'gzip', 'cache-control': 'no-cache', vary: 'Accept-Encoding' }).end(script);
      }
      if (url.pathname == '/' || url.pathname.startsWith('/products/')) {
        const key = url.pathname + url.search;
        if (!pagesCache.has(key)) pagesCache.set(key, await algoliaPage(key, standInHost));
        const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
        const { html } = pagesCache.get(key);
        return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', vary: 'Accept-Encoding', ...(gzip && { 'content-encoding': 'gzip' }) }).end(gzip ? gzipSync(html) : html);
      }
      // The rest (stylesheet, the shop's script, anything else) as the shop sends it.
      const upstream = httpRequest({ host: shop.hostname, port: shop.port, path: req.url, method: req.method, headers: { ...req.headers, host: shop.host } }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', (e) => res.writeHead(502).end(String(e)));
      req.pipe(upstream);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });

  const listen = (server) => new Promise((done) => server.listen(0, '127.0.0.1', () => done(server.address().port)));
  const standInHost = `127.0.0.1:${await listen(standIn)}`;
  const pagesUrl = `http://127.0.0.1:${await listen(pages)}`;

  return {
    url: pagesUrl,
    standInOrigin: `http://${standInHost}`,
    /** The Algolia page for `path`, built now: its slots and what each draws. */
    prepare: async (path) => {
      if (!pagesCache.has(path)) pagesCache.set(path, await algoliaPage(path, standInHost));
      return pagesCache.get(path).drawn;
    },
    /**
     * Asks the stand-in through Algolia's own API client (`@algolia/recommend`, on Node),
     * for one slot of a prepared page: a stand-in that answers in a shape the client does
     * not read, or with other products, fails here before any Lighthouse run.
     */
    async check() {
      const [key, products] = [...answers.entries()].find(([k]) => !k.endsWith('|')) ?? [...answers.entries()][0] ?? [];
      if (!key) throw new Error('no Algolia slot on the pages: nothing to draw');
      const [slot, objectID] = key.split('|');
      const client = recommend('BENCHAPP01', 'bench-search-only-key', { hosts: [{ url: standInHost, protocol: 'http' }] });
      const query = { indexName: 'products', maxRecommendations: products.length, queryParameters: { ruleContexts: [slot] } };
      const { results } = objectID ? await client.getRelatedProducts([{ ...query, objectID }]) : await client.getTrendingItems([query]);
      const skus = results?.[0]?.hits?.map((h) => h.objectID) ?? [];
      if (skus.join() != products.map((p) => p.sku).join()) throw new Error(`the Recommend stand-in answered ${JSON.stringify(results)?.slice(0, 200)} for slot ${slot}`);
    },
    stats: () => ({ served, refused: [...refused] }),
    close: async () => {
      for (const s of [standIn, pages]) {
        s.closeAllConnections();
        await new Promise((done) => s.close(() => done()));
      }
    },
  };
}
