import type { Config, PageContext } from '../../types/config';
import { detectPageType } from './detectPageType';
import { readProduct, type PageProduct } from './readProduct';
import { readVisitorId } from './readVisitorId';
import { bare } from '../../core/util/bare';

export interface FullContext extends PageContext {
  product: PageProduct | null;
  /**
   * The cart adapter: the `cart` setting, else the name of the platform's page data the
   * page carries (Shopify's `Shopify`, WooCommerce's `wcSettings`, BigCommerce's `BCData`).
   */
  cart?: string;
  /** The page type, the currency or the product on show is unknown or in doubt: the page chunk may know. */
  gap?: boolean;
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
  const read = readProduct(win);
  const page = overrides || config;
  // A page states a product when some source names it or gives its SKU; a currency alone is page-wide.
  const product = read.name || read.sku ? read : null;
  const pname = page.pname ?? read.name;
  const sku = page.sku ?? read.sku;
  // The platform's own statement beats a URL guess: WooCommerce can put products under /shop/….
  const pageType = page.pageType ?? read.pageType ?? detectPageType(win, !!product);
  // Only an ISO code: a symbol (`$` is the sign of CLP, MXN, CAD, AUD…) is left to the page chunk.
  const currency = overrides?.currency ?? config.currency ?? (/^[A-Z]{3}$/.test(read.currency!) ? read.currency : undefined);
  // Null prototype: the context is awaited (while the page chunk reads), and a `then` a
  // host page put on Object.prototype would otherwise make it a thenable that never settles.
  const context = bare({
    product,
    pageType: pageType || 'home_page',
    pname,
    sku,
    domain: overrides?.domain ?? config.domain ?? win.location.hostname,
    locale: overrides?.locale ?? config.locale ?? (doc.documentElement.lang || read.locale || win.navigator.language || 'en'),
    currency,
    // The cart chunk tells the platforms apart; here it only matters that there is one.
    cart: config.setting('cart') || ['Shopify', 'wcSettings', 'BCData'].find((name) => name in win),
    // A product page without its name or SKU, or a product on a page the URL calls something else.
    gap: read.doubt || !pageType || !currency || (pageType == 'product_page' ? !(pname && sku) : !!product),
  }) as FullContext;
  // The visitor id is read (and its cookie renewed) when something first asks for it, a
  // widget request most often: a page whose widgets all came from the server never
  // touches the cookie (1–1.5 ms on the main thread in Chromium).
  let siteUid: string | undefined;
  // A bare descriptor: one that inherits a page's Object.prototype.value throws.
  return Object.defineProperty(context, 'siteUid', bare({ enumerable: true, get: () => (siteUid ??= overrides?.siteUid ?? config.siteUid ?? readVisitorId(win, store)) }));
}
