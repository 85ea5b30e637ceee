import type { PageProduct } from './PageReading';
import { text } from './text';

/**
 * Open Graph and `product:` meta tags (https://ogp.me, Facebook's product catalogue tags):
 * the last resort, read only when the page says it is a product (`og:type` `product`, or
 * Magento's `product.item`) or gives a retailer item id. The price's currency is page-wide.
 */
export function readMeta(doc: Document): PageProduct {
  const meta = (key: string) => text(doc.querySelector(`meta[property="${key}"],meta[name="${key}"]`)?.getAttribute('content'));
  const currency = meta('product:price:currency') || meta('og:price:currency');
  return /^(og:)?product/.test(meta('og:type') || '') || meta('product:retailer_item_id')
    ? {
        name: meta('og:title'),
        sku: meta('product:retailer_item_id'),
        price: meta('product:price:amount') || meta('og:price:amount'),
        currency,
        smallImage: meta('og:image'),
        currentPageUrl: meta('og:url'),
      }
    : { currency };
}
