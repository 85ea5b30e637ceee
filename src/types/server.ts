import type { Layout } from './config';
import type { AlgorithmName, PageName, WidgetProduct } from './interface';
import type { ErrorKind } from './events';

/** The page being rendered, as the server knows it (the browser reads the same from the page). */
export interface ServerPage {
  pageType: PageName;
  /** The storefront's host name (`domain` of every widget call). */
  domain: string;
  /** The product on show, where there is one. */
  pname?: string;
  sku?: string;
  /**
   * The visitor id the shop already keeps (its first-party cookie). Sent only with
   * `consent: true`; otherwise each call uses a random id that lives for the call only.
   */
  siteUid?: string;
  /** BCP 47, for prices; default `en`. */
  locale?: string;
  /** ISO 4217, for prices; absent: the number as the service sent it. */
  currency?: string;
  /** The bundle layout's anchor: the page's own product, shown first. */
  product?: Partial<WidgetProduct>;
}

/** One slot, as a `[data-vitrine]` element or `<vitrine-widget>` would describe it. */
export interface ServerSlot {
  /** The slot element's id: the widget's divisionId. */
  id: string;
  /** An algorithm name or a fallback chain separated by spaces; absent: the page chooses. */
  algorithm?: string;
  layout?: Layout;
  /** At most this many products: a whole number from 1 to 100; anything else is ignored, with a `warning`. */
  max?: number;
  title?: string;
  /** A themeId of the org's themes. */
  theme?: string;
  pname?: string;
  sku?: string;
}

export interface RenderSlotsOptions {
  baseUrl: string;
  orgId: string;
  /** Stays on the server: nothing rendered carries it. */
  apiKey: string;
  page: ServerPage;
  /** The visitor's answer: false means no personal algorithm and no visitor id sent. */
  consent: boolean;
  /** The page's CSP nonce, put on the `<style>` elements the widgets carry. */
  nonce?: string;
  /**
   * The page's cart adapter (`shopify`, `woocommerce`, `bigcommerce`), as `data-cart` says
   * in the browser: cards then carry the platform's ids from `customValues.cartIds`.
   */
  cart?: string;
  /**
   * The whole call's budget; a slot not rendered by then fails with `timeout`. Default
   * 800; a value outside 50–10,000 is clamped to it (and no number gives the default),
   * with a `warning` on every result.
   */
  timeoutMs?: number;
  slots: ServerSlot[];
  /**
   * Interface strings that replace the built-in ones, as `strings` in `window.vitrineConfig`
   * (give both the same, so the browser finds the words the server wrote).
   */
  strings?: Record<string, string>;
  /** Another `fetch` (a tracing wrapper, a test's); default the global one. */
  fetch?: typeof fetch;
}

/** Why a slot rendered nothing (its `html` is '' and the merchant's fallback stays). */
export interface SlotError {
  kind: ErrorKind;
  message: string;
  /** HTTP status, 0 when there was none. */
  status: number;
}

export interface SlotResult {
  id: string;
  ok: boolean;
  /** The widget's markup for inside the slot element; '' when `ok` is false. */
  html: string;
  /** The algorithm that rendered (or the last one tried). */
  algorithm?: AlgorithmName;
  /** Algorithms of the chain tried before it, and why each was skipped. */
  skipped: { algorithm: AlgorithmName; why: string }[];
  /** Personal algorithms the slot named that gave way for want of consent. */
  substituted: AlgorithmName[];
  theme?: string;
  layout?: Layout;
  products?: number;
  /**
   * Something was wrong but did not stop the slot: its theme was refused (kind `theme`: a
   * broken template, markup that changes when parsed again) and the built-in theme
   * rendered, or an option had a default instead (kind `input`: `max`, `timeoutMs`). Two
   * at once share one warning, the first one's kind, both messages.
   */
  warning?: SlotError;
  error?: SlotError;
  /** From the start of the call to this slot's markup. */
  ms: number;
}

/**
 * What a server-rendered widget root carries (`data-vitrine-state`, JSON) so the browser
 * can take it over without asking the service again: version 1.
 */
export interface ServerState {
  v: 1;
  /** What `vitrine:render` says of the server's render (its `products`, `view` and `ms` are the browser's). */
  detail: {
    algorithm: AlgorithmName;
    page: PageName;
    theme: string;
    layout: Layout;
    skipped: { algorithm: AlgorithmName; why: string }[];
    substituted: AlgorithmName[];
  };
  /** The rest is what the browser's `mountWidget` takes, under the same names. */
  envelope: { products: WidgetProduct[]; widgetName?: string | null; customValues?: { cartIds: unknown } };
  /** The page's cart adapter, as the server was told. */
  cart?: string;
  layout: Layout;
  /** The theme's id and its jsTemplate, which the browser runs once it takes over. */
  theme: { themeId: string; jsTemplate?: string };
  title?: string;
  locale: string;
  currency?: string;
  anchor?: Partial<WidgetProduct>;
  /** The theme's template drew the whole widget (no cards of a layout). */
  whole?: true;
}
