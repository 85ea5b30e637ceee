import type { Slots } from '../host';
import { ATTRIBUTES, TAG } from './element';

/** What a slot is: a `[data-vitrine]` element, or Vitrine's own tag. */
export const SLOT = '[data-vitrine],' + TAG;

/** Tracks every slot in `scope`, `scope` included; `force` renders those tracked already again. */
export function scanSlots(slots: Slots, scope: Element | Document, force?: boolean): void {
  if ((scope as Element).matches?.(SLOT)) slots.track(scope as HTMLElement, force);
  scope.querySelectorAll<HTMLElement>(SLOT).forEach((el) => slots.track(el, force));
}

/** What needs the search chunk: a results slot, or a box Vitrine draws (a box that is a form submits to the search page without us). */
const SEARCH = '[data-vitrine-search],[data-vitrine-searchbox]:not(form)';

/**
 * Tracks the page's slots, and watches it for slots added, changed and removed. `search`
 * is called once, when the page holds the first search slot or box, at its start or when
 * a single-page app's route adds one: the chunk draws those added after it by itself.
 */
export function watchSlots(win: Window & typeof globalThis, slots: Slots, search: () => void): void {
  const doc = win.document;
  let searching = false;
  // Only the nodes added are looked in, and only until the first is found.
  const lookForSearch = (scope: Element | Document) => {
    if (!searching && ((scope as Element).matches?.(SEARCH) || scope.querySelector(SEARCH))) {
      searching = true;
      search();
    }
  };
  scanSlots(slots, doc);
  lookForSearch(doc);
  new win.MutationObserver((records) => {
    // A page whose own `matches` or `querySelector` throws (a selector shim that knows no
    // `:not()`) keeps its errors: none of them surfaces from Vitrine's observer.
    try {
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          if (node.nodeType != 1) return;
          scanSlots(slots, node as Element);
          lookForSearch(node as Element);
        });
        // A framework changed a slot's settings (a prop): show it again. The filter holds
        // both spellings; a `title` changed on a `[data-vitrine]` div re-renders it from the
        // answer already fetched, at no cost to the network. An element already on the page
        // that becomes a results slot or a box (Vue and React patch attributes on the node
        // they keep) needs the search chunk as much as one added.
        if (record.attributeName) {
          slots.update(record.target as HTMLElement);
          lookForSearch(record.target as Element);
        }
      }
    } catch {
      /* the page's error, not ours */
    }
    // Removed slots stop being watched and unmount, so nothing keeps them alive.
    slots.sweep();
  }).observe(doc.documentElement, { childList: true, subtree: true, attributeFilter: ATTRIBUTES.flatMap((name) => [name, 'data-vitrine-' + name]).concat('data-vitrine', 'data-vitrine-search', 'data-vitrine-searchbox') });
}
