import type { WidgetEnvelope, WidgetProduct } from '../types/interface';
import { apiError } from './apiError';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v == 'object' && !Array.isArray(v);
const scalar = (v: unknown): string | number | undefined => (typeof v == 'string' || typeof v == 'number' ? v : undefined);
const str = (v: unknown): string => (typeof v == 'string' ? v : '');

/**
 * Checks a widget answer at the edge. interface.md's variants pass (`success` "0" or 0,
 * `price` string or number, `customValues` absent, `widgetName` null); anything else —
 * an HTML error page, a bare array — is a `shape` error, never rendered. Products
 * without a name are skipped rather than failing the widget.
 */
export function parseEnvelope(body: unknown): WidgetEnvelope {
  if (!isObject(body) || !Array.isArray(body.products)) {
    const errMsg = isObject(body) && typeof body.errMsg == 'string' ? body.errMsg : null;
    throw apiError(errMsg ? 'request' : 'shape', errMsg ? 'service says: ' + errMsg : 'not a widget envelope', 200, errMsg);
  }
  const products: WidgetProduct[] = [];
  for (const p of body.products) {
    if (isObject(p) && p.name && typeof p.name == 'string') {
      products.push({
        name: p.name,
        sku: String(scalar(p.sku) ?? ''),
        price: scalar(p.price) ?? '',
        smallImage: str(p.smallImage),
        currentPageUrl: str(p.currentPageUrl),
        discountedPrice: scalar(p.discountedPrice) ?? null,
        variantName: str(p.variantName),
      });
    }
  }
  return {
    errMsg: typeof body.errMsg == 'string' ? body.errMsg : null,
    numberofdocs: products.length,
    success: scalar(body.success) ?? '0',
    widgetType: str(body.widgetType),
    widgetName: typeof body.widgetName == 'string' ? body.widgetName : null,
    products,
    customValues: isObject(body.customValues) ? body.customValues : {},
  };
}
