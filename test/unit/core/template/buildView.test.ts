import { describe, expect, it } from 'vitest';
import { buildProductView } from '../../../../src/core/template/buildView';
import { formatPrice } from '../../../../src/core/template/formatPrice';

describe('buildProductView', () => {
  const base = { name: 'Mug', sku: 'M-1', price: '12.5', smallImage: '/m.svg', currentPageUrl: '/products/mug' };
  it('formats prices for the locale and currency', () => {
    expect(buildProductView(base, 0, { locale: 'de-DE', currency: 'EUR' }).product_price).toBe('12,50\u00a0€');
    expect(buildProductView({ ...base, price: 12.5 }, 0, { locale: 'en-US', currency: 'USD' }).product_price).toBe('$12.50');
  });
  it('fills the sale price only when it is lower, and nodiscount_price otherwise', () => {
    const sale = buildProductView({ ...base, discountedPrice: 10 }, 0, { locale: 'en-US', currency: 'USD' });
    expect([sale.product_discountedPrice, sale.nodiscount_price]).toEqual(['$10.00', '']);
    const none = buildProductView(base, 0, { locale: 'en-US', currency: 'USD' });
    expect([none.product_discountedPrice, none.nodiscount_price]).toEqual(['', '$12.50']);
  });
  it('drops URLs that are not http(s) or relative', () => {
    const v = buildProductView({ ...base, smallImage: 'javascript:alert(1)', currentPageUrl: 'data:text/html,x' }, 0, { locale: 'en' });
    expect([v.product_imageUrl, v.product_currentPageUrl]).toEqual(['', '']);
  });
  it('has no prototype for templates to reach into', () => {
    expect(Object.getPrototypeOf(buildProductView(base, 0, { locale: 'en' }))).toBeNull();
  });
});

describe('formatPrice', () => {
  it('keeps text that is not a number as it came', () => {
    expect(formatPrice('on request', 'en')).toBe('on request');
  });
  it('survives a bad locale or currency', () => {
    expect(formatPrice(5, 'not a locale!!', 'EUR')).toBe('€5.00');
    expect(formatPrice(5, 'en-US', 'EURO')).toBe('5.00');
  });
});
