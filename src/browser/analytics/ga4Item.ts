/** A product as Vitrine's events carry it (`vitrine:click`, `vitrine:add-to-cart`). */
export interface EventProduct {
  sku: string;
  name: string;
  /** What the shopper pays: the sale price when there is one. */
  price: number;
}

/** One entry of a GA4 e-commerce event's `items` array. */
export interface Ga4Item {
  item_id: string;
  item_name: string;
  price: number;
  currency?: string;
  index?: number;
  quantity?: number;
}

/**
 * A product in GA4's item shape. Field names and types are Google's ("Item parameters"
 * in https://developers.google.com/analytics/devguides/collection/ga4/reference/events):
 * `item_id` and `item_name` strings, `price` a number without a currency sign, the
 * item-level `currency` an ISO 4217 code, `index` the place in the list counted from 0
 * as in Google's own `view_item_list` example. Keys without a value are left out, so a
 * tag that reads the push never sees `undefined`.
 */
export function ga4Item(product: EventProduct, currency: string | undefined, index: number, quantity?: number): Ga4Item {
  const item: Ga4Item = { item_id: product.sku, item_name: product.name, price: product.price };
  if (currency) item.currency = currency;
  if (index >= 0) item.index = index;
  if (quantity) item.quantity = quantity;
  return item;
}
