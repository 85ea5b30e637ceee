// Long tasks of Vitrine's, read from the page itself: the Long Tasks API names each task
// over 50 ms, and the Long Animation Frames API names the scripts that ran in the frame
// holding it (each script entry over 5 ms, with its start, length, source URL, the
// character where the function it entered starts and what invoked it). No tracing, whose
// JS sampling slows the page it measures. Shared by the page part and the long-task part.
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
 * @typedef {{ start: number, ms: number }} LongTask
 * @typedef {{ start: number, ms: number, url: string, fn: string, at: number, invoker: string, invokerType?: string }} LongScript
 * @typedef {{ ms: number, oursMs: number, othersMs: number, unnamedMs: number, top: LongScript }} VitrineTask
 */

/**
 * The long tasks that were Vitrine's: its scripts ran longer in the task than any other
 * script, and for a quarter of it at least. A frame's rendering that follows a script is
 * a task of its own and does not make the script's task long. `unnamedMs` is the part of
 * the task no script entry covers (scripts under 5 ms, style, layout, the browser's own).
 * @param {LongTask[]} longTasks
 * @param {LongScript[]} scripts
 * @param {(url: string) => boolean} isOurs
 * @returns {VitrineTask[]}
 */
export function vitrineTasks(longTasks, scripts, isOurs) {
  return longTasks.flatMap((task) => {
    const inside = scripts.filter((s) => s.start >= task.start - 1 && s.start + s.ms <= task.start + task.ms + 1);
    const ours = inside.filter((s) => isOurs(s.url));
    const oursMs = ours.reduce((t, s) => t + s.ms, 0);
    const allMs = inside.reduce((t, s) => t + s.ms, 0);
    const othersMs = allMs - oursMs;
    if (!ours.length || oursMs < othersMs || oursMs < 0.25 * task.ms) return [];
    return [{ ms: task.ms, oursMs, othersMs, unnamedMs: Math.max(0, task.ms - allMs), top: [...ours].sort((a, b) => b.ms - a.ms)[0] }];
  });
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
  if (s.invokerType == 'classic-script' || s.invokerType == 'module-script') return `evaluating ${file(s.url)} (its top level and synchronous boot, ${s.ms.toFixed(0)} ms)`;
  const where = name(s.url, { at: s.at }) ?? `${file(s.url)}${s.fn ? ' ' + s.fn : ''}`;
  return `${where}, entered by ${String(s.invoker).replace(/https?:\/\/[^/]+\/(\S*\/)?/g, '')} (${s.ms.toFixed(0)} ms)`;
}
