import type { Slots } from './createSlots';

/** The slot as a custom element: `<vitrine-widget id="…" algorithm="…" max="8">fallback</vitrine-widget>`. */
export const TAG = 'vitrine-widget';

/** Its settings; on a `[data-vitrine]` slot each is `data-vitrine-<name>` (the algorithm is `data-vitrine`). */
export const ATTRIBUTES = ['algorithm', 'layout', 'max', 'theme', 'title', 'pname', 'sku'];

/**
 * Defines `<vitrine-widget>` for frameworks that render elements (React 19, Vue 3) and for
 * plain HTML. It is a slot like any other: connecting tracks it, a changed attribute
 * shows it again, disconnecting unmounts it, all through the same slot lifecycle. The
 * callbacks also reach elements inside other components' shadow roots, which the page's
 * MutationObserver cannot see. A page that defined the name already keeps its own.
 */
export function defineElement(win: Window & typeof globalThis, slots: Slots): void {
  win.customElements.get(TAG) ||
    win.customElements.define(
      TAG,
      class extends win.HTMLElement {
        static observedAttributes = ATTRIBUTES;
        connectedCallback() {
          slots.track(this);
        }
        attributeChangedCallback() {
          slots.update(this);
        }
        disconnectedCallback() {
          slots.sweep();
        }
      },
    );
}
