// Part 7 of `npm run bench`: the field's yardstick. Lighthouse (the npm module, mobile
// defaults: a Moto G Power screen, simulated 4× CPU slowdown and slow 4G) on the demo
// shop's pages with Vitrine, without it (its scripts blocked through Lighthouse's
// `blockedUrlPatterns`, so every slot keeps its fallback), and drawn by Algolia's
// recommend-js from the same products (bench/lib/algoliaPages.mjs), interleaved, median
// of 3 runs. Per page: performance score, LCP, TBT and the `bootup-time` audit's
// main-thread time charged to Vitrine's scripts and to Algolia's, with Vitrine's figures
// as ratios to Algolia's. HTTP Archive's figures for the vendors are printed as context
// (bench/lib/thirdPartyWeb.mjs). The pages and their budgets: bench/lib/lighthousePages.mjs.
// A run that errors is tried once more; one that errors again is reported, never counted.
//   node bench/runLighthouse.mjs                    this part alone
//   BENCH_LIGHTHOUSE_RUNS=5 node bench/runLighthouse.mjs
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { findChromium } from '../test/browser/findChromium.mjs';
import { loadDemo } from './lib/loadDemo.mjs';
import { snapshotDist } from './lib/serveDist.mjs';
import { printTable } from './lib/printTable.mjs';
import { ALGOLIA_BOOTUP_RATIO, lighthousePages } from './lib/lighthousePages.mjs';
import { ALGOLIA_SCRIPT, startAlgoliaPages } from './lib/algoliaPages.mjs';
import { thirdPartyWeb } from './lib/thirdPartyWeb.mjs';
import { median, retryOnce } from './lib/retryOnce.mjs';
import { describeLcpElement, lcpElementConfig } from './lib/lcpElement.mjs';

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
  settings: { onlyCategories: ['performance'], onlyAudits: lcpElementConfig.onlyAudits, disableFullPageScreenshot: true },
  artifacts: lcpElementConfig.artifacts,
  audits: [{ path: 'bootup-time', options: { thresholdInMs: 0 } }, ...lcpElementConfig.audits],
};

/** The product and collection pages the demo home page links to first. */
async function shopPaths(shopUrl) {
  const html = await (await fetch(shopUrl)).text();
  const first = (prefix) => html.match(new RegExp(`href="(/${prefix}/[^"#?]+)"`))?.[1];
  const product = first('products');
  const collection = first('collections');
  if (!product || !collection) throw new Error('the demo home page links to no product page or no collection page');
  return { product, collection };
}

/**
 * One Lighthouse run; the figures this part reports from its result. `kind` is `with`
 * (Vitrine), `without` (its scripts blocked) or `algolia` (the Algolia twin, whose own
 * script's time is `bootupTotal` and whose Recommend calls answered are `apiRequests`).
 */
async function audit(port, url, apiOrigin, kind) {
  const flags = { port, output: 'json', logLevel: 'error', blockedUrlPatterns: kind == 'without' ? BLOCK_VITRINE : [] };
  const result = await lighthouse(url, flags, config);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (process.env.BENCH_LIGHTHOUSE_TRACE) {
    const a = lhr.audits;
    console.log(`${kind.padEnd(7)} ${new URL(url).pathname} LCP element ${describeLcpElement(lhr.audits['bench-lcp-element']?.details?.element)} score ${Math.round((lhr.categories.performance.score ?? 0) * 100)} LCP ${Math.round(a['largest-contentful-paint'].numericValue ?? 0)} TBT ${Math.round(a['total-blocking-time'].numericValue ?? 0)} | ${(a['bootup-time'].details?.items ?? []).slice(0, 4).map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(i.total))}`).join(', ')}`);
  }
  const script = kind == 'algolia' ? ALGOLIA_SCRIPT : VITRINE_SCRIPT;
  const ours = (lhr.audits['bootup-time'].details?.items ?? []).filter((i) => script.test(String(i.url)));
  const requests = lhr.audits['network-requests'].details?.items ?? [];
  const calls = kind == 'algolia'
    ? requests.filter((r) => String(r.url).startsWith(apiOrigin + '/1/indexes/') && Number(r.statusCode) == 200)
    : requests.filter((r) => String(r.url).startsWith(apiOrigin + '/v1/'));
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
    apiRequests: calls.length,
    lcpElement: describeLcpElement(lhr.audits['bench-lcp-element']?.details?.element),
    warnings: lhr.runWarnings,
  };
}

/** A run that errors is tried once more; the errors are kept for the report, never averaged in. */
export const auditOrRetry = (port, url, apiOrigin, kind, errors) =>
  retryOnce(`${kind} ${new URL(url).pathname}${new URL(url).search}`, () => audit(port, url, apiOrigin, kind), errors);

/** Medians of each figure over the runs (each figure on its own, as the runs vary apart); null without a run. */
function medians(list) {
  if (!list.length) return null;
  const of = (key) => median(list.map((r) => r[key]));
  // The scripts' own split, from the run whose total is the median.
  const middle = list.find((r) => r.bootupTotal === of('bootupTotal'));
  // Which element was largest, run by run (one name when every run agrees).
  const lcpElements = [...new Set(list.map((r) => r.lcpElement))];
  return { runs: list.length, score: of('score'), lcp: of('lcp'), tbt: of('tbt'), bootupTotal: of('bootupTotal'), bootupScripting: of('bootupScripting'), apiRequests: of('apiRequests'), byScript: middle?.byScript ?? {}, benchmarkIndex: of('benchmarkIndex'), lcpElement: lcpElements.join(' | ') };
}

/**
 * Why Algolia's twin of a page cannot stand as a yardstick (null when it can): no run
 * finished, its script did not run, or its Recommend calls were not answered.
 */
function algoliaProblem(algolia, standIn) {
  if (!algolia) return 'no Lighthouse run of its page finished';
  if (standIn.refused.length) return `the Recommend stand-in refused ${standIn.refused.length} request(s): ${standIn.refused[0]}`;
  if (Object.keys(algolia.byScript).length === 0) return 'its script did not run';
  if (algolia.apiRequests === 0) return 'its page made no Recommend call that was answered';
  return null;
}

/** What the page budgets say of one page's medians. */
function checkBudgets({ page, withV, without, algolia, algoliaError }) {
  const failures = [];
  if (!withV || !without) return [`lighthouse: ${page.label}: no run ${withV ? 'without' : 'with'} Vitrine finished`];
  if (without.bootupTotal > 0 || without.apiRequests > 0) failures.push(`lighthouse: ${page.label}: Vitrine ran with its scripts blocked (${BLOCK_VITRINE.join(', ')})`);
  // A slot far below the fold asks the service only on scrolling, so running is the check, not calling.
  if (Object.keys(withV.byScript).length === 0) failures.push(`lighthouse: ${page.label}: no vitrine*.js ran on the page`);
  const ratio = withV.lcp / without.lcp;
  if (page.lcpRatioBudget != null && ratio > page.lcpRatioBudget) {
    failures.push(`lighthouse: ${page.label}: LCP with Vitrine is ${ratio.toFixed(2)}× the page without it (budget ${page.lcpRatioBudget}×)`);
  }
  if (page.algoliaPath) {
    if (algoliaError) failures.push(`lighthouse: ${page.label}: Algolia's page could not be measured: ${algoliaError}`);
    else {
      const bootup = withV.bootupTotal / algolia.bootupTotal;
      if (bootup > ALGOLIA_BOOTUP_RATIO) failures.push(`lighthouse: ${page.label}: Vitrine's scripts take ${Math.round(withV.bootupTotal)} ms of main thread, ${bootup.toFixed(2)}× Algolia's ${Math.round(algolia.bootupTotal)} ms (budget ${ALGOLIA_BOOTUP_RATIO}×)`);
      if (withV.lcp > algolia.lcp) failures.push(`lighthouse: ${page.label}: LCP with Vitrine ${Math.round(withV.lcp)} ms, later than Algolia's ${Math.round(algolia.lcp)} ms (${(withV.lcp / algolia.lcp).toFixed(2)}×; budget 1×)`);
    }
  }
  return failures;
}

/**
 * The budgets between two pages of the same run (`bootupVs`): Vitrine's main-thread time
 * on one page at most a share of its time on another, both medians.
 * @param {Array<{ page: import('./lib/lighthousePages.mjs').LighthousePage, withV: any }>} rows
 */
export function checkBetweenPages(rows) {
  const failures = [];
  for (const { page, withV } of rows) {
    if (!page.bootupVs) continue;
    const { label, ratio } = page.bootupVs;
    const other = rows.find((r) => r.page.label == label)?.withV;
    if (!withV || !other) {
      failures.push(`lighthouse: ${page.label}: its main-thread time could not be compared with the ${label} page's (no run of ${withV ? 'that page' : 'this one'} finished)`);
      continue;
    }
    if (!(other.bootupTotal > 0)) {
      failures.push(`lighthouse: ${page.label}: the ${label} page charged no main-thread time to Vitrine's scripts, so this page's cannot be judged against it`);
      continue;
    }
    const share = withV.bootupTotal / other.bootupTotal;
    if (share > ratio) failures.push(`lighthouse: ${page.label}: Vitrine's scripts take ${Math.round(withV.bootupTotal)} ms of main thread, ${share.toFixed(2)}× the ${label} page's ${Math.round(other.bootupTotal)} ms (budget ${ratio}×)`);
  }
  return failures;
}

/** Under 1000 Lighthouse warns that the host CPU is slower than it expects (its environment.js; docs/throttling.md, calibrating multipliers). */
const benchmarkNote = (index) =>
  index == null
    ? "Lighthouse's benchmark index of this machine: not measured (no run with Vitrine finished)."
    : `Lighthouse's benchmark index of this machine (median): ${Math.round(index)}${index < 1000 ? ' — under 1000, busy: every time here reads high' : ''}.`;

function printResults(rows, version, errors) {
  const ms = (n) => (n == null || Number.isNaN(n) ? null : `${Math.round(n)} ms`);
  const x = (a, b) => (a == null || b == null || !(b > 0) ? null : `${(a / b).toFixed(2)}×`);
  const split = rows.map(({ page, withV, algolia }) => `${page.label}: ${Object.entries(withV?.byScript ?? {}).map(([file, t]) => `${file} ${t} ms`).join(', ') || 'none'}${algolia ? `; Algolia ${Object.entries(algolia.byScript).map(([file, t]) => `${file} ${t} ms`).join(', ') || 'none'}` : ''}`);
  const fig = (m, key) => (m ? m[key] : null);
  printTable(`Lighthouse ${version} (mobile defaults, simulated throttling; median of ${runs} runs each)`,
    ['page', 'drawn by', 'score', 'LCP', 'LCP × without', 'TBT', 'main thread (bootup)', 'of it scripting', '× Algolia: bootup', 'TBT', 'LCP', 'budget'],
    rows.flatMap(({ page, withV, without, algolia, algoliaError }) => {
      const vsAlgolia = !algoliaError && algolia && withV;
      return [
        [page.label, 'nothing (blocked)', without && Math.round(without.score), ms(fig(without, 'lcp')), null, ms(fig(without, 'tbt')), ms(fig(without, 'bootupTotal')), null, null, null, null, null],
        [page.label, 'Vitrine', withV && Math.round(withV.score), ms(fig(withV, 'lcp')), x(fig(withV, 'lcp'), fig(without, 'lcp')), ms(fig(withV, 'tbt')), ms(fig(withV, 'bootupTotal')), ms(fig(withV, 'bootupScripting')),
          vsAlgolia ? x(withV.bootupTotal, algolia.bootupTotal) : null, vsAlgolia ? x(withV.tbt, algolia.tbt) : null, vsAlgolia ? x(withV.lcp, algolia.lcp) : null,
          [page.algoliaPath ? `≤ ${ALGOLIA_BOOTUP_RATIO}× Algolia, LCP ≤ Algolia's` : '', page.lcpRatioBudget != null ? `LCP ≤ ${page.lcpRatioBudget}× without` : '', page.bootupVs ? `bootup ≤ ${page.bootupVs.ratio}× ${page.bootupVs.label}` : ''].filter(Boolean).join('; ') || null],
        ...(page.algoliaPath
          ? [algoliaError
            ? [page.label, 'Algolia', `not measured: ${algoliaError}`, null, null, null, null, null, null, null, null, null]
            : [page.label, 'Algolia', Math.round(algolia.score), ms(algolia.lcp), x(algolia.lcp, fig(without, 'lcp')), ms(algolia.tbt), ms(algolia.bootupTotal), ms(algolia.bootupScripting), null, null, null, null]]
          : []),
      ];
    }),
    [
      `main thread (bootup): the bootup-time audit's total for the widget's own scripts (vitrine*.js; Algolia's bundle of recommend-js, its slider view and API client) — every main-thread task Lighthouse charges to the script: evaluation, parse and compile, the style and layout it forces — times the 4× CPU slowdown; scripting is the evaluation alone.`,
      `× Algolia: Vitrine's figure over Algolia's on the twin page, drawn from the same products by recommend-js ${algoliaVersion()} through a stand-in of the Recommend API on 127.0.0.1 with the sandbox's latency; under 1 is Vitrine lighter or sooner. The server-rendered product page is raced against the same Algolia page as the client-rendered one (recommend-js renders in the browser only).`,
      ...between(rows),
      `By script (median run): ${split.join('; ')}.`,
      `LCP element (the page's own last largest-contentful-paint entry; Lighthouse's LCP-element audit errors with this Chromium): ${rows.map(({ page, withV, without, algolia }) => `${page.label}: without ${without?.lcpElement ?? '–'}; Vitrine ${withV?.lcpElement ?? '–'}${page.algoliaPath ? `; Algolia ${algolia?.lcpElement ?? '–'}` : ''}`).join('. ')}.`,
      benchmarkNote(median(rows.filter((r) => r.withV).map((r) => r.withV.benchmarkIndex))),
      `Context, not a budget — published per page that loads them (HTTP Archive mobile crawl, third-party-web): ${thirdPartyWeb.map((t) => `${t.vendor} ${t.ms} ms`).join(', ')}; those are other machines, themes and widgets.`,
      ...(errors.length ? [`Runs that errored (tried once more; never counted): ${errors.join('; ')}.`] : []),
    ]);
}

/** One line per `bootupVs` budget: the two medians and their ratio, measured or not. */
function between(rows) {
  return rows.filter((r) => r.page.bootupVs).map(({ page, withV }) => {
    const other = rows.find((r) => r.page.label == page.bootupVs.label)?.withV;
    const figure = withV && other && other.bootupTotal > 0 ? `${Math.round(withV.bootupTotal)} ms ÷ ${Math.round(other.bootupTotal)} ms = ${(withV.bootupTotal / other.bootupTotal).toFixed(2)}×` : 'not measured';
    return `${page.label} over ${page.bootupVs.label}, Vitrine's main thread (bootup), same run: ${figure} (budget ≤ ${page.bootupVs.ratio}×).`;
  });
}

function algoliaVersion() {
  try {
    return JSON.parse(readFileSync(new URL('../node_modules/@algolia/recommend-js/package.json', import.meta.url), 'utf8')).version;
  } catch {
    return '';
  }
}

/** @returns {Promise<{ results: object, failures: string[] }>} */
export async function runLighthouse() {
  const { createSandbox, createShop } = await loadDemo(['createSandbox', 'createShop']);
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-lighthouse-'));
  const sandbox = await createSandbox({ port: 0, latencyMs, dataDir });
  let shop;
  let chrome;
  let algoliaPages;
  try {
    shop = await createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, distDir: snapshotDist() });
    const paths = await shopPaths(shop.url);
    const { executablePath, args } = await findChromium();
    // One browser for every run: Lighthouse opens a tab per run and clears the origin's storage and cache first.
    chrome = await launch({ chromePath: executablePath, chromeFlags: [...args, '--headless=new'], logLevel: 'silent' });
    const apiOrigin = new URL(sandbox.url).origin;
    // Algolia's twin pages: a page or stand-in that cannot start leaves Vitrine's rows standing.
    let algoliaSetup = null;
    try {
      algoliaPages = await startAlgoliaPages({ shopUrl: shop.url, sandbox, latencyMs });
      for (const page of lighthousePages) if (page.algoliaPath) await algoliaPages.prepare(page.algoliaPath(paths));
      await algoliaPages.check();
    } catch (error) {
      algoliaSetup = error instanceof Error ? error.message : String(error);
    }
    const errors = [];
    const rows = [];
    /** Algolia's runs per path: the server-rendered product page reuses the client-rendered page's. */
    const algoliaRuns = new Map();
    for (const page of lighthousePages) {
      const url = new URL(page.path(paths), shop.url).href;
      const withoutUrl = new URL((page.withoutPath ?? page.path)(paths), shop.url).href;
      const algoliaUrl = page.algoliaPath && !algoliaSetup ? new URL(page.algoliaPath(paths), algoliaPages.url).href : null;
      const raceAlgolia = algoliaUrl && !algoliaRuns.has(algoliaUrl);
      if (raceAlgolia) algoliaRuns.set(algoliaUrl, []);
      const withRuns = [];
      const withoutRuns = [];
      for (let i = 0; i < runs; i++) {
        const without = await auditOrRetry(chrome.port, withoutUrl, apiOrigin, 'without', errors);
        const withV = await auditOrRetry(chrome.port, url, apiOrigin, 'with', errors);
        const algolia = raceAlgolia ? await auditOrRetry(chrome.port, algoliaUrl, algoliaPages.standInOrigin, 'algolia', errors) : null;
        if (without) withoutRuns.push(without);
        if (withV) withRuns.push(withV);
        if (algolia) algoliaRuns.get(algoliaUrl).push(algolia);
      }
      const algolia = algoliaUrl ? medians(algoliaRuns.get(algoliaUrl)) : null;
      const algoliaError = page.algoliaPath ? (algoliaSetup ? `could not start: ${algoliaSetup}` : algoliaProblem(algolia, algoliaPages.stats())) : null;
      rows.push({ page, url, withV: medians(withRuns), without: medians(withoutRuns), algolia, algoliaError, runs: { with: withRuns, without: withoutRuns, algolia: algoliaUrl ? algoliaRuns.get(algoliaUrl) : [] } });
    }
    const version = rows.find((r) => r.runs.with.length)?.runs.with[0]?.version ?? '';
    printResults(rows, version, errors);
    const failures = [...rows.flatMap((r) => checkBudgets(r)), ...checkBetweenPages(rows)];
    const results = rows.map(({ page, url, withV, without, algolia, algoliaError, runs: all }) => ({ label: page.label, path: new URL(url).pathname + new URL(url).search, with: withV, without, algolia, algoliaError, runs: all }));
    return { results: { runs, latencyMs, lighthouse: version, recommendJs: algoliaVersion(), errors, thirdPartyWeb, pages: results }, failures };
  } finally {
    chrome?.kill();
    await algoliaPages?.close();
    await shop?.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  snapshotDist();
  // Lighthouse's simulation multiplies the time it observes: a busy machine reads high.
  console.log(`${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);
  const started = Date.now();
  const { failures } = await runLighthouse();
  console.log(`\nfinished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const f of failures) console.error('  ✗ ' + f);
  process.exit(failures.length ? 1 : 0);
}
