import { measurePageView } from '../page/measurePageView.mjs';
import { summarize } from './summarize.mjs';
import { nameTask, sourceNamer } from './longTasks.mjs';
import { snapshotDist } from './serveDist.mjs';

/**
 * Views `url` cold (a fresh browser profile: empty cache and storage) and then
 * warm (a second view in the same profile, themes cached), `runs` times each,
 * plus one traced cold and warm pair for script evaluation and for where Vitrine's time
 * went in its long tasks (tracing slows the page, so its timings are not used, and its
 * long tasks are not counted: the budget counts the untraced views' own Long Tasks and
 * Long Animation Frames entries).
 * @param {import('playwright-core').Browser} browser
 * `viewportHeight` lets a long test page keep every slot near the viewport; `phone` views
 * it at Lighthouse's phone size (412 × 823, touch) instead of 1280 px wide, and
 * `cpuSlowdown` slows the page's main thread (4: Lighthouse's phone).
 * @param {{ url: string, warmUrl?: string, apiOrigin: string, serverLog?: Array<{ method: string }>, runs: number, viewportHeight?: number, phone?: boolean, cpuSlowdown?: number }} o
 */
export async function pageViews(browser, { url, warmUrl = url, apiOrigin, serverLog, runs, viewportHeight = 900, phone = false, cpuSlowdown = 1 }) {
  const viewport = phone ? { width: 412, height: 823 } : { width: 1280, height: viewportHeight };
  const device = phone ? { isMobile: true, hasTouch: true } : {};
  const timeoutMs = 10_000 * cpuSlowdown;
  const cold = [];
  const warm = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport, ...device });
    try {
      cold.push(await measurePageView(context, url, { apiOrigin, serverLog, cpuSlowdown, timeoutMs }));
      warm.push(await measurePageView(context, warmUrl, { apiOrigin, serverLog, cpuSlowdown, timeoutMs }));
    } finally {
      await context.close();
    }
  }
  const context = await browser.newContext({ viewport, ...device });
  let traced;
  try {
    traced = {
      cold: await measurePageView(context, url, { apiOrigin, serverLog, browser, cpuSlowdown, timeoutMs }),
      warm: await measurePageView(context, warmUrl, { apiOrigin, serverLog, browser, cpuSlowdown, timeoutMs }),
    };
  } finally {
    await context.close();
  }
  return { cold: aggregate(cold, traced.cold), warm: aggregate(warm, traced.warm) };
}

/**
 * Medians and p90s over the runs of one kind; counts from the last run (they
 * do not vary between runs of a deterministic page); evaluation time and where Vitrine's
 * time went from the traced run.
 * `vitrineLongTasks`: every long task of Vitrine's in the untraced views, named by the
 * source (through the build's source map) of the script entry it spent longest in and of
 * the functions the page's profiler found innermost most often.
 * `tracedLongTasks`: the traced view's long tasks that JS samples give to Vitrine, with
 * the functions innermost on the stack longest: where the time went, not a count (the
 * sampling lengthens tasks).
 * @param {import('../page/measurePageView.mjs').PageView[]} views
 * @param {import('../page/measurePageView.mjs').PageView} traced
 */
function aggregate(views, traced) {
  const pick = (k) => summarize(views.map((v) => v[k]).filter((x) => x != null));
  const last = views[views.length - 1];
  const name = sourceNamer(snapshotDist());
  const vitrineLong = views.flatMap((v, i) => v.vitrineLongTasks.map((t) => ({ view: i + 1, ms: t.ms, oursMs: t.oursMs, unnamedMs: t.unnamedMs, by: t.by, where: nameTask(name, t) })));
  const tracedLong = (traced.trace?.longTasks ?? []).filter((t) => t.ours).map((t) => ({
    ms: t.ms,
    oursMs: t.oursMs,
    heaviest: t.heaviest.map((f) => `${name(f.url, { line: f.line, column: f.column }) ?? `${f.url.replace(/^.*\//, '')}:${f.line + 1} ${f.fn}`} (${f.ms.toFixed(0)} ms)`),
  }));
  return {
    runs: views.length,
    slots: last.slots,
    searchSlots: last.searchSlots,
    searchBoxes: last.searchBoxes,
    rendered: Math.min(...views.map((v) => v.rendered)),
    errors: [...new Set(views.flatMap((v) => v.errors))],
    startToLast: pick('startToLast'),
    slowestApi: pick('slowestApi'),
    overhead: pick('overhead'),
    lastRender: pick('lastRender'),
    longTasks: Math.max(...views.map((v) => v.longTasks)),
    cls: Math.max(...views.map((v) => v.cls)),
    requests: last.requests,
    requestsVary: new Set(views.map((v) => JSON.stringify(v.requests))).size > 1,
    evaluateMs: traced.trace ? Math.round(traced.trace.evaluateMs * 100) / 100 : null,
    vitrineLongTasks: vitrineLong,
    tracedLongTasks: tracedLong,
    tracedLoafLongTasks: traced.vitrineLongTasks.length,
    allTracedLongTasks: traced.trace?.longTasks ?? [],
  };
}
