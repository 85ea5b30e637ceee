import type { Layout, Plugin } from '../host';

/** The slot as a custom element: `<vitrine-widget id="…" algorithm="…" max="8">fallback</vitrine-widget>`. */
export const TAG = 'vitrine-widget' as const;

/**
 * The attributes of `<vitrine-widget>`, for a framework's element typings (React's
 * `JSX.IntrinsicElements`, Vue's `GlobalComponents`). `id` is the widget's divisionId.
 */
export interface WidgetAttributes {
  id: string;
  /** An algorithm name, or several separated by spaces; absent: the page chooses. */
  algorithm?: string;
  layout?: Layout;
  /** At most this many products, 1 to 100. */
  max?: number | string;
  /** A themeId of the org's themes. */
  theme?: string;
  /** Heading above the products. */
  title?: string;
  /** The product this widget is about, when not the page's. */
  pname?: string;
  sku?: string;
  /**
   * `eager`: asked for as soon as the slot is found, for a slot at the top of the page
   * whose first image is the page's largest paint; absent or `lazy`: once it comes near.
   */
  loading?: 'eager' | 'lazy';
}

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
