// What server rendering costs and saves: `node bench/runServer.mjs` (after `node build.mjs`).
//   1. dist/server.mjs, raw and gzip: what a merchant's server or edge worker loads.
//   2. renderSlots per call against the sandbox: the demo product page's two server
//      slots, 20 calls after a first that fills the theme cache, at 0 and 50 ms of API latency.
//   3. The demo product page in Chromium, server slots on and off (`?ssr=0`), cold:
//      the browser's API requests, Vitrine's script evaluation and when the last slot showed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDemo } from './lib/loadDemo.mjs';
import { chromium } from 'playwright-core';
import { pageViews } from './lib/pageViews.mjs';
import { summarize } from './lib/summarize.mjs';
import { snapshotDist } from './lib/serveDist.mjs';

const CALLS = 20;
const runs = Number(process.env.BENCH_PAGE_RUNS ?? 3);
const { renderSlots } = await import('../dist/server.mjs');
const { createSandbox, createShop } = await loadDemo(['createSandbox', 'createShop']);

const server = readFileSync('dist/server.mjs');
console.log(`dist/server.mjs  ${server.length} B raw  ${gzipSync(server, { level: 9 }).length} B gzip`);

async function timeCalls(latencyMs) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-server-'));
  const sandbox = await createSandbox({ port: 0, latencyMs, dataDir });
  try {
    const options = {
      baseUrl: sandbox.url + '/'.repeat(1 + latencyMs), // a theme cache of its own per latency
      orgId: sandbox.orgId,
      apiKey: sandbox.apiKey,
      consent: true,
      page: { pageType: 'product_page', pname: 'Menton Chore Jacket', sku: 'MV-OUT-001', domain: 'localhost', locale: 'en-IE', currency: 'EUR' },
      slots: [
        { id: 'pdp-bundle', algorithm: 'crosssell', layout: 'bundle', title: 'Complete the look' },
        { id: 'pdp-also-viewed', algorithm: 'viewedalsoviewed categoryreco', layout: 'carousel', title: 'Customers also viewed' },
      ],
    };
    // Time spent waiting on the service (any request in flight), to tell it from rendering.
    let waiting = 0;
    let inFlight = 0;
    let since = 0;
    options.fetch = async (input, init) => {
      if (!inFlight++) since = performance.now();
      try {
        const response = await fetch(input, init);
        return new Response(await response.text(), response);
      } finally {
        if (!--inFlight) waiting += performance.now() - since;
      }
    };
    const first = performance.now();
    const results = await renderSlots(options);
    const coldMs = performance.now() - first;
    const times = [];
    const own = [];
    for (let i = 0; i < CALLS; i++) {
      waiting = 0;
      const t = performance.now();
      await renderSlots(options);
      times.push(performance.now() - t);
      own.push(times[i] - waiting);
    }
    const markup = results.map((r) => r.html).join('');
    const bytes = `${markup.length} B (${gzipSync(markup, { level: 9 }).length} B gzip)`;
    const s = summarize(times);
    const o = summarize(own);
    console.log(`renderSlots, 2 slots, API latency ${latencyMs} ms: first call ${coldMs.toFixed(1)} ms; then median ${s.median} ms, p90 ${s.p90} ms, of which not waiting on the service median ${o.median} ms (${CALLS} calls); ${results.filter((r) => r.ok).length} rendered, ${bytes} of markup`);
  } finally {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await timeCalls(0);
await timeCalls(50);

const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-server-'));
const sandbox = await createSandbox({ port: 0, latencyMs: 50, dataDir });
const shop = await createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, distDir: snapshotDist() });
// The Chromium the browser tests find (CHROMIUM_PATH, system paths, else @sparticuz/chromium).
const { default: packaged } = await import('@sparticuz/chromium');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? (await packaged.executablePath()), headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  const home = await (await fetch(shop.url)).text();
  const path = /href="(\/products\/[^"#?]+)"/.exec(home)[1];
  const modes = [['2 of 5 slots from the server', ''], ['client-rendered (?ssr=0)', '?ssr=0']];
  // When the products of the page's first carousel are in the document, from navigation
  // start (for server slots: when the parser reaches them), interleaved runs.
  const shown = { '': [], '?ssr=0': [] };
  for (let i = 0; i < runs * 2; i++) {
    const query = modes[i % 2][1];
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen = () => document.querySelector('#pdp-also-viewed [data-vitrine-index] a[href], #pdp-also-viewed .vitrine a[href]');
      new MutationObserver((_, o) => seen() && (o.disconnect(), (window.__shown = performance.now()))).observe(document, { childList: true, subtree: true });
    });
    await page.goto(shop.url + path + query, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__shown, null, { timeout: 15_000 });
    shown[query].push(await page.evaluate(() => window.__shown));
    await context.close();
  }
  for (const [label, query] of modes) {
    const v = (await pageViews(browser, { url: shop.url + path + query, apiOrigin: new URL(sandbox.url).origin, serverLog: sandbox.requests, runs: 1 })).cold;
    const t = summarize(shown[query]);
    console.log(`${label.padEnd(30)} first carousel's products in the page ${t.median} ms after navigation (median of ${t.n}); browser requests near the fold: ${v.requests.widgets} widget, ${v.requests.themes} theme`);
  }
} finally {
  await browser.close();
  await shop.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
}
