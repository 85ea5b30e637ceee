import type { Requester } from '../api/createRequester';
import type { PageName, Theme } from './interface';
import type { LayoutComponent } from '../layouts/LayoutProps';
import type { Slots } from '../slots/createSlots';
import type { PageReading } from '../context/readProduct';

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

/**
 * What the core embed hands to a chunk loaded later (the search chunk) through
 * `window.Vitrine.use(plugin)`: the parsed config, the page context, the shared requester
 * (so the 403 stop and Retry-After wait are page-wide), cached themes, and a way to render
 * recommendation slots the chunk creates.
 */
export interface EmbedHost {
  win: Window;
  doc: Document;
  config: Config;
  context: () => PageContext;
  request: Requester;
  themes: () => Promise<Theme[]>;
  /** Render (or re-render) a `[data-vitrine]` slot. */
  render: (slot: HTMLElement) => void;
  /** The slot lifecycle itself (the custom element tracks, updates and sweeps through it). */
  slots: Slots;
  /** The layouts the page can show; a layout chunk adds its own here. */
  layouts: Partial<Record<Layout, LayoutComponent>>;
  /** The core's Preact `h`, which a layout chunk renders with (one copy per page). */
  h: (...args: never[]) => unknown;
  /**
   * The core's sanitiser: a chunk inserts what it returns. A page allows one Trusted
   * Types policy named `vitrine`, and the core holds it.
   */
  sanitize: Sanitize;
  /**
   * Whether Vitrine may store what identifies the visitor: true when no consent mode is
   * set or the visitor granted consent. A `vitrine:consent` event on the document (detail
   * `{ granted }`) says when the answer changes.
   */
  mayStore(): boolean;
  /** The interface strings that replace English on this page: its language's (the strings chunk), then the merchant's. */
  strings: () => Promise<Record<string, string>>;
  /** Words by language (`fr`, `de`, `es`), filled by the strings chunk when it loads. */
  translations: Record<string, Record<string, string>>;
  /** Where the page chunk puts its reader of microdata, RDFa and platform data. */
  page?: { read?: (win: Window) => PageReading };
  /** Debug-mode log; a no-op otherwise. */
  log: (...args: unknown[]) => void;
  /** Debug mode only: every event sent so far, for the debug chunk that loads later. */
  history: [Element, string, unknown][];
}

export type Plugin = (host: EmbedHost) => void;

/** Sanitises rendered template markup into nodes (the core's, with its Trusted Types policy). */
export type Sanitize = (html: string, doc: Document) => DocumentFragment;
