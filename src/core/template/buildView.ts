import type { WidgetEnvelope, WidgetProduct } from '../../types/interface';
import { formatPrice, parsePrice } from './formatPrice';
import { safeUrl } from './safeUrl';
import { bare } from '../util/bare';

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
  /**
   * The id the cart adds: the platform's own id for the product from the envelope's
   * `customValues.cartIds` (keyed by SKU), else the SKU when the page's own code adds to
   * the cart; empty when neither holds, and then a theme shows no add-to-cart button.
   */
  product_cartId: string;
  /** The price as a number, for the bundle's running total; not a placeholder. */
  _amount: number;
}

export interface WidgetView {
  widget_displayName: string;
  /** The page's words read before a list price and a sale price ("Was", "now"). */
  label_was?: string;
  label_now?: string;
  /** The page's words on an add-to-cart button ("Add to cart"). */
  label_addToCart?: string;
  products: ProductView[];
  /** Bundle layout: the page's own product, shown first; not a placeholder. */
  _anchor?: ProductView;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

// Views are built on null-prototype objects: a template name such as `{{constructor}}`
// or a host page that polluted `Object.prototype` then finds nothing to render.

export function buildProductView(product: WidgetProduct, index: number, format: PriceFormat, cartId = ''): ProductView {
  // Own fields only, whoever built the product (an answer, the page's JSON-LD, a search
  // document): an inherited `variantName` or `discountedPrice` shows on no card.
  product = bare(product);
  const price = parsePrice(product.price);
  const sale = parsePrice(product.discountedPrice);
  const onSale = sale !== null && (price === null || sale < price);
  const { locale, currency } = format;
  const listPrice = () => formatPrice(product.price, locale, currency);
  const view = bare({
    product_name: text(product.name),
    product_sku: text(product.sku),
    product_imageUrl: safeUrl(product.smallImage),
    product_currentPageUrl: safeUrl(product.currentPageUrl),
    variant_name: text(product.variantName),
    product_index: String(index + 1),
    product_cartId: text(cartId),
    _amount: (onSale ? sale : price) ?? 0,
  }) as ProductView;
  // Prices are formatted when first read: a widget the server rendered is taken over
  // without reading them (its cards are the server's), and the page's first
  // Intl.NumberFormat costs some 20 ms of main thread (its locale data) for nothing.
  // Descriptors without a prototype: a `value` or `set` a page added to Object.prototype is not read as theirs.
  const formatted = (get: () => string): PropertyDescriptor => bare({ get, enumerable: true });
  return Object.defineProperties(view, {
    product_price: formatted(listPrice),
    product_discountedPrice: formatted(() => (onSale ? formatPrice(sale, locale, currency) : '')),
    nodiscount_price: formatted(() => (onSale ? '' : listPrice())),
  });
}

/**
 * `adapter`: a cart adapter adds to the platform's cart, which takes only its own ids; a
 * SKU is then no id, and a product without one in `customValues.cartIds` gets no button
 * (a wrong id would add another product).
 */
export function buildView(envelope: WidgetEnvelope, title: string | undefined, format: PriceFormat, adapter?: string): WidgetView {
  const ids = bare(bare(envelope.customValues!).cartIds as Record<string, unknown>);
  return bare({
    widget_displayName: title || text(envelope.widgetName),
    products: envelope.products.map((p, i) => buildProductView(p, i, format, text(ids[text(p.sku)]) || (adapter ? '' : text(p.sku)))),
  });
}
