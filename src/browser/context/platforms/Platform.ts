import type { PageName } from '../../../types/interface';

/**
 * What a storefront platform says about the page it renders, as data. Each value is
 * where to read it (see `readSource`):
 * - `window.A.b.0.c`: a path of own properties from a page global;
 * - `selector`: that element's text; `selector @attr`: its attribute;
 *   `selector @attr.a.b`: a path into the attribute's JSON;
 * - several of these joined by ` || `: the first that holds something.
 */
type Where = string | ((win: Window) => string | undefined);

export interface Platform {
  /** The words that name the page; absent: the `<body>`'s classes and id. */
  page?: string;
  /** Word → page type; the first word the page has wins, so specific words come first. */
  pages: Record<string, PageName>;
  name?: Where;
  sku?: Where;
  currency?: Where;
  locale?: Where;
}
