import type { PageName } from './interface';

export type Layout = 'carousel' | 'matrix' | 'bundle';

/** Settings from the script tag's data-* attributes and `window.vitrineConfig`, parsed once. */
export interface Config {
  baseUrl: string;
  orgId: string;
  apiKey: string;
  pageType?: PageName;
  siteUid?: string;
  domain?: string;
  pname?: string;
  sku?: string;
  locale?: string;
  currency?: string;
  debug: boolean;
  /** CSP nonce of the loader's own script tag, given to every style and script Vitrine adds. */
  nonce?: string;
  /**
   * Whose answer the visitor id and personal algorithms wait for: `required` (the page's,
   * through `Vitrine.consent`), `shopify` (the Customer Privacy API) or `tcf` (an IAB TCF
   * CMP). Absent or `granted`: no wait. Any other value counts as `required`: privacy
   * fails closed when the mode is misspelt.
   */
  consent?: string;
  /** Path overrides per algorithm name, e.g. `{ trending: '/v1/widgetserver/custom/trending' }`. */
  endpoints: Record<string, string>;
  /** Interface strings that replace the built-in ones (`window.vitrineConfig.strings`), e.g. `{ next: 'More' }`. */
  strings?: Record<string, string>;
  /** URL of the folder `vitrine.js` was loaded from: chunks are fetched from there. */
  assetBase: string;
  /**
   * Any other setting, trimmed, as the merchant wrote it (tag first, then
   * `window.vitrineConfig`): a chunk reads its own settings (`searchParam`,
   * `searchPage`, `analytics`), so the core carries none of them.
   */
  setting(key: string): string | undefined;
}

/** What the page tells about itself, built once per page (and on `setContext`). */
export interface PageContext {
  pageType: PageName;
  pname?: string;
  sku?: string;
  siteUid: string;
  domain: string;
  locale: string;
  currency?: string;
}
