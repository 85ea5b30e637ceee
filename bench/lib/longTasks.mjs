// Long tasks of Vitrine's, read from the page itself, without tracing (whose JS sampling
// slows the page it measures): the Long Tasks API names each task over 50 ms; the Long
// Animation Frames API names the scripts that ran in the frame holding it (each script
// entry over 5 ms, with its source URL, the character where the function it entered
// starts, and what invoked it); and the JS Self-Profiling API samples the page's stacks
// every 10 ms or so. The samples are needed: a task that resumes after `await new
// Promise((r) => setTimeout(r))` is entered through a native promise resolver, and Long
// Animation Frames names no source for it (measured: the demo product page's 64–144 ms
// tasks at 4× CPU came as "user-callback" entries with an empty source URL, while the
// trace's JS samples put them in vitrine.js). The profiler needs the document to be sent
// with `Document-Policy: js-profiling`; `allowJsProfiling` adds that header on the way in.
// Shared by the page part and the long-task part.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSourceMap } from './readSourceMap.mjs';

/**
 * Installed in a page before its own scripts (addInitScript): records long tasks in
 * `window.__benchLongTasks` and the scripts of frames that held one in
 * `window.__benchLongScripts`. Plain browser JS.
 */
export function observeLongTasks() {
  const tasks = [];
  const scripts = [];
  Object.defineProperty(window, '__benchLongTasks', { value: tasks });
  Object.defineProperty(window, '__benchLongScripts', { value: scripts });
  try {
    // 10 ms is the finest interval Chromium samples at; the buffer holds some 15 minutes.
    Object.defineProperty(window, '__benchProfiler', { value: new /** @type {any} */ (window).Profiler({ sampleInterval: 10, maxBufferSize: 100_000 }) });
  } catch {
    // No Document-Policy: js-profiling on this document, or no such API: Long Animation Frames alone.
  }
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {
      // An entry type this Chromium lacks is simply not recorded.
    }
  };
  observe('longtask', (t) => tasks.push({ start: t.startTime, ms: t.duration }));
  observe('long-animation-frame', (frame) => {
    if (!frame.blockingDuration) return;
    for (const s of frame.scripts) scripts.push({ start: s.startTime, ms: s.duration, url: s.sourceURL, fn: s.sourceFunctionName, at: s.sourceCharPosition, invoker: s.invoker, invokerType: s.invokerType });
  });
}

/**
 * Sends every document `page` loads with `Document-Policy: js-profiling`, so the
 * profiler `observeLongTasks` starts is allowed (through DevTools' Fetch domain, which
 * leaves the HTTP cache alone, where a Playwright route would turn it off).
 * @param {import('playwright-core').CDPSession} cdp a session attached to the page
 */
export async function allowJsProfiling(cdp) {
  cdp.on('Fetch.requestPaused', (/** @type {any} */ e) => {
    const headers = (e.responseHeaders ?? []).filter((/** @type {any} */ h) => h.name.toLowerCase() != 'document-policy');
    cdp
      .send('Fetch.continueResponse', { requestId: e.requestId, responseCode: e.responseStatusCode, responsePhrase: e.responseStatusText || undefined, responseHeaders: [...headers, { name: 'Document-Policy', value: 'js-profiling' }] })
      .catch(() => cdp.send('Fetch.continueRequest', { requestId: e.requestId }).catch(() => undefined));
  });
  await cdp.send('Fetch.enable', { patterns: [{ resourceType: 'Document', requestStage: 'Response' }] });
}

/**
 * Runs in the page once it is measured: the long tasks, the scripts of the frames that
 * held one, and the profiler's samples reduced to the innermost frame with a source URL
 * (null when the profiler did not run).
 * @returns {Promise<{ longTasks: LongTask[], scripts: LongScript[], samples: Sample[] | null }>}
 */
export async function readLongTasksInPage() {
  const w = /** @type {any} */ (window);
  let samples = null;
  if (w.__benchProfiler) {
    try {
      const trace = await w.__benchProfiler.stop();
      const at = (/** @type {any} */ frame) => ({ url: trace.resources[frame.resourceId], name: frame.name, line: frame.line, column: frame.column });
      samples = trace.samples.map((/** @type {any} */ s) => {
        // The innermost frame with a source (where the time went) and the outermost (how the task came in).
        let inner = null;
        let outer = null;
        for (let id = s.stackId; id != null; id = trace.stacks[id].parentId) {
          const frame = trace.frames[trace.stacks[id].frameId];
          if (frame.resourceId == null) continue;
          inner ??= at(frame);
          outer = at(frame);
        }
        return inner ? { t: s.timestamp, ...inner, entry: outer } : { t: s.timestamp, url: null, name: '', line: 0, column: 0, entry: null };
      });
    } catch {
      samples = null;
    }
  }
  return { longTasks: w.__benchLongTasks, scripts: w.__benchLongScripts, samples };
}

/**
 * @typedef {{ url: string, name: string, line: number, column: number }} Frame a profiler frame (1-based line and column)
 * @typedef {{ t: number, url: string | null, name: string, line: number, column: number, entry: Frame | null }} Sample
 *   one profiler sample: the innermost frame with a source, or none; `entry` the outermost one
 * @typedef {{ start: number, ms: number }} LongTask
 * @typedef {{ start: number, ms: number, url: string, fn: string, at: number, invoker: string, invokerType?: string }} LongScript
 * @typedef {{ ms: number, oursMs: number, othersMs: number, unnamedMs: number, top: LongScript | null, by: 'scripts' | 'samples' | 'both',
 *   sampled: { ours: number, others: number, none: number }, entered: (Frame & { samples: number }) | null, heaviest: Array<Frame & { samples: number }> }} VitrineTask
 */

/**
 * The long tasks that were Vitrine's: its code ran longer in the task than any other
 * script's, and for a quarter of it at least, by either witness: the Long Animation
 * Frames script entries (their lengths), or the profiler's samples in the task (their
 * share, when there are any). A frame's rendering that follows a script is a task of its
 * own and does not make the script's task long. `oursMs` is Vitrine's time in the task,
 * the larger of its script entries' sum and its share of the samples. `unnamedMs` is the part of the task no
 * named script entry covers (entries with no source, scripts under 5 ms, style, layout);
 * `sampled` counts the task's samples by whose code was innermost, and `heaviest` lists
 * Vitrine's innermost frames by samples, most first.
 * @param {LongTask[]} longTasks
 * @param {LongScript[]} scripts
 * @param {(url: string) => boolean} isOurs
 * @param {Sample[] | null} [samples]
 * @returns {VitrineTask[]}
 */
export function vitrineTasks(longTasks, scripts, isOurs, samples = null) {
  return longTasks.flatMap((task) => {
    const end = task.start + task.ms;
    const inside = scripts.filter((s) => s.start >= task.start - 1 && s.start + s.ms <= end + 1);
    const ours = inside.filter((s) => s.url && isOurs(s.url));
    const named = inside.filter((s) => s.url);
    const oursMs = ours.reduce((t, s) => t + s.ms, 0);
    const othersMs = named.reduce((t, s) => t + s.ms, 0) - oursMs;
    const byScripts = ours.length > 0 && oursMs >= othersMs && oursMs >= 0.25 * task.ms;
    const within = (samples ?? []).filter((s) => s.t >= task.start && s.t < end);
    const oursSamples = within.filter((s) => s.url && isOurs(s.url));
    const othersSamples = within.filter((s) => s.url && !isOurs(s.url)).length;
    const bySamples = oursSamples.length > 0 && oursSamples.length >= othersSamples && oursSamples.length >= 0.25 * within.length;
    if (!byScripts && !bySamples) return [];
    const count = (/** @type {Array<Frame | null>} */ list) => {
      /** @type {Map<string, Frame & { samples: number }>} */
      const frames = new Map();
      for (const f of list) {
        if (!f) continue;
        const key = `${f.url}:${f.line}:${f.column}`;
        const seen = frames.get(key) ?? { url: f.url, name: f.name, line: f.line, column: f.column, samples: 0 };
        seen.samples++;
        frames.set(key, seen);
      }
      return [...frames.values()].sort((a, b) => b.samples - a.samples);
    };
    const entries = count(oursSamples.map((s) => (s.entry && isOurs(s.entry.url) ? s.entry : null)));
    return [{
      ms: task.ms,
      // The larger of the two witnesses: its script entries' lengths, its share of the samples.
      oursMs: Math.max(oursMs, within.length ? (task.ms * oursSamples.length) / within.length : 0),
      othersMs,
      unnamedMs: Math.max(0, task.ms - named.reduce((t, s) => t + s.ms, 0)),
      // The longest entry that is Vitrine's or has no source (a native callback resuming its code).
      top: inside.filter((s) => !s.url || isOurs(s.url)).sort((a, b) => b.ms - a.ms)[0] ?? null,
      by: byScripts && bySamples ? 'both' : byScripts ? 'scripts' : 'samples',
      sampled: { ours: oursSamples.length, others: othersSamples, none: within.length - oursSamples.length - othersSamples },
      entered: entries[0] ?? null,
      heaviest: count(oursSamples.map((s) => /** @type {Frame} */ (s))).slice(0, 3),
    }];
  });
}

/**
 * What a long task of Vitrine's ran, for a reader who wants to fix it: the script entry it
 * spent longest in (or the evaluation of the file), and the source lines the samples
 * found innermost most often.
 * @param {ReturnType<typeof sourceNamer>} name
 * @param {VitrineTask} t
 */
export function nameTask(name, t) {
  const entry = t.top ? (t.top.url ? nameScript(name, t.top) : `a callback with no source, entered by ${t.top.invoker} (${t.top.ms.toFixed(0)} ms)`) : 'no script entry over 5 ms';
  const total = t.sampled.ours + t.sampled.others + t.sampled.none;
  const frame = (/** @type {Frame & { samples: number }} */ f) => `${name(f.url, { line: f.line - 1, column: f.column - 1 }) ?? `${f.url.replace(/^.*\//, '')}:${f.line}${f.name ? ' ' + f.name : ''}`} (${f.samples} of ${total} samples)`;
  const parts = [entry];
  if (t.entered) parts.push(`its samples start in ${frame(t.entered)}`);
  if (t.heaviest.length) parts.push(`innermost most in ${t.heaviest.map(frame).join(', ')}`);
  return parts.join('; ');
}

/**
 * Names a place in a built script by its source (`src/…:line name`), through the build's
 * source map, from the served file's URL and either a character offset (a Long Animation
 * Frames script entry) or a 0-based line and column (a JS sample's call frame).
 * @param {string} dist the folder the pages' scripts were served from
 * @returns {(url: string, where: { at: number } | { line: number, column: number }) => string | null}
 */
export function sourceNamer(dist) {
  const files = new Map();
  const load = (file) => {
    if (!files.has(file)) {
      const path = join(dist, file);
      files.set(file, existsSync(path) ? { text: readFileSync(path, 'utf8'), map: existsSync(path + '.map') ? readSourceMap(JSON.parse(readFileSync(path + '.map', 'utf8'))) : null } : null);
    }
    return files.get(file);
  };
  return (url, where) => {
    let file;
    try {
      file = new URL(url).pathname.replace(/^.*\//, '');
    } catch {
      return null;
    }
    const built = load(file);
    if (!built?.map) return null;
    let line;
    let column;
    if ('at' in where) {
      if (!(where.at >= 0)) return null;
      const before = built.text.slice(0, where.at).split('\n');
      line = before.length - 1;
      column = before[before.length - 1].length;
    } else ({ line, column } = where);
    const found = built.map(line, column);
    // Sources sit beside the build (`../src/…`), dependencies under node_modules wherever it is linked from.
    const source = found && (found.source.includes('node_modules/') ? found.source.slice(found.source.lastIndexOf('node_modules/')) : found.source.replace(/^(\.\.\/)+/, ''));
    return found ? `${source}:${found.line}${found.name ? ' ' + found.name : ''}` : null;
  };
}

/**
 * `src/…:line name, entered by <invoker> (n ms)` for a Long Animation Frames script entry;
 * the built file and its minified name when there is no source map.
 * @param {ReturnType<typeof sourceNamer>} name
 * @param {LongScript} s
 */
export function nameScript(name, s) {
  const file = (url) => {
    try {
      return new URL(url).pathname.replace(/^.*\//, '');
    } catch {
      return url;
    }
  };
  // Evaluating a script file: the time is its top level, with no one function to name.
  if (s.invokerType == 'classic-script' || s.invokerType == 'module-script') return `evaluating ${file(s.url)} (its top level and the page API it puts in place, ${s.ms.toFixed(0)} ms)`;
  const where = name(s.url, { at: s.at }) ?? `${file(s.url)}${s.fn ? ' ' + s.fn : ''}`;
  return `${where}, entered by ${String(s.invoker).replace(/https?:\/\/[^/]+\/(\S*\/)?/g, '')} (${s.ms.toFixed(0)} ms)`;
}
