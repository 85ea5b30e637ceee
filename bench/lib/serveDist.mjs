import { cpSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, normalize, extname } from 'node:path';
import { fileURLToPath } from 'node:url';

// BENCH_DIST measures another build (a candidate change) against the same peers.
const builtDir = process.env.BENCH_DIST ?? fileURLToPath(new URL('../../dist/', import.meta.url));
const distDir = fileURLToPath(new URL('../results/.dist/', import.meta.url));
let copied = false;

/**
 * Pages are served from a copy of dist/ taken once per bench run, so a rebuild
 * while the bench runs (`node build.mjs` empties dist/ first) cannot hand a
 * page a missing or half-written script. Returns the snapshot's folder.
 */
export function snapshotDist() {
  if (copied) return distDir;
  rmSync(distDir, { recursive: true, force: true });
  if (existsSync(builtDir)) cpSync(builtDir, distDir, { recursive: true });
  copied = true;
  return distDir;
}
const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

/** A product image: one small SVG so pages have real <img> loads without leaving localhost. */
export const productSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="#d9d4c7"/><circle cx="80" cy="70" r="34" fill="#8a7f6a"/></svg>';

/**
 * Answers `/dist/<file>` from the snapshot of dist/ (nothing outside it), and
 * `/img/…` with the product SVG; null for anything else.
 * @param {URL} url
 */
export function serveDist(url) {
  if (url.pathname.startsWith('/img/')) return { type: 'image/svg+xml', body: productSvg, headers: { 'cache-control': 'max-age=3600' } };
  if (!url.pathname.startsWith('/dist/')) return null;
  snapshotDist();
  const file = normalize(join(distDir, decodeURIComponent(url.pathname.slice('/dist/'.length))));
  if (!file.startsWith(distDir) || !existsSync(file) || !statSync(file).isFile()) return null;
  return { type: types[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) };
}
