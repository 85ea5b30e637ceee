import { basename } from 'node:path';

/**
 * The page budgets of issue 7, for one page's cold and warm views:
 * - the search chunk is not requested on a page without a search slot;
 * - warm (themes cached): one request per distinct widget, none for themes;
 * - with `noLongTasks`: no long task runs Vitrine's code (the untraced views' own Long Tasks
 *   and Long Animation Frames entries; the traced view only says where the time went).
 * @param {string} label
 * @param {{ cold: any, warm: any }} views aggregates from pageViews()
 * @param {{ searchChunks: string[], noLongTasks: boolean }} o
 * @returns {string[]} failures
 */
export function checkPageBudgets(label, { cold, warm }, { searchChunks, noLongTasks }) {
  const failures = [];
  for (const [kind, v] of [['cold', cold], ['warm', warm]]) {
    const loaded = v.requests.scripts.filter((p) => searchChunks.includes(basename(p)));
    if (!v.searchSlots && loaded.length) {
      const why = v.searchBoxes ? ` (the page has ${v.searchBoxes} [data-vitrine-searchbox]; the chunk could wait for the box's first focus or input)` : '';
      failures.push(`${label} (${kind}): search chunk ${loaded.join(', ')} requested on a page without a search slot${why}`);
    }
    if (noLongTasks && v.vitrineLongTasks.length) {
      const traced = v.tracedLongTasks.flatMap((t) => t.heaviest.slice(0, 1));
      failures.push(`${label} (${kind}): ${v.vitrineLongTasks.length} long task(s) of Vitrine's in ${v.runs} views: ${v.vitrineLongTasks.map((t) => `${t.ms.toFixed(0)} ms (view ${t.view}; Vitrine's ${t.oursMs.toFixed(0)} ms of it) in ${t.where}`).join('; ')}${traced.length ? `; in the traced view its time went most to ${[...new Set(traced)].join(', ')}` : ''}`);
    }
  }
  if (warm.requests.themes > 0) failures.push(`${label} (warm): ${warm.requests.themes} theme request(s) with themes cached (want 0)`);
  if (warm.requests.widgets !== warm.requests.distinctWidgets) {
    failures.push(`${label} (warm): ${warm.requests.widgets} widget requests for ${warm.requests.distinctWidgets} distinct widgets (want one each)`);
  }
  return failures;
}
