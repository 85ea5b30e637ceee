import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useSandboxSuite, type SandboxSuite } from './useSandboxSuite';
import { createCatalogue } from '../../demo/sandbox/createCatalogue';
import type { Sandbox } from '../../demo/sandbox/createSandbox';

/** A server on 127.0.0.1 that answers every path with the page `show` set, and dist/ files. */
export interface ServerPages {
  origin: string;
  /** The next page's body, and its CSP nonce ('' for a page without a CSP). */
  show(body: string, nonce: string): void;
  close(): Promise<void>;
}

/**
 * Pages come from a real server on 127.0.0.1, not an intercepted origin: Chromium keeps a
 * page's nonce from the header of a real response. A page with a nonce gets a strict CSP:
 * `script-src 'nonce-…' 'strict-dynamic'; object-src 'none'; base-uri 'none'`.
 */
export async function servePages(): Promise<ServerPages> {
  let next = { body: '', nonce: '' };
  const server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    if (path.startsWith('/dist/')) return res.writeHead(200, { 'Content-Type': path.endsWith('.css') ? 'text/css' : 'text/javascript' }).end(readFileSync('.' + path));
    const csp: Record<string, string> = next.nonce ? { 'Content-Security-Policy': `script-src 'nonce-${next.nonce}' 'strict-dynamic'; object-src 'none'; base-uri 'none'` } : {};
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...csp }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>${next.body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    show: (body, nonce) => void (next = { body, nonce }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A sandbox, the page server and one Chromium for a test file of server-rendered pages. */
export function useServerPages(name: string): SandboxSuite<'pages', ServerPages> {
  return useSandboxSuite(name, 'pages', () => servePages());
}

/** The product the pages are about: a coat of the sample store. */
export const coat = createCatalogue().find((p) => p.category == 'outerwear')!;
/** renderSlots' page for that product, on the page server's host. */
export const basePage = { pageType: 'product_page' as const, pname: coat.name, sku: coat.sku, domain: '127.0.0.1', locale: 'en-IE', currency: 'EUR' };

/** Vitrine's script tag for the coat's page against `sandbox`, with `extra` attributes (a nonce, `data-consent`…). */
export const vitrineTag = (sandbox: Sandbox, extra = '') =>
  `<script async src="/dist/vitrine.js" data-base-url="${sandbox.url}" data-org-id="${sandbox.orgId}" data-api-key="${sandbox.apiKey}" data-page-type="product_page" data-pname="${coat.name}" data-sku="${coat.sku}" data-locale="en-IE" data-currency="EUR"${extra}></script>`;
