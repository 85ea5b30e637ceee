/**
 * @typedef {{ name: string, ph: string, ts: number, dur?: number, pid: number, tid: number, id?: string, args?: any }} TraceEvent
 */

/** A main-thread task longer than this blocks input noticeably (the Long Tasks API threshold). */
const longTaskUs = 50_000;

/** Categories the reader needs: task boundaries, script evaluation, and JS samples (whose code ran). */
export const traceCategories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'];

/**
 * Reads a Chromium trace for what one script did on the renderer main threads:
 * how long evaluating it took, and which long tasks ran its code.
 *
 * Promise continuations (everything after an `await`) run as microtasks, which
 * the trace does not tie to a script URL, so a task is attributed by the JS
 * samples of V8's profiler inside it: whose functions were on the stack.
 * @param {Buffer | string} raw the trace JSON
 * @param {(url: string) => boolean} isOurs
 * `heaviest`: up to three of our functions that were innermost on the stack longest in
 * the task (0-based line and column in the built file, as V8's call frames give them).
 * @returns {{ evaluateMs: number, longTasks: Array<{ ms: number, ours: boolean, oursMs: number, othersMs: number, what: string, heaviest: Array<{ url: string, fn: string, line: number, column: number, ms: number }> }> }}
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
  const evaluateMs = onMain.filter((e) => (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') && isOurs(urlOf(e))).reduce((t, e) => t + (e.dur ?? 0), 0) / 1000;
  const samples = readSamples(events, isOurs);

  const longTasks = onMain
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > longTaskUs)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      let oursUs = 0;
      let othersUs = 0;
      /** @type {Map<string, { url: string, fn: string, line: number, column: number, us: number }>} */
      const byFrame = new Map();
      for (const s of samples.get(task.pid) ?? []) {
        if (s.t < task.ts || s.t >= end) continue;
        if (s.owner === 'ours') {
          oursUs += s.dt;
          if (s.frame) {
            const key = `${s.frame.url}:${s.frame.line}:${s.frame.column}`;
            const seen = byFrame.get(key) ?? { ...s.frame, us: 0 };
            seen.us += s.dt;
            byFrame.set(key, seen);
          }
        } else if (s.owner === 'others') othersUs += s.dt;
      }
      const heaviest = [...byFrame.values()].sort((a, b) => b.us - a.us).slice(0, 3).map(({ us, ...frame }) => ({ ...frame, ms: us / 1000 }));
      const named = onMain.find((e) => e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < end && urlOf(e) && isOurs(urlOf(e)));
      const top = named ?? onMain.find((e) => e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < end && urlOf(e));
      return {
        ms: (task.dur ?? 0) / 1000,
        // Ours when our functions ran longer in it than anyone else's script and
        // for at least a quarter of it; a task that is nearly all layout, paint
        // or image decoding is the page's, whoever last touched the DOM.
        ours: oursUs >= othersUs && oursUs >= 0.25 * (task.dur ?? 0),
        oursMs: oursUs / 1000,
        othersMs: othersUs / 1000,
        what: top ? `${top.name} ${urlOf(top)}` : 'no script event',
        heaviest,
      };
    });
  return { evaluateMs, longTasks };
}

/**
 * JS samples per renderer process: time, the gap to the next sample, and
 * whose code was on the stack ('ours', 'others', or 'browser' for none).
 * `frame` is the innermost of our call frames on the stack, for our samples.
 * @returns {Map<number, Array<{ t: number, dt: number, owner: 'ours' | 'others' | 'browser', frame: { url: string, fn: string, line: number, column: number } | null }>>}
 */
function readSamples(events, isOurs) {
  const profiles = new Map();
  for (const e of events) {
    if (e.ph !== 'P') continue;
    const key = `${e.pid}:${e.id}`;
    if (e.name === 'Profile') profiles.set(key, { pid: e.pid, t: e.args.data.startTime, nodes: new Map(), raw: [] });
    if (e.name !== 'ProfileChunk') continue;
    const p = profiles.get(key);
    const cpu = e.args?.data?.cpuProfile;
    if (!p || !cpu) continue;
    for (const n of cpu.nodes ?? []) p.nodes.set(n.id, { url: n.callFrame?.url ?? '', fn: n.callFrame?.functionName ?? '', line: n.callFrame?.lineNumber ?? -1, column: n.callFrame?.columnNumber ?? -1, parent: n.parent });
    const deltas = e.args.data.timeDeltas ?? [];
    (cpu.samples ?? []).forEach((id, i) => {
      p.t += deltas[i] ?? 0;
      p.raw.push({ t: p.t, id });
    });
  }
  const out = new Map();
  for (const p of profiles.values()) {
    const owner = new Map();
    const ownerOf = (id) => {
      if (owner.has(id)) return owner.get(id);
      let who = 'browser';
      for (let n = id; n != null; n = p.nodes.get(n)?.parent) {
        const url = p.nodes.get(n)?.url;
        if (url && isOurs(url)) {
          who = 'ours';
          break;
        }
        if (url && who === 'browser') who = 'others';
      }
      owner.set(id, who);
      return who;
    };
    // The innermost of our functions on the stack: where our time went.
    const frameOf = (id) => {
      for (let n = id; n != null; n = p.nodes.get(n)?.parent) {
        const node = p.nodes.get(n);
        if (node?.url && isOurs(node.url)) return { url: node.url, fn: node.fn, line: node.line, column: node.column };
      }
      return null;
    };
    const list = out.get(p.pid) ?? [];
    p.raw.forEach((s, i) => {
      const who = ownerOf(s.id);
      list.push({ t: s.t, dt: (p.raw[i + 1]?.t ?? s.t) - s.t, owner: who, frame: who === 'ours' ? frameOf(s.id) : null });
    });
    out.set(p.pid, list);
  }
  return out;
}
