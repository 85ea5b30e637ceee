import type { WidgetEnvelope } from '../../types/interface';
import { apiError } from './apiError';
import { bare } from '../util/bare';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v == 'object' && !Array.isArray(v);

/**
 * Checks a widget answer at the edge: an object with a `products` array, or it is a
 * `shape` error (an HTML error page, a bare array) and nothing renders. interface.md's
 * variants pass (`success` "0" or 0, `price` string or number, `customValues` absent,
 * `widgetName` null); products without a name are skipped rather than failing the
 * widget. Field types are settled where the view is built, so odd values become text.
 */
export function parseEnvelope(body: unknown): WidgetEnvelope {
  if (!isObject(body) || !Array.isArray(body.products)) {
    const errMsg = isObject(body) && typeof body.errMsg == 'string' ? body.errMsg : null;
    throw apiError(errMsg ? 'request' : 'shape', errMsg || 'not a widget envelope', 200, errMsg);
  }
  const products = body.products.filter((p) => isObject(p) && p.name && typeof p.name == 'string');
  return bare<WidgetEnvelope>(body as never, { widgetName: typeof body.widgetName == 'string' ? body.widgetName : null, products } as never);
}
