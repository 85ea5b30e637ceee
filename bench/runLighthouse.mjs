// Part 7 of `npm run bench`: the field's yardstick. Lighthouse (the npm module, mobile
// defaults: a Moto G Power screen, simulated 4× CPU slowdown and slow 4G) on the demo
// shop's pages with Vitrine and without it (its scripts blocked through Lighthouse's
// `blockedUrlPatterns`, so every slot keeps its fallback), interleaved, median of 3 runs.
// Per page: performance score, LCP, TBT and the `bootup-time` audit's main-thread time
// charged to `vitrine*.js`, beside what HTTP Archive measures for the vendors
// (bench/lib/thirdPartyWeb.mjs). The pages and their budgets: bench/lib/lighthousePages.mjs.
//   node bench/runLighthouse.mjs                    this part alone
//   BENCH_LIGHTHOUSE_RUNS=5 node bench/runLighthouse.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { findChromium } from '../test/browser/findChromium.mjs';
import { loadDemo } from './lib/loadDemo.mjs';
import { snapshotDist } from './lib/serveDist.mjs';
import { printTable } from './lib/printTable.mjs';
import { lighthousePages } from './lib/lighthousePages.mjs';
import { thirdPartyWeb } from './lib/thirdPartyWeb.mjs';

const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** The same latency as the page part: within the 10–100 ms interface.md gives. */
const latencyMs = 50;
/** `vitrine.js` and the chunks it loads (`vitrine-search.js`, …), wherever served from. */
const VITRINE_SCRIPT = /\/vitrine[^/]*\.js(?:[?#]|$)/;
const BLOCK_VITRINE = ['*/vitrine*.js'];

/**
 * Lighthouse's default (mobile) config, performance only. `bootup-time` lists a script
 * only from 50 ms up; 0 keeps Vitrine's row however small it gets.
 * @type {import('lighthouse').Config}
 */
const config = {
  extends: 'lighthouse:default',
  settings: { onlyCategories: ['performance'], disableFullPageScreenshot: true },
  audits: [{ path: 'bootup-time', options: { thresholdInMs: 0 } }],
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The product and collection pages the demo home page links to first. */
async function shopPaths(shopUrl) {
  const html = await (await fetch(shopUrl)).text();
  const first = (prefix) => html.match(new RegExp(`href="(/${prefix}/[^"#?]+)"`))?.[1];
  const product = first('products');
  const collection = first('collections');
  if (!product || !collection) throw new Error('the demo home page links to no product page or no collection page');
  return { product, collection };
}

/** One Lighthouse run; the figures this part reports from its result. */
async function audit(port, url, apiOrigin, withVitrine) {
  const flags = { port, output: 'json', logLevel: 'error', blockedUrlPatterns: withVitrine ? [] : BLOCK_VITRINE };
  const result = await lighthouse(url, flags, config);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (process.env.BENCH_LIGHTHOUSE_TRACE) {
    const a = lhr.audits;
    console.log(`${withVitrine ? 'with   ' : 'without'} ${new URL(url).pathname} score ${Math.round((lhr.categories.performance.score ?? 0) * 100)} LCP ${Math.round(a['largest-contentful-paint'].numericValue ?? 0)} TBT ${Math.round(a['total-blocking-time'].numericValue ?? 0)} | ${(a['bootup-time'].details?.items ?? []).slice(0, 4).map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(i.total))}`).join(', ')}`);
  }
  const ours = (lhr.audits['bootup-time'].details?.items ?? []).filter((i) => VITRINE_SCRIPT.test(String(i.url)));
  const requests = lhr.audits['network-requests'].details?.items ?? [];
  return {
    score: (lhr.categories.performance.score ?? 0) * 100,
    lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time'].numericValue ?? NaN,
    bootupTotal: ours.reduce((sum, i) => sum + Number(i.total), 0),
    bootupScripting: ours.reduce((sum, i) => sum + Number(i.scripting), 0),
    byScript: Object.fromEntries(ours.map((i) => [String(i.url).replace(/^.*\//, ''), Math.round(Number(i.total))])),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    version: lhr.lighthouseVersion,
    // The service's calls, not the product images the shop also loads from the sandbox.
    apiRequests: requests.filter((r) => String(r.url).startsWith(apiOrigin + '/v1/')).length,
    warnings: lhr.runWarnings,
  };
}

/** Medians of each figure over the runs (each figure on its own, as the runs vary apart). */
function medians(list) {
  const of = (key) => median(list.map((r) => r[key]));
  // The scripts' own split, from the run whose Vitrine total is the median.
  const middle = list.find((r) => r.bootupTotal === of('bootupTotal'));
  return { score: of('score'), lcp: of('lcp'), tbt: of('tbt'), bootupTotal: of('bootupTotal'), bootupScripting: of('bootupScripting'), apiRequests: of('apiRequests'), byScript: middle?.byScript ?? {}, benchmarkIndex: of('benchmarkIndex') };
}

/** What the page budgets say of one page's medians. */
function checkBudgets(page, withV, without) {
  const failures = [];
  if (without.bootupTotal > 0 || without.apiRequests > 0) failures.push(`lighthouse: ${page.label}: Vitrine ran with its scripts blocked (${BLOCK_VITRINE.join(', ')})`);
  // A slot far below the fold asks the service only on scrolling, so running is the check, not calling.
  if (Object.keys(withV.byScript).length === 0) failures.push(`lighthouse: ${page.label}: no vitrine*.js ran on the page`);
  if (page.bootupBudgetMs != null && withV.bootupTotal > page.bootupBudgetMs) {
    failures.push(`lighthouse: ${page.label}: Vitrine's scripts take ${Math.round(withV.bootupTotal)} ms of main thread (bootup-time; budget ${page.bootupBudgetMs} ms)`);
  }
  const ratio = withV.lcp / without.lcp;
  if (page.lcpRatioBudget != null && ratio > page.lcpRatioBudget) {
    failures.push(`lighthouse: ${page.label}: LCP with Vitrine is ${ratio.toFixed(2)}× the page without it (budget ${page.lcpRatioBudget}×)`);
  }
  return failures;
}

/** Under 1000 Lighthouse warns that the host CPU is slower than it expects (its environment.js; docs/throttling.md, calibrating multipliers). */
const benchmarkNote = (index) =>
  `Lighthouse's benchmark index of this machine (median): ${Math.round(index)}${index < 1000 ? ' — under 1000, busy: every time here reads high' : ''}.`;

function printResults(rows, version) {
  const ms = (n) => `${Math.round(n)} ms`;
  const split = rows.map(({ page, withV }) => `${page.label}: ${Object.entries(withV.byScript).map(([file, t]) => `${file} ${t} ms`).join(', ') || 'none'}`);
  printTable(`Lighthouse ${version} (mobile defaults, simulated throttling; median of ${runs} runs each)`,
    ['page', 'Vitrine', 'score', 'LCP', 'LCP ×', 'TBT', 'Vitrine bootup', 'of it scripting', 'budget'],
    rows.flatMap(({ page, withV, without }) => [
      [page.label, 'without', Math.round(without.score), ms(without.lcp), null, ms(without.tbt), ms(without.bootupTotal), null, null],
      [page.label, 'with', Math.round(withV.score), ms(withV.lcp), `${(withV.lcp / without.lcp).toFixed(2)}×`, ms(withV.tbt), ms(withV.bootupTotal), ms(withV.bootupScripting),
        [page.bootupBudgetMs != null ? `≤ ${page.bootupBudgetMs} ms` : '', page.lcpRatioBudget != null ? `LCP ≤ ${page.lcpRatioBudget}×` : ''].filter(Boolean).join(', ') || null],
    ]),
    [
      `Vitrine bootup: the bootup-time audit's total for vitrine*.js (every main-thread task Lighthouse charges to the script — evaluation, parse and compile, the style and layout it forces — times the 4× CPU slowdown); scripting is the evaluation alone.`,
      `By script (median run): ${split.join('; ')}.`,
      benchmarkNote(median(rows.map((r) => r.withV.benchmarkIndex))),
      `Published, per page that loads them (HTTP Archive mobile crawl, third-party-web): ${thirdPartyWeb.map((t) => `${t.vendor} ${t.ms} ms`).join(', ')}.`,
    ]);
}

/** @returns {Promise<{ results: object, failures: string[] }>} */
export async function runLighthouse() {
  const { createSandbox, createShop } = await loadDemo(['createSandbox', 'createShop']);
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-lighthouse-'));
  const sandbox = await createSandbox({ port: 0, latencyMs, dataDir });
  let shop;
  let chrome;
  try {
    shop = await createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, distDir: snapshotDist() });
    const paths = await shopPaths(shop.url);
    const { executablePath, args } = await findChromium();
    // One browser for every run: Lighthouse opens a tab per run and clears the origin's storage and cache first.
    chrome = await launch({ chromePath: executablePath, chromeFlags: [...args, '--headless=new'], logLevel: 'silent' });
    const apiOrigin = new URL(sandbox.url).origin;
    const rows = [];
    for (const page of lighthousePages) {
      const url = new URL(page.path(paths), shop.url).href;
      const withoutUrl = new URL((page.withoutPath ?? page.path)(paths), shop.url).href;
      const withRuns = [];
      const withoutRuns = [];
      for (let i = 0; i < runs; i++) {
        withoutRuns.push(await audit(chrome.port, withoutUrl, apiOrigin, false));
        withRuns.push(await audit(chrome.port, url, apiOrigin, true));
      }
      rows.push({ page, url, withV: medians(withRuns), without: medians(withoutRuns), runs: { with: withRuns, without: withoutRuns } });
    }
    const version = rows[0]?.runs.with[0]?.version ?? '';
    printResults(rows, version);
    const failures = rows.flatMap((r) => checkBudgets(r.page, r.withV, r.without));
    const results = rows.map(({ page, url, withV, without, runs: all }) => ({ label: page.label, path: new URL(url).pathname + new URL(url).search, with: withV, without, runs: all }));
    return { results: { runs, latencyMs, lighthouse: version, thirdPartyWeb, pages: results }, failures };
  } finally {
    chrome?.kill();
    await shop?.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  snapshotDist();
  // Lighthouse's simulation multiplies the time it observes: a busy machine reads high.
  console.log(`${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);
  const started = Date.now();
  const { failures } = await runLighthouse();
  console.log(`\nfinished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const f of failures) console.error('  ✗ ' + f);
  process.exit(failures.length ? 1 : 0);
}
