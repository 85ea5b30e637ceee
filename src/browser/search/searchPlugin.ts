import type { EmbedHost } from '../host';
import { mountSearch, type SearchMount } from './mountSearch';
import { mountSearchBox } from './mountSearchBox';

const SEARCH = '[data-vitrine-search]';
const BOX = '[data-vitrine-searchbox]';

/**
 * What the search chunk gives the core (`Vitrine.use`): results in the
 * `[data-vitrine-search]` slot and a search box in every `[data-vitrine-searchbox]`.
 * Elements added later (single-page apps) are mounted when they appear, a removed
 * results slot stops listening to history, and an element is mounted once however often
 * it is seen. One that fails is logged and the others still mount.
 */
// A mark on the element itself, under a registered symbol: a second copy of this chunk on
// the page sees the first one's marks (a WeakSet would be private to each copy).
const MOUNTED = Symbol.for('vitrine.search.mounted');
const done = {
  has: (el: Element) => (el as unknown as Record<symbol, boolean>)[MOUNTED] === true,
  add: (el: Element) => void ((el as unknown as Record<symbol, boolean>)[MOUNTED] = true),
};

export function searchPlugin(host: EmbedHost): void {
  const { doc, win } = host;
  let results: { slot: HTMLElement; mount: SearchMount } | undefined;

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
    doc.querySelectorAll<HTMLElement>(BOX).forEach((el) => {
      if (done.has(el)) return;
      done.add(el);
      try {
        mountSearchBox(host, el, results?.mount);
      } catch (error) {
        host.log('search box failed', error);
      }
    });
  };

  scan();
  const Observer = (win as Window & typeof globalThis).MutationObserver;
  if (typeof Observer !== 'function') return;
  let queued = false;
  new Observer((records) => {
    if (results && !results.slot.isConnected) {
      results.mount.destroy();
      results = undefined;
    }
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
