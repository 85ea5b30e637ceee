import type { PageName } from '../../types/interface';

/**
 * Page type from the URL shape most platforms share (Shopify's paths are the common
 * vocabulary), then whether the page describes a product; undefined when nothing says.
 * Blog and 404 pages are the page chunk's (`readPageKind`): such a page states no
 * currency, so the chunk is fetched there anyway.
 */
export function detectPageType(win: Window, hasProduct: boolean): PageName | undefined {
  const p = win.location.pathname.toLowerCase();
  if (/\/products?\/[^/]/.test(p)) return 'product_page';
  if (/\/(collections?|categor(y|ies)|shop)\/[^/]|\/collections\/?$/.test(p)) return 'collection_page';
  if (/\/cart\/?$/.test(p)) return 'cart_page';
  if (/\/(orders?|checkouts?)\/|\/(thank[-_]?you|order[-_]confirmation|confirmation)\/?$/.test(p)) return 'order_page';
  if (hasProduct) return 'product_page';
  if (/^\/?(index\.html?)?$/.test(p)) return 'home_page';
}
