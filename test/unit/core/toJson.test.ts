import { afterEach, describe, expect, it } from 'vitest';
import { toJson } from '../../../src/core/util/toJson';

const bodies: unknown[] = [
  { items: [{ id: 40123456789, quantity: 1, properties: { engraving: 'A "quoted" name\n' } }], sections: ['cart-drawer', 'cart-icon-bubble'], sections_url: '/cart' },
  { id: '123', quantity: 2, variation: [] },
  { lineItems: [{ productId: 77, variantId: 5, quantity: 1, optionSelections: [{ optionId: 1, optionValue: 2 }] }] },
  { note: null, gift: false, price: 19.5, missing: undefined, list: [1, undefined, 'ü'] },
  [],
];

describe('a cart body as JSON text', () => {
  afterEach(() => {
    delete (Object.prototype as { toJSON?: unknown }).toJSON;
    delete (Array.prototype as { toJSON?: unknown }).toJSON;
  });

  it('is what JSON.stringify writes for the bodies Shopify, WooCommerce and BigCommerce are sent', () => {
    for (const body of bodies) expect(toJson(body)).toBe(JSON.stringify(body));
  });

  it('is the same under an inherited toJSON on objects and arrays, and the page\'s function is never called', () => {
    const before = bodies.map(toJson);
    let called = 0;
    const rewrite = () => (called++, { items: [{ id: 99999, quantity: 99 }] });
    Object.defineProperty(Object.prototype, 'toJSON', { value: rewrite, configurable: true, writable: true });
    Object.defineProperty(Array.prototype, 'toJSON', { value: rewrite, configurable: true, writable: true });
    expect(bodies.map(toJson)).toEqual(before);
    expect(called).toBe(0);
  });
});
