import type { PageName } from '../../types/interface';
import { detectPageType } from './detectPageType';

/**
 * The page types the core's URL reading leaves to the page chunk, in the order they
 * always had: a blog or article path (`/blogs/…`, `/articles/…`, `/journal/…`, `/news/…`)
 * after the product, collection, cart and order paths; a 404 page (Shopify's
 * `template-404` body class, a `404` or "not found" title) only where neither the URL
 * nor a product says otherwise.
 */
export function readPageKind(win: Window, hasProduct: boolean): PageName | undefined {
  const doc = win.document;
  const byUrl = detectPageType(win, false);
  if (byUrl && byUrl != 'home_page') return;
  if (/\/(blogs?|articles?|journal|news)\//.test(win.location.pathname.toLowerCase())) return 'blogs_articles_page';
  if (hasProduct || byUrl) return;
  if (/\btemplate-404\b/.test(doc.body?.className || '') || /\b404\b|not found/i.test(doc.title)) return '404_page';
}
