// Part 3 of `npm run bench`: the demo shop's product page (three slots) against
// the sandbox service with a fixed latency, cold and warm.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDemo } from './lib/loadDemo.mjs';
import { launchBrowser } from './lib/launchBrowser.mjs';
import { pageViews } from './lib/pageViews.mjs';
import { checkPageBudgets } from './lib/checkPageBudgets.mjs';
import { printPageTables } from './lib/printPageTables.mjs';
import { searchChunks } from './lib/searchChunks.mjs';
import { snapshotDist } from './lib/serveDist.mjs';

/** Within the 10–100 ms interface.md gives for search and recommendation calls. */
export const latencyMs = 50;
const runs = Number(process.env.BENCH_PAGE_RUNS ?? 5);

/** The first two product pages the shop links to: one for the cold view, one for the warm. */
async function productPages(shopUrl) {
  const html = await (await fetch(shopUrl)).text();
  const links = [...new Set([...html.matchAll(/href="(\/products\/[^"#?]+)"/g)].map((m) => m[1]))];
  if (links.length < 2) throw new Error(`the demo shop's home page links to ${links.length} product page(s); need 2`);
  // Client-rendered, as the page budgets mean it: the shop's server slots are measured
  // apart by `node bench/runServer.mjs`.
  return links.slice(0, 2).map((p) => new URL(p + '?ssr=0', shopUrl).href);
}

/** @returns {Promise<{ results: object, failures: string[] }>} */
export async function runPage() {
  const { createSandbox, createShop } = await loadDemo(['createSandbox', 'createShop']);
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  const sandbox = await createSandbox({ port: 0, latencyMs, dataDir });
  let shop;
  let browser;
  try {
    // The shop serves the embed from the bench's snapshot of dist/ (see serveDist).
    shop = await createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, distDir: snapshotDist() });
    const [url, warmUrl] = await productPages(shop.url);
    browser = await launchBrowser();
    const views = await pageViews(browser, { url, warmUrl, apiOrigin: new URL(sandbox.url).origin, serverLog: sandbox.requests, runs });
    printPageTables('Page (demo product page)', [
      { label: 'cold', v: views.cold },
      { label: 'warm', v: views.warm },
    ], { latencyMs, notes: [`${runs} page views each; cold = fresh profile, warm = next product page in the same profile. Pages: ${new URL(url).pathname}, ${new URL(warmUrl).pathname}.`] });
    const failures = checkPageBudgets('page', views, { searchChunks: searchChunks(), noLongTasks: true });
    if (views.cold.rendered === 0) failures.push('page: no slot rendered on the demo product page');
    return { results: { latencyMs, runs, url, warmUrl, ...views }, failures };
  } finally {
    await browser?.close();
    await shop?.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
