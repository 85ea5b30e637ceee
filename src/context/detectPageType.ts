import type { PageName } from '../types/interface';

/**
 * Page type from the URL shape most storefront platforms share (Shopify's paths are the
 * common vocabulary), then from whether the page describes a product, else the home page.
 */
export function detectPageType(path: string, doc: Document, hasProduct: boolean): PageName {
  const p = path.toLowerCase();
  if (/\/products?\/[^/]/.test(p)) return 'product_page';
  if (/\/(collections?|categor(y|ies)|shop)\/[^/]|\/collections\/?$/.test(p)) return 'collection_page';
  if (/\/cart\/?$/.test(p)) return 'cart_page';
  if (/\/(orders?|checkouts?)\/|\/(thank[-_]?you|order[-_]confirmation|confirmation)\/?$/.test(p)) return 'order_page';
  if (/\/(blogs?|articles?|journal|news)\//.test(p)) return 'blogs_articles_page';
  if (hasProduct) return 'product_page';
  if (p === '/' || p === '' || /^\/index\.html?$/.test(p)) return 'home_page';
  if (/\btemplate-404\b/.test(doc.body?.className || '') || /\b404\b|not found/i.test(doc.title)) return '404_page';
  return 'home_page';
}
