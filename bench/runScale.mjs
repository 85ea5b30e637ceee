// Part 4 of `npm run bench`: one product page with 1, 5 and 20 slots against the
// sandbox, to show how Vitrine's overhead grows with the number of widgets.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDemo } from './lib/loadDemo.mjs';
import { launchBrowser } from './lib/launchBrowser.mjs';
import { startServer } from './lib/startServer.mjs';
import { serveDist } from './lib/serveDist.mjs';
import { pageViews } from './lib/pageViews.mjs';
import { sandboxProducts } from './lib/sandboxProducts.mjs';
import { checkPageBudgets } from './lib/checkPageBudgets.mjs';
import { printPageTables } from './lib/printPageTables.mjs';
import { searchChunks } from './lib/searchChunks.mjs';
import { latencyMs } from './runPage.mjs';

const slotCounts = [1, 5, 20];
const runs = Number(process.env.BENCH_SCALE_RUNS ?? 3);

/** @returns {Promise<{ results: object, failures: string[] }>} */
export async function runScale() {
  const { createSandbox } = await loadDemo(['createSandbox']);
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  const sandbox = await createSandbox({ port: 0, latencyMs, dataDir });
  let server;
  let browser;
  try {
    const [product, other] = await sandboxProducts(sandbox);
    const { scalePage } = await import('./page/scalePage.mjs');
    server = await startServer((url) => {
      const m = /^\/page\/(\d+)\/(a|b)$/.exec(url.pathname);
      if (m) return { type: 'text/html', body: scalePage({ slots: Number(m[1]), product: m[2] === 'a' ? product : other, sandbox }) };
      return serveDist(url);
    });
    browser = await launchBrowser();
    const rows = [];
    const failures = [];
    const results = {};
    for (const n of slotCounts) {
      const views = await pageViews(browser, { url: `${server.url}/page/${n}/a`, warmUrl: `${server.url}/page/${n}/b`, apiOrigin: new URL(sandbox.url).origin, serverLog: sandbox.requests, runs, viewportHeight: 900 + n * 700 });
      results[n] = views;
      rows.push({ label: `${n} slot${n > 1 ? 's' : ''} cold`, v: views.cold, n, kind: 'cold' });
      rows.push({ label: `${n} slot${n > 1 ? 's' : ''} warm`, v: views.warm, n, kind: 'warm' });
      failures.push(...checkPageBudgets(`scale ${n} slots`, views, { searchChunks: searchChunks(), noLongTasks: false }));
    }
    const one = (kind) => rows.find((r) => r.n === 1 && r.kind === kind)?.v;
    printPageTables('Scale (bench product page, 1 / 5 / 20 slots)', rows, {
      latencyMs,
      baseline: (r) => one(/** @type {any} */ (r).kind),
      baselineName: '1 slot',
      notes: [
        `${runs} page views per row; slots cycle through the 12 algorithms and the three layouts. The viewport is as tall as the page,`,
        '  so every slot loads at once (Vitrine defers slots more than 600 px below the viewport).',
      ],
    });
    return { results: { latencyMs, runs, ...results }, failures };
  } finally {
    await browser?.close();
    await server?.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
