import type { WidgetEnvelope, WidgetProduct } from '../../types/interface';
import { formatPrice, parsePrice } from './formatPrice';
import { safeUrl } from './safeUrl';
import { bare } from '../api/bare';

export interface PriceFormat {
  locale: string;
  currency?: string;
}

/** One product as templates see it: every value is a string (text, never markup). */
export interface ProductView {
  product_name: string;
  product_sku: string;
  product_price: string;
  product_discountedPrice: string;
  nodiscount_price: string;
  product_imageUrl: string;
  product_currentPageUrl: string;
  variant_name: string;
  product_index: string;
  /** The price as a number, for the bundle's running total; not a placeholder. */
  _amount: number;
}

export interface WidgetView {
  widget_displayName: string;
  /** The page's words read before a list price and a sale price ("Was", "now"). */
  label_was?: string;
  label_now?: string;
  products: ProductView[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

// Views are built on null-prototype objects: a template name such as `{{constructor}}`
// or a host page that polluted `Object.prototype` then finds nothing to render.

export function buildProductView(product: WidgetProduct, index: number, format: PriceFormat): ProductView {
  // Own fields only, whoever built the product (an answer, the page's JSON-LD, a search
  // document): an inherited `variantName` or `discountedPrice` shows on no card.
  product = bare(product);
  const price = parsePrice(product.price);
  const sale = parsePrice(product.discountedPrice);
  const onSale = sale !== null && (price === null || sale < price);
  const listPrice = formatPrice(product.price, format.locale, format.currency);
  return bare({
    product_name: text(product.name),
    product_sku: text(product.sku),
    product_price: listPrice,
    product_discountedPrice: onSale ? formatPrice(sale, format.locale, format.currency) : '',
    nodiscount_price: onSale ? '' : listPrice,
    product_imageUrl: safeUrl(product.smallImage),
    product_currentPageUrl: safeUrl(product.currentPageUrl),
    variant_name: text(product.variantName),
    product_index: String(index + 1),
    _amount: (onSale ? sale : price) ?? 0,
  });
}

export function buildView(envelope: WidgetEnvelope, title: string | undefined, format: PriceFormat): WidgetView {
  return bare({
    widget_displayName: title || text(envelope.widgetName),
    products: envelope.products.map((p, i) => buildProductView(p, i, format)),
  });
}
