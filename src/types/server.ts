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
  /**
   * The page's CSP nonce (the one Vitrine's script tag carries), put on the `<style>`
   * and resume state elements the widgets carry. The browser resumes a widget, theme
   * script included, only when its state element has this nonce; without one a theme's
   * script comes from the org's theme list (one request) and the state runs none.
   */
  nonce?: string;
  /**
   * Where the stylesheet goes (Vitrine's base styles and each theme's): `'once'` (the
   * default) puts it in the first slot of the call that rendered, for every slot of the
   * call, so place all the call's widgets on the page; `'each'` puts a copy in every slot;
   * `'link'` is for a page that links `vitrine/vitrine.css` itself (a bundler's CSS
   * import, a `<link>`): the base styles travel in no slot, and only the themes' own
   * stylesheets go, once, as with `'once'`.
   */
  styles?: 'once' | 'each' | 'link';
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

/** A product as the resume state carries it: what the browser's layouts, events and cart read. */
export type StateProduct = Partial<Pick<WidgetProduct, 'name' | 'sku' | 'price' | 'discountedPrice' | 'currentPageUrl' | 'smallImage' | 'variantName'>>;

/**
 * What a server-rendered widget root carries so the browser can take it over without
 * asking the service again: version 2, as JSON in the root's last child,
 * `<script type="application/json" data-vitrine-resume nonce="…">`. The browser trusts
 * it only when that element's nonce is the one its own script runs under; on a page
 * without a nonce it never runs a script the state names (see `script`). Only what the
 * browser cannot read back from the markup: the cards themselves are in the HTML.
 */
export interface ServerState {
  v: 2;
  /** What `vitrine:render` says of the server's render (its `products`, `view` and `ms` are the browser's). */
  algorithm: AlgorithmName;
  page: PageName;
  theme: string;
  layout: Layout;
  skipped: { algorithm: AlgorithmName; why: string }[];
  substituted: AlgorithmName[];
  /** The call allowed personal algorithms (its `consent`). */
  personal: boolean;
  /**
   * The products shown, in order, with the fields the layouts, click events and cart
   * read (`smallImage` and `variantName` only for a theme with a script, whose data they are).
   */
  products: StateProduct[];
  widgetName?: string;
  /** The envelope's platform cart ids (`customValues.cartIds`), the one part of it a view reads. */
  cartIds?: Record<string, string>;
  /** The page's cart adapter, as the server was told. */
  cart?: string;
  title?: string;
  locale: string;
  currency?: string;
  /** The bundle's anchor product. */
  anchor?: StateProduct;
  /** The theme's template drew the whole widget (no cards of a layout). */
  whole?: true;
  /**
   * The theme's jsTemplate, when the call had a nonce (the browser runs it only when the
   * state's nonce is the page's); `true` when the theme has one and the call had no
   * nonce: the browser then runs the script of the org's theme of that id, from the
   * theme list the service sends, never one from the page.
   */
  script?: string | true;
}
