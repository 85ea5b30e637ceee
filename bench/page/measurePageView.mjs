// One page view of a storefront page with Vitrine slots, measured in Chromium.
import { fileURLToPath } from 'node:url';
import { readTrace, traceCategories } from '../lib/readTrace.mjs';
import { allowJsProfiling, observeLongTasks, readLongTasksInPage, vitrineTasks } from '../lib/longTasks.mjs';

const observer = fileURLToPath(new URL('./observePage.js', import.meta.url));

/** Vitrine's own scripts, whatever path the page serves them from. */
export const isVitrineScript = (url) => /\/vitrine[^/]*\.m?js(\?|$)/.test(url) || /\/dist\/[^/]*search[^/]*\.m?js(\?|$)/.test(url);

/**
 * @typedef {object} PageView
 * @property {number} slots slots on the page (`[data-vitrine]`, `[data-vitrine-search]`)
 * @property {number} searchSlots of those, search slots (`[data-vitrine-search]`)
 * @property {number} searchBoxes search boxes (`[data-vitrine-searchbox]`): not a results slot
 * @property {number} rendered slots that sent `vitrine:render`
 * @property {string[]} errors `vitrine:error` details
 * @property {number | null} scriptStart ms: the embed's bytes in hand (resource responseEnd); an async script runs then
 * @property {number | null} lastRender ms: the last `vitrine:render`
 * @property {number | null} apiEnd ms: the last service response in hand
 * @property {number | null} slowestApi ms: the longest single service request
 * @property {number | null} startToLast lastRender − scriptStart
 * @property {number | null} overhead lastRender − apiEnd: Vitrine's time after its last answer
 * @property {number} longTasks long tasks on the page (any script)
 * @property {import('../lib/longTasks.mjs').VitrineTask[]} vitrineLongTasks of those, Vitrine's, by the page's own
 *   Long Tasks and Long Animation Frames entries (bench/lib/longTasks.mjs)
 * @property {number} cls cumulative layout shift
 * @property {{ total: number, widgets: number, distinctWidgets: number, themes: number, otherApi: number, preflights: number | null, scripts: string[] }} requests
 * @property {ReturnType<typeof readTrace> | null} trace
 */

/**
 * Opens `url` in `context`, waits until every slot has rendered or failed,
 * then reads the page's records.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url
 * @param {{ apiOrigin: string, browser?: import('playwright-core').Browser, serverLog?: Array<{ method: string }>, timeoutMs?: number, cpuSlowdown?: number }} options
 *   `browser` turns tracing on; `serverLog` (the sandbox's request log) lets CORS preflights be counted, which the page cannot see;
 *   `cpuSlowdown` runs the page's main thread that many times slower (DevTools' CPU throttling; 4 is Lighthouse's phone)
 * @returns {Promise<PageView>}
 */
export async function measurePageView(context, url, { apiOrigin, browser, serverLog, timeoutMs = 10_000, cpuSlowdown = 1 }) {
  const logStart = serverLog?.length ?? 0;
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // The traced view has the trace's own JS samples; a second profiler there would add its
  // samples to the trace, and its absence shows what Long Animation Frames alone would see.
  if (!browser) await allowJsProfiling(cdp);
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.addInitScript({ path: observer });
  await page.addInitScript(observeLongTasks);
  /** @type {string[]} */
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  /** @type {string[]} */
  const broken = [];
  page.on('response', (r) => {
    if (isVitrineScript(r.url()) && r.status() >= 400) broken.push(`${new URL(r.url()).pathname} answered ${r.status()}`);
  });
  if (browser) await browser.startTracing(page, { categories: traceCategories });
  try {
    await page.goto(url, { waitUntil: 'load' });
    const [slots, searchSlots, searchBoxes] = await page.evaluate(() => [
      document.querySelectorAll('[data-vitrine], [data-vitrine-search]').length,
      document.querySelectorAll('[data-vitrine-search]').length,
      document.querySelectorAll('[data-vitrine-searchbox]').length,
    ]);
    // Vitrine loads a slot when it comes within 600 px of the viewport (src/browser/boot.ts,
    // NEAR), so slots further down are not on the critical path: wait for the
    // near ones to render or fail; the rest are reported as deferred.
    await page
      .waitForFunction(
        () => {
          const s = /** @type {any} */ (window).__vitrineBench;
          const done = new Set([...s.renders, ...s.errors].map((r) => r.id));
          const near = [...document.querySelectorAll('[data-vitrine], [data-vitrine-search]')].filter((el) => el.getBoundingClientRect().top <= innerHeight + 600);
          return done.size > 0 && near.every((el) => done.has(el.id));
        },
        undefined,
        { timeout: timeoutMs, polling: 50 },
      )
      .catch(() => undefined); // a slot that never answers shows as rendered < slots
    if (broken.length) throw new Error(`${url}: ${broken.join(', ')}`);
    // Late layout shifts (images, fonts) and late requests (revalidation) still count.
    await page.waitForTimeout(400);
    const trace = browser ? readTrace(await browser.stopTracing(), isVitrineScript) : null;
    const long = await page.evaluate(readLongTasksInPage);
    const rec = await page.evaluate(() => ({
      seen: /** @type {any} */ (window).__vitrineBench,
      resources: performance.getEntriesByType('resource').map((r) => ({ name: r.name, start: r.startTime, end: /** @type {PerformanceResourceTiming} */ (r).responseEnd })),
    }));
    const preflights = serverLog ? serverLog.slice(logStart).filter((r) => r.method === 'OPTIONS').length : null;
    return summarizeView(slots, searchSlots, searchBoxes, { ...rec, ...long }, requested, apiOrigin, trace, preflights);
  } finally {
    await page.close();
  }
}

function summarizeView(slots, searchSlots, searchBoxes, rec, requested, apiOrigin, trace, preflights) {
  const { seen, resources, longTasks, scripts: longScripts, samples } = rec;
  const script = resources.find((r) => /\/vitrine\.js(\?|$)/.test(r.name)) ?? resources.find((r) => isVitrineScript(r.name));
  // Product images may come from the service's host too; they are not API answers.
  const isApi = (u) => u.startsWith(apiOrigin) && !new URL(u).pathname.startsWith('/images/');
  const api = resources.filter((r) => isApi(r.name));
  const renderIds = new Set(seen.renders.map((r) => r.id));
  const lastRender = seen.renders.length ? Math.max(...seen.renders.map((r) => r.t)) : null;
  const apiEnd = api.length ? Math.max(...api.map((r) => r.end)) : null;
  const apiRequests = requested.filter(isApi);
  const widgetRequests = apiRequests.filter((u) => new URL(u).pathname.startsWith('/v1/widgetserver/') && !/search/.test(new URL(u).pathname));
  const themeRequests = apiRequests.filter((u) => new URL(u).pathname === '/v1/theme');
  const diff = (a, b) => (a == null || b == null ? null : round(a - b));
  return {
    slots,
    searchSlots,
    searchBoxes,
    rendered: renderIds.size,
    errors: seen.errors.map((e) => `#${e.id}: ${e.detail}`),
    scriptStart: script ? round(script.end) : null,
    lastRender: lastRender == null ? null : round(lastRender),
    apiEnd: apiEnd == null ? null : round(apiEnd),
    slowestApi: api.length ? round(Math.max(...api.map((r) => r.end - r.start))) : null,
    startToLast: diff(lastRender, script?.end),
    overhead: diff(lastRender, apiEnd),
    longTasks: seen.longTasks.length,
    vitrineLongTasks: vitrineTasks(longTasks, longScripts, isVitrineScript, samples),
    // The entries themselves, for bench/results/latest.json (not the samples: too many).
    longTaskEntries: { longTasks, scripts: longScripts, profiled: samples != null },
    cls: Math.round(seen.cls * 10000) / 10000,
    requests: {
      total: requested.length,
      widgets: widgetRequests.length,
      distinctWidgets: new Set(widgetRequests).size,
      themes: themeRequests.length,
      otherApi: apiRequests.length - widgetRequests.length - themeRequests.length,
      preflights,
      scripts: requested.filter((u) => isVitrineScript(u)).map((u) => new URL(u).pathname),
    },
    trace,
  };
}

function round(x) {
  return Math.round(x * 100) / 100;
}
