import type { WidgetEnvelope, WidgetProduct } from '../types/interface';
import { readArray, readErrMsg, readNullableString, readNumber, readObject, readString, shapeError } from './shape';

function readPrice(value: unknown, where: string, path: string): string | number {
  // A string in most envelopes, a number in the category based one (interface.md).
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') return value;
  throw shapeError(where, path, 'a price (string or number)');
}

function readProduct(value: unknown, where: string, path: string): WidgetProduct {
  const p = readObject(value, where, path);
  const product: WidgetProduct = {
    name: readString(p.name, where, path + '.name'),
    sku: readString(p.sku, where, path + '.sku'),
    price: readPrice(p.price, where, path + '.price'),
    smallImage: readNullableString(p.smallImage, where, path + '.smallImage') ?? '',
    currentPageUrl: readNullableString(p.currentPageUrl, where, path + '.currentPageUrl') ?? '',
  };
  if (p.discountedPrice !== undefined && p.discountedPrice !== null && p.discountedPrice !== '') {
    product.discountedPrice = readPrice(p.discountedPrice, where, path + '.discountedPrice');
  }
  const variant = readNullableString(p.variantName, where, path + '.variantName');
  if (variant !== null) product.variantName = variant;
  return product;
}

/** Validates a recommendation widget answer, tolerating every variant interface.md lists. */
export function parseWidgetEnvelope(body: unknown, where = 'widget'): WidgetEnvelope {
  const b = readObject(body, where, 'answer');
  const success = b.success;
  if (typeof success !== 'string' && typeof success !== 'number') throw shapeError(where, 'success', 'a string or number');
  const products = readArray(b.products, where, 'products').map((p, i) => readProduct(p, where, `products[${i}]`));
  const envelope: WidgetEnvelope = {
    errMsg: readErrMsg(b, where),
    numberofdocs: b.numberofdocs === undefined ? products.length : readNumber(b.numberofdocs, where, 'numberofdocs'),
    success,
    widgetType: readNullableString(b.widgetType, where, 'widgetType') ?? '',
    widgetName: readNullableString(b.widgetName, where, 'widgetName'),
    products,
  };
  if (b.customValues !== undefined && b.customValues !== null) {
    envelope.customValues = readObject(b.customValues, where, 'customValues');
  }
  return envelope;
}
