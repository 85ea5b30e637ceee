import type { Plugin } from '../types/host';

/** The slot as a custom element: `<vitrine-widget id="…" algorithm="…" max="8">fallback</vitrine-widget>`. */
export const TAG = 'vitrine-widget' as const;

/** Its settings; on a `[data-vitrine]` slot each is `data-vitrine-<name>` (the algorithm is `data-vitrine`). */
export const ATTRIBUTES = ['algorithm', 'layout', 'max', 'theme', 'title', 'pname', 'sku'];

/**
 * Registers `<vitrine-widget>` as a custom element. The core needs no registration: its
 * MutationObserver tracks the element like any `[data-vitrine]` slot, shows it again
 * when an attribute changes and unmounts it when removed. The ESM build registers it
 * too (bytes the script tag does not pay for, about 100 B gzip): then the lifecycle
 * callbacks also reach elements inside other components' shadow roots, which a
 * page-wide observer cannot see, and `:defined` matches. Both call the same slot
 * lifecycle, so a change seen twice shows once. A page that defined the name keeps its own.
 */
export const elementPlugin: Plugin = ({ win, slots }) => {
  const { customElements, HTMLElement } = win as Window & typeof globalThis;
  customElements.get(TAG) ||
    customElements.define(
      TAG,
      class extends HTMLElement {
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
};
