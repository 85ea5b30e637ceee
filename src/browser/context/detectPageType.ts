import type { PageName } from '../../types/interface';

/**
 * Page type from the URL shape most platforms share (Shopify's paths are the common
 * vocabulary), then whether the page describes a product; undefined when nothing says.
 */
export function detectPageType(win: Window, hasProduct: boolean): PageName | undefined {
  const doc = win.document;
  const p = win.location.pathname.toLowerCase();
  if (/\/products?\/[^/]/.test(p)) return 'product_page';
  if (/\/(collections?|categor(y|ies)|shop)\/[^/]|\/collections\/?$/.test(p)) return 'collection_page';
  if (/\/cart\/?$/.test(p)) return 'cart_page';
  if (/\/(orders?|checkouts?)\/|\/(thank[-_]?you|order[-_]confirmation|confirmation)\/?$/.test(p)) return 'order_page';
  if (/\/(blogs?|articles?|journal|news)\//.test(p)) return 'blogs_articles_page';
  if (hasProduct) return 'product_page';
  if (p === '/' || p === '' || /^\/index\.html?$/.test(p)) return 'home_page';
  if (/\btemplate-404\b/.test(doc.body?.className || '') || /\b404\b|not found/i.test(doc.title)) return '404_page';
}
