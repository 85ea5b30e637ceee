import type { AlgorithmName, PageName } from './interface';

/**
 * What `start()` and `window.vitrineConfig` take: the script tag's `data-*` attributes
 * in camelCase. A missing or bad required setting stops Vitrine with one console
 * warning; a bad optional one falls back to its default.
 */
export interface Settings {
  /** Service address, http(s). */
  baseUrl: string;
  orgId: string;
  apiKey: string;
  /** Detected from the page when absent. */
  pageType?: PageName;
  /** The product on show; read from the page's structured data when absent. */
  pname?: string;
  sku?: string;
  /** Visitor id; otherwise a first-party id kept in a cookie and localStorage. */
  siteUid?: string;
  /** Store domain; `location.hostname` when absent. */
  domain?: string;
  /** Price formatting, e.g. `en-GB`; else the page's `lang`. */
  locale?: string;
  /** ISO 4217 code, e.g. `EUR`; else the page's structured data. */
  currency?: string;
  /** Explain every slot in the console and on the page. */
  debug?: boolean;
  /** CSP nonce given to every style and script Vitrine adds. */
  nonce?: string;
  /** Path overrides per algorithm, e.g. `{ trending: '/v1/widgetserver/custom/trending' }`. */
  endpoints?: Partial<Record<AlgorithmName, string>>;
  /** Query parameter of the search page (`q`). */
  searchParam?: string;
  /** Search results page for search boxes (`/search`). */
  searchPage?: string;
  /**
   * Folder the stylesheet and chunks load from, ending in `/`. Default: beside the
   * script tag's `vitrine.js`, or beside the ESM module (as the app's bundler placed them).
   */
  assetBase?: string;
  /**
   * `required`, `shopify` or `tcf`: nothing that identifies the visitor is stored and no
   * personal algorithm is called before consent; `granted` (or absent): no wait. Any
   * other value counts as `required`.
   */
  consent?: 'required' | 'shopify' | 'tcf' | 'granted';
  /** The cart the add-to-cart buttons fill; absent: the platform the page's data names, else none. */
  cart?: 'shopify' | 'woocommerce' | 'bigcommerce';
  /** `datalayer` (GA4 e-commerce events to the page's Google tag) or `gtag` (through `gtag()` first). */
  analytics?: 'datalayer' | 'gtag';
  /** Interface words that replace the built-in ones, e.g. `{ next: 'More' }` (docs/merchants.md, Words). */
  strings?: Record<string, string>;
}

/** The settings under the name the configuration reader gives them. */
export type RawConfig = Settings;
