import type { WidgetProduct } from '../types/interface';

/** The page's own product, in the shape widget products have (the bundle shows it first). */
export interface PageProduct extends Partial<WidgetProduct> {
  currency?: string;
}

type Json = Record<string, any>;

const str = (v: unknown): string | undefined => (typeof v == 'string' || typeof v == 'number' ? ('' + v).trim() || undefined : undefined);
const first = (v: unknown): Json | undefined => (Array.isArray(v) ? v[0] : v) as Json | undefined;

function findProduct(node: Json | undefined): Json | undefined {
  if (!node || typeof node != 'object') return;
  if (Array.isArray(node)) return node.map(findProduct).find(Boolean);
  const type = node['@type'];
  return type == 'Product' || (Array.isArray(type) && type.includes('Product')) ? node : findProduct(node['@graph']);
}

/**
 * The product a page shows: a schema.org `Product` in JSON-LD first (the richest), then
 * Open Graph / product meta tags. A broken JSON-LD block is skipped, never fatal.
 */
export function readProduct(doc: Document): PageProduct | null {
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    let p: Json | undefined;
    try {
      p = findProduct(JSON.parse(script.textContent || ''));
    } catch {
      continue;
    }
    if (!p) continue;
    const offer = first(p.offers);
    const image = first(p.image);
    return {
      name: str(p.name),
      sku: str(p.sku) || str(p.productID) || str(p.mpn),
      price: str(offer?.price) || str(offer?.lowPrice),
      currency: str(offer?.priceCurrency),
      smallImage: str(image) || str(image?.url),
      currentPageUrl: str(p.url),
    };
  }
  const meta = (key: string) => str(doc.querySelector(`meta[property="${key}"],meta[name="${key}"]`)?.getAttribute('content'));
  return meta('og:type') == 'product' || meta('product:retailer_item_id')
    ? {
        name: meta('og:title'),
        sku: meta('product:retailer_item_id'),
        price: meta('product:price:amount'),
        currency: meta('product:price:currency'),
        smallImage: meta('og:image'),
        currentPageUrl: meta('og:url'),
      }
    : null;
}
