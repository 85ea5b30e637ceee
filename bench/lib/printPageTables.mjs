import { printTable } from './printTable.mjs';
import { formatRatio } from './ratio.mjs';

/**
 * Two tables for page views: timing (what the shopper waits for) and requests.
 * @param {string} title
 * @param {Array<{ label: string, v: any }>} rows aggregates from pageViews()
 * @param {{ latencyMs: number, baseline?: (row: any) => any, baselineName?: string, notes?: string[] }} o   `baseline` gets the whole row
 */
export function printPageTables(title, rows, { latencyMs, baseline, baselineName, notes = [] }) {
  const timingCols = ['page view', 'slots', 'rendered', 'eval ms', 'start→last', 'p90', 'slowest API', 'overhead', 'p90', '× latency', 'long tasks', 'of Vitrine', 'traced', 'CLS'];
  if (baseline) timingCols.push(`start→last × ${baselineName}`, `overhead × ${baselineName}`);
  printTable(
    `${title}: timing (ms, medians; API latency fixed at ${latencyMs} ms)`,
    timingCols,
    rows.map((row) => {
      const { label, v } = row;
      const r = [
        label, v.slots, v.rendered, v.evaluateMs, v.startToLast.median, v.startToLast.p90, v.slowestApi.median,
        v.overhead.median, v.overhead.p90, formatRatio(v.overhead.median, latencyMs), v.longTasks, v.vitrineLongTasks.length, v.tracedLongTasks.length, v.cls,
      ];
      if (baseline) r.push(formatRatio(v.startToLast.median, baseline(row)?.startToLast.median), formatRatio(v.overhead.median, baseline(row)?.overhead.median));
      return r;
    }),
    [
      'eval ms = evaluating the embed script, which puts the page API in place (Chromium trace); start→last = script bytes in hand → last vitrine:render;',
      'overhead = last vitrine:render − last service response in hand: Vitrine\'s own time on the critical path; × latency = overhead ÷ API latency.',
      'long tasks = over 50 ms on the page (any script), the most in one view; of Vitrine = those in all the untraced views where Vitrine\'s code ran longest and for a quarter of the task or more,',
      '  by the page\'s own Long Animation Frames script entries or its JS Self-Profiling samples (as the long-task part reads them); traced = the traced view\'s long tasks that the trace\'s',
      '  JS samples give to Vitrine, not counted against the budget (dense sampling lengthens tasks; eval ms reads high for the same reason).',
      ...rows.flatMap(({ label, v }) => v.vitrineLongTasks.map((t) => `${label}: a ${t.ms.toFixed(0)} ms task of Vitrine's (view ${t.view}): ${t.where}`)),
      ...rows.flatMap(({ label, v }) => v.tracedLongTasks.map((t) => `${label}, traced: ${t.ms.toFixed(0)} ms (${t.oursMs.toFixed(0)} ms sampled in Vitrine), most in ${t.heaviest.join(', ') || 'no function of its named'}`)),
      ...rows.filter(({ v }) => v.tracedLongTasks.length).map(({ label, v }) => `${label}: in the traced view, Long Animation Frames entries alone (no profiler) give Vitrine ${v.tracedLoafLongTasks} long task(s) where the trace's JS samples give ${v.tracedLongTasks.length}.`),
      ...notes,
    ],
  );
  printTable(
    `${title}: requests per page view`,
    ['page view', 'total', 'widget', 'distinct widgets', 'theme', 'other API', 'CORS preflight', 'Vitrine scripts'],
    rows.map(({ label, v }) => [label, v.requests.total, v.requests.widgets, v.requests.distinctWidgets, v.requests.themes, v.requests.otherApi, v.requests.preflights, v.requests.scripts.map((s) => s.split('/').pop()).join(' ') || '–']),
    [
      'total = every request the page made (document, scripts, images, API); CORS preflights are counted by the sandbox (the page cannot see them).',
      ...rows.filter((r) => r.v.requestsVary).map((r) => `${r.label}: request counts varied between runs; the last run is shown.`),
      ...rows.filter((r) => r.v.errors.length).map((r) => `${r.label}: vitrine:error ${r.v.errors.slice(0, 3).join('; ')}`),
    ],
  );
}
