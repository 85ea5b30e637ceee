import type { Requester } from '../api/createRequester';
import type { ComponentType } from 'preact';
import type { PageName, Theme } from './interface';
import type { LayoutProps } from '../layouts/LayoutProps';
import type { h } from 'preact';
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
  /** Path overrides per algorithm name, e.g. `{ trending: '/v1/widgetserver/custom/trending' }`. */
  endpoints: Record<string, string>;
  /** Query parameter of the search page holding the query (the search chunk's default: `q`). */
  searchParam?: string;
  /** Search results page for `[data-vitrine-searchbox]` forms (default `/search`). */
  searchPage?: string;
  /** URL of the folder `vitrine.js` was loaded from: chunks are fetched from there. */
  assetBase: string;
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
  /** The layouts the page can show; a layout chunk adds its own here. */
  layouts: Partial<Record<Layout, ComponentType<LayoutProps>>>;
  /** The core's Preact, which a layout chunk renders with (one copy per page). */
  h: typeof h;
  /** Where the page chunk puts its reader of microdata, RDFa and platform data. */
  page?: { read?: (win: Window) => PageReading };
  /** Debug-mode log; a no-op otherwise. */
  log: (...args: unknown[]) => void;
  /** Debug mode only: every event sent so far, for the debug chunk that loads later. */
  history: [Element, string, unknown][];
}

export type Plugin = (host: EmbedHost) => void;
