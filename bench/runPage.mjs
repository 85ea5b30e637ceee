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
/** Lighthouse's mobile preset: a phone's CPU taken as four times slower than the machine's. */
export const PHONE_CPU_SLOWDOWN = 4;

/** The first two product pages the shop links to: one for the cold view, one for the warm. */
async function productPages(shopUrl) {
  const html = await (await fetch(shopUrl)).text();
  const links = [...new Set([...html.matchAll(/href="(\/products\/[^"#?]+)"/g)].map((m) => m[1]))];
  if (links.length < 2) throw new Error(`the demo shop's home page links to ${links.length} product page(s); need 2`);
  // Client-rendered, as the page budgets mean it: the shop's server slots are measured
  // apart by `node bench/runServer.mjs`.
  return links.slice(0, 2).map((p) => new URL(p + '?ssr=0', shopUrl).href);
}

/**
 * The page part; `{ phone: true }` views the page at Lighthouse's phone size with the main
 * thread 4× slower (its CPU slowdown), `BENCH_PHONE_RUNS` (3) views each, under the same
 * budgets: no long task of Vitrine's there either.
 * @returns {Promise<{ results: object, failures: string[] }>}
 */
export async function runPage({ phone = false } = {}) {
  const cpuSlowdown = phone ? PHONE_CPU_SLOWDOWN : 1;
  const viewCount = phone ? Number(process.env.BENCH_PHONE_RUNS ?? 3) : runs;
  const label = phone ? `page (phone, CPU ${cpuSlowdown}× slower)` : 'page';
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
    const views = await pageViews(browser, { url, warmUrl, apiOrigin: new URL(sandbox.url).origin, serverLog: sandbox.requests, runs: viewCount, phone, cpuSlowdown });
    printPageTables(phone ? `Page (demo product page, phone 412 px, CPU ${cpuSlowdown}× slower)` : 'Page (demo product page)', [
      { label: 'cold', v: views.cold },
      { label: 'warm', v: views.warm },
    ], { latencyMs, notes: [`${viewCount} page views each; cold = fresh profile, warm = next product page in the same profile. Pages: ${new URL(url).pathname}, ${new URL(warmUrl).pathname}.`] });
    const failures = checkPageBudgets(label, views, { searchChunks: searchChunks(), noLongTasks: true });
    if (views.cold.rendered === 0) failures.push(`${label}: no slot rendered on the demo product page`);
    return { results: { latencyMs, runs: viewCount, cpuSlowdown, viewport: phone ? 'phone 412×823' : 'desktop 1280×900', url, warmUrl, ...views }, failures };
  } finally {
    await browser?.close();
    await shop?.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node bench/runPage.mjs` runs this part alone (on a build already in dist/); `--phone`
// runs its phone-speed pass.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { failures } = await runPage({ phone: process.argv.includes('--phone') });
  for (const f of failures) console.error(`  ✗ ${f}`);
  process.exit(failures.length ? 1 : 0);
}
