// A shop's server that sends a page in two parts: up to a point at once, the rest when the
// test says, as a slow network or a server that streams its HTML does. It serves a snapshot
// of dist/ beside the page. Shared by the suites of pages still arriving when vitrine.js runs.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { snapshotDist } from './fixtures/createFixtureServer';
import { basePage } from './useServerPages';
import type * as ServerApi from '../../src/server/index';

/** A page in two parts: the second is sent once `hold` settles, with the reason it gives. */
export interface Held {
  head: string;
  first: string;
  rest: string;
  /** Settles when the rest may be sent; one that never settles is a page that never ends. */
  hold: () => Promise<string>;
  /** The page's Content-Security-Policy, else the server's own (none unless it was given one). */
  csp?: string;
  /** The page's nonce (`%NONCE%` in its parts and policy); a fresh one when not given. */
  nonce?: string;
  /** The padding goes before the first part: for a first part cut inside a script's text, which the padding would join. */
  padFirst?: boolean;
}

/** Serves dist/ (a snapshot) and, on every other path, the page `show` set, its second part held back. */
export async function arrivingPages(options: { csp?: string } = {}) {
  const distDir = await snapshotDist();
  let next: Held & { nonce: string; release: (why: string) => void } = { head: '', first: '', rest: '', hold: async () => '', nonce: '', release: () => {} };
  let released: Promise<string> = Promise.resolve('');
  const server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    const dist = /^\/dist\/([\w.-]+)$/.exec(path);
    if (dist) return res.writeHead(200, { 'Content-Type': path.endsWith('.css') ? 'text/css' : 'text/javascript', 'Cache-Control': 'no-store' }).end(readFileSync(join(distDir, dist[1])));
    if (path == '/favicon.ico') return res.writeHead(204).end();
    const page = next;
    const fill = (text: string) => text.replaceAll('%NONCE%', page.nonce);
    const csp = page.csp ?? options.csp;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...(csp && { 'Content-Security-Policy': fill(csp) }) });
    // Enough bytes for Chromium to start parsing and rendering what it has.
    const pad = `<!--${' '.repeat(2048)}-->`;
    res.write(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${fill(page.head)}</head><body>${page.padFirst ? pad : ''}${fill(page.first)}${page.padFirst ? '' : pad}`);
    void page.hold().then((why) => (res.end(`${fill(page.rest)}</body></html>`), page.release(why)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    show(page: Held) {
      let release!: (why: string) => void;
      released = new Promise((done) => (release = done));
      next = { ...page, nonce: page.nonce || randomBytes(12).toString('base64'), release };
    },
    /** What released the second part of the last page served. */
    released: () => released,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        rmSync(distDir, { recursive: true, force: true });
      }),
  };
}

/** The opening tag of the carousel slot `serverCarousel` fills. */
export const carouselSlot = '<div id="a" data-vitrine="trending" data-vitrine-layout="carousel">';

/**
 * The widget `renderSlots` (the built dist/server.mjs) draws for `carouselSlot` under
 * `nonce`, as a shop's server would put it in the page: its markup, its state last.
 */
export async function serverCarousel(sandbox: { url: string; orgId: string; apiKey: string }, nonce: string): Promise<string> {
  const { renderSlots } = (await import('../../dist/server.mjs' as string)) as typeof ServerApi;
  const [a] = await renderSlots({ baseUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, page: basePage, consent: true, nonce, timeoutMs: 10_000, slots: [{ id: 'a', algorithm: 'trending', layout: 'carousel' }] });
  if (!a.ok) throw new Error(`renderSlots could not draw the carousel: ${a.error?.message}`);
  return a.html;
}
