import type { EmbedHost } from '../host';
import { mountSearch, type SearchMount } from './mountSearch';
import { mountSearchBox } from './mountSearchBox';

const SEARCH = '[data-vitrine-search]';
const BOX = '[data-vitrine-searchbox]';

/**
 * What the search chunk gives the core (`Vitrine.use`): results in the
 * `[data-vitrine-search]` slot and a search box in every `[data-vitrine-searchbox]`.
 * Elements added later (single-page apps) are mounted when they appear, and an element
 * is mounted once however often it is seen. What a removed element held goes with it: a
 * results slot stops listening to history and a box to back and forward, so a route
 * left keeps nothing of theirs (a slot put back, as a kept-alive route does, is mounted
 * again). A box searches in place whenever the page has results, whichever came first.
 * One that fails is logged and the others still mount.
 */
// A mark on the element itself, under a registered symbol: a second copy of this chunk on
// the page sees the first one's marks (a WeakSet would be private to each copy).
const MOUNTED = Symbol.for('vitrine.search.mounted');
const done = {
  has: (el: Element) => (el as unknown as Record<symbol, boolean>)[MOUNTED] === true,
  add: (el: Element) => void ((el as unknown as Record<symbol, boolean>)[MOUNTED] = true),
  delete: (el: Element) => void delete (el as unknown as Record<symbol, boolean>)[MOUNTED],
};

export function searchPlugin(host: EmbedHost): void {
  const { doc, win } = host;
  let results: { slot: HTMLElement; mount: SearchMount } | undefined;
  const current = () => results?.mount;
  // Each box's way of following history, by element (a box taken out and put back keeps
  // its own), and the boxes in the document now: only those hear back and forward.
  const follow = new WeakMap<Element, () => void>();
  const boxes = new Set<Element>();

  const scan = () => {
    doc.querySelectorAll<HTMLElement>(SEARCH).forEach((slot) => {
      if (done.has(slot) || results) return;
      done.add(slot);
      try {
        results = { slot, mount: mountSearch(host, slot) };
      } catch (error) {
        host.log('search slot failed', error);
      }
    });
    const found: HTMLElement[] = [];
    doc.querySelectorAll<HTMLElement>(BOX).forEach((el) => {
      if (follow.has(el)) boxes.add(el);
      else if (!done.has(el)) {
        done.add(el);
        found.push(el);
      }
    });
    // The boxes are drawn in a task of their own: with the results' first request they
    // were one long task on a phone.
    if (found.length) win.setTimeout(() => found.forEach(mountBox));
  };

  const mountBox = (el: HTMLElement) => {
    // Gone before its turn: mounted if it comes back.
    if (!el.isConnected) return done.delete(el);
    try {
      follow.set(el, mountSearchBox(host, el, current));
      boxes.add(el);
    } catch (error) {
      host.log('search box failed', error);
    }
  };

  /** Lets go of what left the document. */
  const prune = () => {
    if (results && !results.slot.isConnected) {
      results.mount.destroy();
      // Put back later (a kept-alive route), it is a results page again.
      done.delete(results.slot);
      results = undefined;
    }
    boxes.forEach((el) => el.isConnected || boxes.delete(el));
  };

  // Back and forward on the search page keep every box in step with the results. One
  // listener for all boxes, for as long as the page lives, like the observer below.
  win.addEventListener('popstate', () => {
    prune();
    if (results) boxes.forEach((el) => follow.get(el)?.());
  });

  scan();
  const Observer = (win as Window & typeof globalThis).MutationObserver;
  if (typeof Observer !== 'function') return;
  let queued = false;
  new Observer((records) => {
    prune();
    // Our own renders add nodes too; only an added slot or box is worth a scan, and one
    // scan per task is enough.
    const added = records.some((r) =>
      Array.from(r.addedNodes).some((n) => n.nodeType === 1 && ((n as Element).matches(SEARCH + ',' + BOX) || !!(n as Element).querySelector(SEARCH + ',' + BOX))),
    );
    if (!added || queued) return;
    queued = true;
    win.setTimeout(() => {
      queued = false;
      scan();
    });
  }).observe(doc.body || doc.documentElement, { childList: true, subtree: true });
}
