import type { Config, PageContext } from '../types/host';
import { detectPageType } from './detectPageType';
import { readProduct, type PageProduct } from './readProduct';
import { readVisitorId } from './readVisitorId';

export interface FullContext extends PageContext {
  product: PageProduct | null;
}

/**
 * Built once per page: explicit settings first, then what the page says about itself.
 * `overrides` is the page a single-page app said it shows (`setContext`): from then on
 * its page type and product replace the start-up settings', which described the first
 * page.
 * `store`: the visitor id may be kept on the device (no consent needed, or given).
 */
export function buildContext(win: Window, config: Config, overrides?: Partial<PageContext>, store = true): FullContext {
  const doc = win.document;
  const product = readProduct(doc);
  const page = overrides || config;
  const pname = page.pname ?? product?.name;
  const sku = page.sku ?? product?.sku;
  return {
    product,
    pageType: page.pageType ?? detectPageType(win.location.pathname, doc, !!product),
    pname,
    sku,
    siteUid: overrides?.siteUid ?? config.siteUid ?? readVisitorId(win, store),
    domain: overrides?.domain ?? config.domain ?? win.location.hostname,
    locale: overrides?.locale ?? config.locale ?? (doc.documentElement.lang || win.navigator.language || 'en'),
    // A currency that is not an ISO code makes formatPrice fall back to a plain number.
    currency: overrides?.currency ?? config.currency ?? product?.currency,
  };
}
