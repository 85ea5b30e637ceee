// Part 5 of `npm run bench`: the demo home page's Largest Contentful Paint with Vitrine
// and without it (the same page with vitrine.js blocked, so every slot keeps its
// fallback), in the same run, alternating, on an emulated phone: Lighthouse's mobile
// settings applied for real (a 412 × 823 screen at DPR 1.75, 4× CPU slowdown, 150 ms
// round trips, 1.6 Mbit/s down, 750 kbit/s up; https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md).
// Beside them, a floor: the same page whose vitrine.js is a few lines that ask for the
// home widget's products the moment they run and then load the first product's image.
// No client-rendered widget shows that image sooner (no theme, no chunk, no drawing),
// so the floor says how much of the ratio any client-rendered widget would have. The
// budget is on the floor: LCP with Vitrine at most 1.15× the floor's time.
// A view that gives no figure is tried once more, then reported and left out.
//   node bench/runLcp.mjs                        this part alone
//   BENCH_LCP_TRACE=1 node bench/runLcp.mjs      also each view's resource timings, Vitrine events and long tasks
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadDemo } from './lib/loadDemo.mjs';
import { launchBrowser } from './lib/launchBrowser.mjs';
import { snapshotDist } from './lib/serveDist.mjs';
import { printTable } from './lib/printTable.mjs';
import { median, retryOnce } from './lib/retryOnce.mjs';

const runs = Number(process.env.BENCH_LCP_RUNS ?? 5);
/**
 * The budget: the page with Vitrine paints its largest element at most 1.15× as late as
 * the no-draw floor (below), on the same emulated phone in the same run.
 */
export const lcpFloorBudget = 1.15;
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};

/**
 * The floor's vitrine.js: the widget call as interface.md has it (the same headers, so the
 * same CORS preflight), made at once with the slot's id known in advance, then the first
 * product's image, which is the image Vitrine's first card shows. `window.__floorImage`
 * is when that image has loaded: the earliest it could be painted; -1 when the call or
 * the image failed.
 */
const FLOOR_SCRIPT = `(() => {
  const settings = document.currentScript.dataset;
  const query = new URLSearchParams({ divisionId: 'home-trending', orgId: settings.orgId, site_uid: crypto.randomUUID(), domain: location.hostname });
  fetch(settings.baseUrl + '/v1/widgetserver/trending?' + query, {
    credentials: 'omit',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Service-Access-Token': settings.apiKey, 'X-Service-orgId': settings.orgId },
  })
    .then((response) => response.json())
    .then((envelope) => {
      const image = new Image();
      image.onload = () => (window.__floorImage = performance.now());
      image.onerror = () => (window.__floorImage = -1);
      image.src = envelope.products[0].smallImage;
    })
    .catch(() => (window.__floorImage = -1));
})();
`;

/** Each request of the view: start and end (ms from navigation) and its path. */
const printResources = async (page) =>
  console.log(await page.evaluate(() => performance.getEntriesByType('resource').map((r) => `${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ${r.name.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)}`).join('\n')));

/** The phone's view of a page that did not give a figure: retried once, then reported. */
class MissedView extends Error {}

/**
 * One cold page view: the last LCP entry once the page is quiet, and what it was; for
 * the floor (`floor`), when its first product image had loaded. Throws when the view
 * gives no figure (no LCP entry, the widget or the floor's image never came), so the
 * caller can try it once more and report it rather than average it in.
 * @param {'without' | 'with' | 'floor'} kind
 * @returns {Promise<{ t: number, what: string }>}
 */
async function lcpOf(browser, url, kind) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    if (kind == 'without') await page.route('**/dist/vitrine.js', (route) => route.abort());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = /** @type {any} */ (window);
      w.__lcp = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__lcp.push({ t: e.startTime, what: e.element ? e.element.tagName.toLowerCase() + (e.element.closest('[data-vitrine]') ? ' in #' + e.element.closest('[data-vitrine]').id : '') + (e.element.getAttribute('loading') ? ' loading=' + e.element.getAttribute('loading') : '') : '?' });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      w.__ev = [];
      for (const n of ['render', 'error']) document.addEventListener('vitrine:' + n, (e) => w.__ev.push(`${Math.round(performance.now())} ${n} ${/** @type {any} */ (e.target).id} ${JSON.stringify(/** @type {any} */ (e).detail.ms)}`));
      new PerformanceObserver((list) => { for (const e of list.getEntries()) w.__ev.push(`${Math.round(e.startTime)} longtask ${Math.round(e.duration)}`); }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Widgets land after the load event: wait until the first slot has an outcome, then for quiet.
    if (kind == 'with') {
      await page.waitForSelector('#home-trending .vitrine', { timeout: 30_000 }).catch(() => {
        throw new MissedView('the home widget (#home-trending) did not render within 30 s');
      });
    }
    if (kind == 'floor') {
      const loaded = await page.waitForFunction(() => /** @type {any} */ (window).__floorImage, null, { timeout: 30_000 }).catch(() => {
        throw new MissedView('the first product image had not loaded within 30 s');
      });
      if (process.env.BENCH_LCP_TRACE) await printResources(page);
      const t = await loaded.jsonValue();
      if (!(t > 0)) throw new MissedView('the widget call or its first image failed');
      return { t, what: 'first product image loaded' };
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    // LCP stops at the first input; nothing here types or clicks, so the last entry is it.
    const entries = await page.evaluate(() => /** @type {any} */ (window).__lcp);
    if (process.env.BENCH_LCP_TRACE) console.log((await page.evaluate(() => /** @type {any} */ (window).__ev)).join('\n'));
    if (process.env.BENCH_LCP_TRACE) await printResources(page);
    const last = entries[entries.length - 1];
    // A busy machine can leave a view with no entry at all (nothing painted while observed).
    if (!last || !(last.t > 0)) throw new MissedView('the page recorded no largest-contentful-paint entry');
    return last;
  } finally {
    await context.close();
  }
}

/**
 * The figures of one kind of view: the median of those that gave one, and what the
 * largest element was. Null median when no view did.
 * @param {Array<{ t: number, what: string } | null>} views
 */
export function summarizeViews(views) {
  const got = /** @type {Array<{ t: number, what: string }>} */ (views.filter(Boolean));
  return { ms: median(got.map((e) => e.t)), measured: got.length, what: [...new Set(got.map((e) => e.what))].join('; ') || null };
}

/**
 * What the budget says of the medians: the page with Vitrine paints its largest element
 * at most `lcpFloorBudget` × the floor's time; a figure that is missing is a failure
 * that says which, never a crash.
 * @param {{ without: number | null, with: number | null, floor: number | null }} ms
 * @returns {string[]}
 */
export function judgeLcp(ms) {
  if (ms.with == null) return ['lcp: no view of the home page with Vitrine gave an LCP figure, so the budget could not be judged'];
  if (ms.floor == null) return [`lcp: no view of the floor gave a figure, so the home page's LCP with Vitrine (${Math.round(ms.with)} ms) could not be judged against it`];
  const byFloor = ms.with / ms.floor;
  if (byFloor <= lcpFloorBudget) return [];
  const byWithout = ms.without == null ? '' : `; ${(ms.with / ms.without).toFixed(2)}× the page without it, whose floor is ${(ms.floor / ms.without).toFixed(2)}×`;
  return [`lcp: the home page's LCP with Vitrine is ${Math.round(ms.with)} ms, ${byFloor.toFixed(2)}× the no-draw floor's ${Math.round(ms.floor)} ms (budget ${lcpFloorBudget}×${byWithout})`];
}

/**
 * Never throws: a view that gives no figure is tried once more and then reported, and a
 * part that cannot start is a failure with its reason.
 * @returns {Promise<{ results: object, failures: string[] }>}
 */
export async function runLcp() {
  try {
    return await measureLcp();
  } catch (error) {
    return { results: { error: error instanceof Error ? error.message : String(error) }, failures: [`lcp: could not run — ${error instanceof Error ? error.message : String(error)}`] };
  }
}

async function measureLcp() {
  const { createSandbox, createShop } = await loadDemo(['createSandbox', 'createShop']);
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-lcp-'));
  const sandbox = await createSandbox({ port: 0, latencyMs: 50, dataDir });
  // The floor's shop serves the same pages with its own vitrine.js.
  const floorDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-lcp-floor-'));
  writeFileSync(join(floorDir, 'vitrine.js'), FLOOR_SCRIPT);
  let shop;
  let floorShop;
  let browser;
  try {
    shop = await createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, distDir: snapshotDist() });
    floorShop = await createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, distDir: floorDir });
    browser = await launchBrowser();
    const url = shop.url + '/';
    /** @type {Record<'without' | 'with' | 'floor', Array<{ t: number, what: string } | null>>} */
    const views = { without: [], with: [], floor: [] };
    /** @type {string[]} */
    const missed = [];
    const viewNames = { without: 'without Vitrine', with: 'with Vitrine', floor: 'floor' };
    // A kind whose first two views give nothing twice each (a broken build, a page that
    // never paints) is not tried further: its remaining views would only wait out their timeouts.
    const givenUp = new Set();
    for (let i = 0; i < runs; i++) {
      for (const kind of /** @type {const} */ (['without', 'with', 'floor'])) {
        if (givenUp.has(kind)) continue;
        const target = kind == 'floor' ? floorShop.url + '/' : url;
        views[kind].push(await retryOnce(`${viewNames[kind]}, view ${i + 1}`, () => lcpOf(browser, target, kind), missed));
        if (i == 1 && views[kind].every((v) => v == null)) {
          givenUp.add(kind);
          missed.push(`${viewNames[kind]}: no view gave a figure in two, the other ${runs - 2} not tried`);
        }
      }
    }
    const without = summarizeViews(views.without);
    const withV = summarizeViews(views.with);
    const floor = summarizeViews(views.floor);
    const ms = { without: without.ms, with: withV.ms, floor: floor.ms };
    const x = (a, b) => (a == null || b == null ? null : `${(a / b).toFixed(2)}×`);
    const at = (m) => (m == null ? 'not measured' : `${Math.round(m)} ms`);
    const count = (s) => (s.measured == runs ? null : `${s.measured} of ${runs} views measured`);
    printTable(`LCP (demo home page, emulated phone: 4× CPU, 150 ms RTT, 1.6 Mbit/s; median of ${runs} cold views each)`, ['', 'LCP', '× without', '× floor', 'largest element'], [
      ['without Vitrine', at(without.ms), null, null, [without.what, count(without)].filter(Boolean).join('; ') || null],
      ['with Vitrine', at(withV.ms), x(withV.ms, without.ms), x(withV.ms, floor.ms) && `${x(withV.ms, floor.ms)} (budget ≤ ${lcpFloorBudget}×)`, [withV.what, count(withV)].filter(Boolean).join('; ') || null],
      ['floor: the widget call at once, then its first image', at(floor.ms), x(floor.ms, without.ms), null, [floor.what, count(floor)].filter(Boolean).join('; ') || null],
    ], [
      'The floor is no LCP: it is when the image Vitrine paints could have loaded at the earliest,',
      'with nothing drawn, on the same page and network (a script of a few lines, the call with its preflight, the image).',
      `Budget: LCP with Vitrine ≤ ${lcpFloorBudget}× the floor; × without is printed beside it (the floor's own × without is what no client-rendered widget can win back).`,
      ...(missed.length ? [`Views with no figure (each tried once more; a second miss is left out of the medians): ${missed.join('; ')}.`] : []),
    ]);
    const failures = judgeLcp(ms);
    return {
      results: {
        runs,
        budget: { withOverFloor: lcpFloorBudget },
        withoutMs: without.ms,
        withMs: withV.ms,
        floorMs: floor.ms,
        ratio: withV.ms != null && without.ms != null ? withV.ms / without.ms : null,
        ratioToFloor: withV.ms != null && floor.ms != null ? withV.ms / floor.ms : null,
        floorRatio: floor.ms != null && without.ms != null ? floor.ms / without.ms : null,
        missed,
        without: views.without,
        with: views.with,
        floor: views.floor,
      },
      failures,
    };
  } finally {
    await browser?.close();
    await shop?.close();
    await floorShop?.close();
    rmSync(floorDir, { recursive: true, force: true });
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  snapshotDist();
  const { failures } = await runLcp();
  for (const f of failures) console.error('  ✗ ' + f);
  process.exit(failures.length ? 1 : 0);
}
