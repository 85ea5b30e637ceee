import { randomUUID } from 'node:crypto';
import { randomInt } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip, gzipSync } from 'node:zlib';
import { findCategory } from '../sandbox/categories';
import { previewPage } from '../studio/previewPolicy';
import { SHOP_PREVIEW_COOKIE } from '../studio/shopPreviewKeys';
import { createCatalogue } from '../sandbox/createCatalogue';
import { addToCart, cartCookie, readCart, type CartLine } from './cartCookie';
import { JOURNAL_POSTS } from './journalPosts';
import { priceLines, renderCart } from './pages/renderCart';
import { renderCollection } from './pages/renderCollection';
import { renderHome } from './pages/renderHome';
import { renderJournalIndex, renderJournalPost } from './pages/renderJournal';
import { renderNotFound } from './pages/renderNotFound';
import { renderOrder } from './pages/renderOrder';
import { renderProduct, type StreamedPage } from './pages/renderProduct';
import { renderSearch } from './pages/renderSearch';
import type { ShopContext } from './shopContext';

export interface ShopOptions {
  port?: number;
  host?: string;
  /** Base URL of the service the pages' Vitrine tag talks to (the sandbox). */
  apiUrl: string;
  orgId: string;
  apiKey: string;
  /** Built embed; default `<repo>/dist`. */
  distDir?: string;
  /**
   * Ask the shopper for consent with a cookie banner before Vitrine stores a visitor id or
   * shows personal recommendations (`npm start` does). Off: a shop with no consent mode.
   */
  consentBanner?: boolean;
}

export interface Shop {
  url: string;
  close(): Promise<void>;
}

// `demo/shop/` in the sources and `demo/dist/` in the bundle are both two
// levels below the repository root, so these resolve alike from either.
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SHOP_ASSETS = join(REPO, 'demo', 'shop');
const STUDIO_DIRS = [join(REPO, 'demo', 'studio'), join(REPO, 'demo', 'dist', 'studio')];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** A file under `root`, or null when the path is missing or tries to leave it. */
function fileUnder(root: string, relative: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return null;
  }
  const file = resolve(root, `.${sep}${decoded}`);
  if (!file.startsWith(resolve(root) + sep)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

/**
 * Text goes out gzipped to a browser that accepts it, as a production shop or CDN sends
 * it: Lighthouse simulates a slow phone network from the bytes on the wire, and a page or
 * script sent raw (the product page was 36 KB instead of 7 KB) measured the demo's
 * server, not the shop's page or Vitrine (its `uses-text-compression` audit says as much).
 */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.map', '.json', '.svg']);
const acceptsGzip = (res: ServerResponse) => /\bgzip\b/.test(String(res.req?.headers['accept-encoding'] ?? ''));

function sendFile(res: ServerResponse, file: string): void {
  const gzip = COMPRESSIBLE.has(extname(file)) && acceptsGzip(res);
  res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding', ...(gzip && { 'Content-Encoding': 'gzip' }) });
  const stream = createReadStream(file);
  (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
}

/** Writes an HTML response's head; true when the body is to be gzipped. */
function writeHtmlHead(res: ServerResponse, status: number, headers: Record<string, string> = {}): boolean {
  const gzip = acceptsGzip(res);
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', Vary: 'Accept-Encoding', ...(gzip && { 'Content-Encoding': 'gzip' }), ...headers });
  return gzip;
}

function sendHtml(res: ServerResponse, status: number, page: string, headers: Record<string, string> = {}): void {
  res.end(writeHtmlHead(res, status, headers) ? gzipSync(page) : page);
}

/** A page whose first part goes out before the rest is ready (see `StreamedPage`). */
async function sendStreamedHtml(res: ServerResponse, page: StreamedPage): Promise<void> {
  const gzip = writeHtmlHead(res, 200) ? createGzip() : undefined;
  gzip?.pipe(res);
  const out = gzip ?? res;
  out.write(page.first);
  // The compressor holds what it has until told to flush it.
  gzip?.flush();
  out.end(await page.rest);
}

function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}): void {
  res.writeHead(303, { Location: location, ...headers });
  res.end();
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    // Cart forms are a few dozen bytes.
    if (text.length > 10_000) break;
  }
  return new URLSearchParams(text);
}

/**
 * The demo storefront: a small shop server-rendered from the sample catalogue,
 * using Vitrine only through the merchant markup of DESIGN.md (one script tag
 * and `data-vitrine` slots). It also serves the built embed (`/dist/`), the
 * theme studio (`/studio/`) and `/sandbox.json` so the studio finds the API.
 */
export async function createShop(options: ShopOptions): Promise<Shop> {
  const distDir = options.distDir ?? join(REPO, 'dist');
  const products = createCatalogue();
  const byHandle = new Map(products.map((p) => [p.handle, p]));
  const orders = new Map<string, CartLine[]>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://shop');
    const path = url.pathname;
    const cart = readCart(req.headers.cookie);
    // "Preview on the demo shop" in the theme studio (demo/studio/shopPreview.ts).
    const studioPreview = url.searchParams.has(SHOP_PREVIEW_COOKIE) || (req.headers.cookie ?? '').split(/;\s*/).includes(`${SHOP_PREVIEW_COOKIE}=1`);
    const ctx: ShopContext = {
      apiUrl: options.apiUrl, orgId: options.orgId, apiKey: options.apiKey, products,
      cartCount: cart.reduce((n, l) => n + l.qty, 0),
      studioPreview,
      consentBanner: options.consentBanner ?? false,
      // The studio's draft theme lives in this browser only: the server cannot draw with it.
      ssr: url.searchParams.get('ssr') !== '0' && !studioPreview,
      hostname: (req.headers.host ?? 'localhost').replace(/:\d+$/, ''),
      visitorId: /(?:^|;\s*)vitrine_uid=([\w-]{8,64})/.exec(req.headers.cookie ?? '')?.[1],
    };
    // A product page renders its first widgets here, for the visitor Vitrine will see in
    // the browser: where no consent is asked, a first visit gets its id from the server,
    // in the cookie the script reads, so both sides speak of one visitor.
    if (ctx.ssr && !ctx.consentBanner && !ctx.visitorId && path.startsWith('/products/')) {
      ctx.visitorId = randomUUID();
      res.setHeader('Set-Cookie', `vitrine_uid=${ctx.visitorId}; Path=/; Max-Age=31536000; SameSite=Lax`);
    }
    const notFound = () => sendHtml(res, 404, renderNotFound(ctx));

    if (req.method === 'POST') {
      const form = await readForm(req);
      if (path === '/cart/add') {
        const product = products.find((p) => p.sku === form.get('sku'));
        if (!product) return sendHtml(res, 400, renderNotFound(ctx));
        const qty = Math.min(9, Math.max(1, Number.parseInt(form.get('qty') ?? '1', 10) || 1));
        // A product sold in several sizes is added only in the one the shopper chose.
        const size = product.sizes.length > 1 ? form.get('size') ?? '' : form.get('size') || product.sizes[0];
        if (!size || (product.sizes.length > 1 && !product.sizes.includes(size))) {
          if (!(req.headers.accept ?? '').includes('application/json')) return redirect(res, `/products/${product.handle}`);
          res.writeHead(409, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ options: true, message: `Choose a size for ${product.name}` }));
          return;
        }
        const next = addToCart(cart, { sku: product.sku, size, qty });
        const cookie = { 'Set-Cookie': cartCookie(next) };
        if ((req.headers.accept ?? '').includes('application/json')) {
          res.writeHead(200, { 'Content-Type': 'application/json', ...cookie });
          res.end(JSON.stringify({ count: next.reduce((n, l) => n + l.qty, 0) }));
          return;
        }
        return redirect(res, '/cart', cookie);
      }
      if (path === '/cart/update') {
        const index = Number(form.get('index'));
        const qty = Number(form.get('qty'));
        const next = cart.flatMap((l, i) => (i !== index ? [l] : Number.isInteger(qty) && qty > 0 ? [{ ...l, qty: Math.min(99, qty) }] : []));
        return redirect(res, '/cart', { 'Set-Cookie': cartCookie(next) });
      }
      if (path === '/checkout') {
        if (cart.length === 0) return redirect(res, '/cart');
        const id = `MV${randomInt(100_000, 999_999)}`;
        orders.set(id, cart);
        return redirect(res, `/orders/${id}/confirmation`, { 'Set-Cookie': cartCookie([]) });
      }
      res.writeHead(405, { Allow: 'GET' });
      res.end();
      return;
    }

    if (path === '/') return sendHtml(res, 200, renderHome(ctx));
    if (path === '/sandbox.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ baseUrl: options.apiUrl, orgId: options.orgId, apiKey: options.apiKey }));
      return;
    }
    if (path === '/assets/shop.css' || path === '/assets/shop.js' || path === '/assets/consent.js') return sendFile(res, join(SHOP_ASSETS, path.slice('/assets/'.length)));
    if (path.startsWith('/dist/')) {
      const file = fileUnder(distDir, path.slice('/dist/'.length));
      if (file) return sendFile(res, file);
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not built yet: run node build.mjs');
      return;
    }
    if (path === '/studio') return redirect(res, '/studio/');
    if (path.startsWith('/studio/')) {
      const rest = path.slice('/studio/'.length) || 'index.html';
      const file = STUDIO_DIRS.map((dir) => fileUnder(dir, rest)).find((f) => f !== null);
      // The studio's preview frame runs under a strict nonce CSP, as a careful shop's page does.
      if (file && rest === 'preview.html') {
        const page = previewPage(readFileSync(file, 'utf8'), options.apiUrl);
        res.writeHead(200, page.headers);
        res.end(page.body);
        return;
      }
      if (file) return sendFile(res, file);
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found in the theme studio');
      return;
    }

    const parts = path.split('/').filter(Boolean);
    if (parts[0] === 'collections' && parts.length === 2) {
      const category = findCategory(parts[1]);
      return category ? sendHtml(res, 200, renderCollection(ctx, category, url.searchParams.get('sort'))) : notFound();
    }
    if (parts[0] === 'products' && parts.length === 2) {
      const product = byHandle.get(parts[1]);
      return product ? sendStreamedHtml(res, renderProduct(ctx, product)) : notFound();
    }
    if (path === '/cart') return sendHtml(res, 200, renderCart(ctx, priceLines(ctx, cart)));
    if (parts[0] === 'orders' && parts[2] === 'confirmation' && parts.length === 3) {
      const lines = orders.get(parts[1]);
      return lines ? sendHtml(res, 200, renderOrder(ctx, parts[1], priceLines(ctx, lines))) : notFound();
    }
    if (path === '/blogs/journal') return sendHtml(res, 200, renderJournalIndex(ctx));
    if (parts[0] === 'blogs' && parts[1] === 'journal' && parts.length === 3) {
      const post = JOURNAL_POSTS.find((p) => p.handle === parts[2]);
      return post ? sendHtml(res, 200, renderJournalPost(ctx, post)) : notFound();
    }
    if (path === '/search') return sendHtml(res, 200, renderSearch(ctx, (url.searchParams.get('q') ?? '').trim()));
    return notFound();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      console.error('shop: unexpected error', e);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal error');
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8781, host, () => resolvePromise());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () => new Promise<void>((resolveClose, reject) => {
      server.close((e) => (e ? reject(e) : resolveClose()));
      server.closeAllConnections();
    }),
  };
}
