/**
 * @typedef {{ name: string, ph: string, ts: number, dur?: number, pid: number, tid: number, args?: { data?: { url?: string, name?: string } , name?: string } }} TraceEvent
 */

/** A main-thread task longer than this blocks input noticeably (the Long Tasks API threshold). */
const longTaskUs = 50_000;

/**
 * Reads a Chromium trace (devtools.timeline categories) for what one script did
 * on the renderer main threads: how long evaluating it took, and which long
 * tasks ran its code. `isOurs` decides by script URL.
 * @param {Buffer | string} raw the trace JSON
 * @param {(url: string) => boolean} isOurs
 * @returns {{ evaluateMs: number, compileMs: number, longTasks: Array<{ ms: number, ours: boolean, what: string }> }}
 */
export function readTrace(raw, isOurs) {
  const json = JSON.parse(String(raw));
  /** @type {TraceEvent[]} */
  const events = Array.isArray(json) ? json : json.traceEvents;
  const mainThreads = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = events.filter((e) => e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`));
  const urlOf = (e) => e.args?.data?.url ?? '';
  const ours = onMain.filter((e) => isOurs(urlOf(e)));

  const sum = (names) => ours.filter((e) => names.includes(e.name)).reduce((t, e) => t + (e.dur ?? 0), 0) / 1000;
  const evaluateMs = sum(['EvaluateScript', 'v8.evaluateModule']);
  const compileMs = sum(['v8.compile', 'v8.compileModule']);

  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > longTaskUs);
  const longTasks = tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e !== task && e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < end && urlOf(e));
    const mine = inside.filter((e) => isOurs(urlOf(e)));
    const top = (mine[0] ?? inside[0]);
    return { ms: (task.dur ?? 0) / 1000, ours: mine.length > 0, what: top ? `${top.name} ${urlOf(top)}` : 'no script (style, layout or parsing)' };
  });
  return { evaluateMs, compileMs, longTasks };
}

/** Categories the reader needs: task boundaries, script evaluation and compile. */
export const traceCategories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'v8.execute', 'blink.user_timing'];
