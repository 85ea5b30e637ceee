// Part 5 of `npm run bench`: layout shift on the demo shop's search page, in each state
// a shopper lands in (results, a page-2 link, a query the server-rendered fallback
// misses, no results with recovery, a filtered link, a search made in the page), at
// 390 and 1440 px, against the sandbox with the same fixed latency as part 3.
// Budget: CLS ≤ 0.02 in every state. The search slot's fallback is shorter or shaped
// otherwise than the results; what keeps the page still is vitrine.css's reservation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDemo } from './lib/loadDemo.mjs';
import { launchBrowser } from './lib/launchBrowser.mjs';
import { printTable } from './lib/printTable.mjs';
import { snapshotDist } from './lib/serveDist.mjs';
import { latencyMs } from './runPage.mjs';

export const clsBudget = 0.02;

/** [label, path, optional in-page step]. */
const STATES = [
  ['results', '/search?q=linen'],
  ['page 2 link', '/search?q=shirt&page=2'],
  ['fallback misses (typo)', '/search?q=sweatr'],
  ['no results, recovery', '/search?q=xqzvk'],
  ['did you mean', '/search?q=swetr'],
  ['filtered link', '/search?q=linen&filter=category_s%3Ashirts'],
  ['all products', '/search'],
  ['search in the page', '/search?q=linen', async (page) => {
    await page.fill('#site-search-q', 'wool coat');
    await page.press('#site-search-q', 'Enter');
  }],
];
const VIEWPORTS = [{ width: 390, height: 844 }, { width: 1440, height: 900 }];

/** Layout shifts without recent input, summed, from before the first paint. */
const observe = () => {
  const w = /** @type {any} */ (window);
  w.__cls = 0;
  new PerformanceObserver((list) => list.getEntries().forEach((e) => {
    if (!(/** @type {any} */ (e)).hadRecentInput) w.__cls += /** @type {any} */ (e).value;
  })).observe({ type: 'layout-shift', buffered: true });
};

async function measure(browser, url, viewport, step) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.addInitScript(observe);
  await page.goto(url);
  await page.waitForSelector('.vitrine-search__count[data-vitrine-total]', { timeout: 15_000 });
  if (step) await step(page);
  // Widgets under the results and images land after the answer: wait for the page to rest.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const cls = await page.evaluate(() => /** @type {any} */ (window).__cls);
  await context.close();
  return cls;
}

/** @returns {Promise<{ results: object, failures: string[] }>} */
export async function runSearch() {
  const { createSandbox, createShop } = await loadDemo(['createSandbox', 'createShop']);
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-search-'));
  const sandbox = await createSandbox({ port: 0, latencyMs, dataDir });
  let shop;
  let browser;
  try {
    shop = await createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, distDir: snapshotDist() });
    browser = await launchBrowser();
    const rows = [];
    const failures = [];
    for (const [label, path, step] of STATES) {
      const row = [label];
      for (const viewport of VIEWPORTS) {
        const cls = await measure(browser, shop.url + path, viewport, step);
        row.push(Number(cls.toFixed(3)));
        if (cls > clsBudget) failures.push(`search CLS: "${label}" (${path}) at ${viewport.width} px is ${cls.toFixed(3)} (budget ${clsBudget})`);
      }
      rows.push(row);
    }
    printTable('Search page layout shift (CLS)', ['state', '390 px', '1440 px'], rows, [
      `Budget ${clsBudget} in every state. ${latencyMs} ms API latency; one fresh profile per view; shifts after input excluded, as CLS does.`,
    ]);
    return { results: { clsBudget, states: rows.map(([label, phone, desktop]) => ({ label, phone, desktop })) }, failures };
  } finally {
    await browser?.close();
    await shop?.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node bench/runSearch.mjs` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { failures } = await runSearch();
  for (const f of failures) console.error(`  ✗ ${f}`);
  process.exit(failures.length ? 1 : 0);
}
