// The end of the page's parse and its load are looked for, not listened to: a listener
// runs inside the browser's own task that finishes the document, and Lighthouse's
// bootup-time charges all of that task (the parser's last bytes, its style and layout,
// the load event's own work: 1–4 ms measured on the demo home page) to the first script
// that runs in it. A look is a timer task of its own, a few microseconds long.

/** Runs `fn` in a task of its own once the document is `state` (or complete), looking every `every` ms. */
export function when(doc: Document, state: DocumentReadyState, fn: () => void, every: number): void {
  const look = () => (doc.readyState == state || doc.readyState == 'complete' ? fn() : setTimeout(look, every));
  // A task of its own even when the page is ready: an async script often runs just
  // before the page's first paint, which then waits for its evaluation; the slots'
  // scan, the observers and the chunks it asks for need not be part of it.
  setTimeout(look);
}

/** Runs `fn` once the page is parsed. */
export function whenReady(doc: Document, fn: () => void): void {
  when(doc, 'interactive', fn, 20);
}

/** Runs `fn` now where the page is parsed, else once it is (a chunk that reads the whole page). */
export const onceParsed = (doc: Document, fn: () => void) => (doc.readyState == 'loading' ? whenReady(doc, fn) : fn());

/** Settles in a task of its own. */
export const tick = () => new Promise((next) => setTimeout(next));

/** The Prioritized Task Scheduling API, which TypeScript's DOM types do not have yet. */
declare const scheduler: { postTask(task: () => void, options: { priority: string }): Promise<void> };
declare const Scheduler: new () => typeof scheduler;

/**
 * Runs `task` in a task of its own, ahead of the page's next frame where the browser can
 * put it there: `scheduler.postTask` at user-blocking priority (Chromium 94+). A timer
 * queued in a long task runs after the frame that task leads to. Elsewhere, where a
 * page's own `scheduler` throws, and where the page put a `scheduler` of its own in the
 * browser's place (a polyfill that queues the task and never runs it would leave the
 * start and the first widget unrun for good), a timer.
 */
export function soon(task: () => void): void {
  try {
    if (!(scheduler instanceof Scheduler)) throw 0;
    // Null prototype: a page's Object.prototype.signal would reject the task unrun, and
    // its `delay` hold every one back.
    scheduler.postTask(task, { __proto__: null, priority: 'user-blocking' } as { priority: string });
  } catch {
    setTimeout(task);
  }
}
