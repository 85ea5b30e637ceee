import type { Slots } from '../host';
import { ATTRIBUTES, TAG } from './element';

/** What a slot is: a `[data-vitrine]` element, or Vitrine's own tag. */
export const SLOT = '[data-vitrine],' + TAG;

/** Tracks every slot in `scope`, `scope` included; `force` renders those tracked already again. */
export function scanSlots(slots: Slots, scope: Element | Document, force?: boolean): void {
  if ((scope as Element).matches?.(SLOT)) slots.track(scope as HTMLElement, force);
  scope.querySelectorAll<HTMLElement>(SLOT).forEach((el) => slots.track(el, force));
}

/** Tracks the page's slots, and watches it for slots added, changed and removed. */
export function watchSlots(win: Window & typeof globalThis, slots: Slots): void {
  const doc = win.document;
  scanSlots(slots, doc);
  new win.MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => node.nodeType == 1 && scanSlots(slots, node as Element));
      // A framework changed a slot's settings (a prop): show it again. The filter holds
      // both spellings; a `title` changed on a `[data-vitrine]` div re-renders it from the
      // answer already fetched, at no cost to the network.
      if (record.attributeName) slots.update(record.target as HTMLElement);
    }
    // Removed slots stop being watched and unmount, so nothing keeps them alive.
    slots.sweep();
  }).observe(doc.documentElement, { childList: true, subtree: true, attributeFilter: ATTRIBUTES.flatMap((name) => [name, 'data-vitrine-' + name]).concat('data-vitrine') });
}
