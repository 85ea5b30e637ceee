import { describe, expect, it } from 'vitest';
import { parsePastedEnvelope } from '../../../demo/studio/data/parsePastedEnvelope';

describe('parsePastedEnvelope', () => {
  it('accepts a category based envelope (numeric success and price, no customValues)', () => {
    const text = JSON.stringify({
      errMsg: null, numberofdocs: 1, success: 0, widgetType: 'categoryreco', widgetName: null,
      products: [{ name: 'Mug', sku: 'M1', price: 12, smallImage: '/m.jpg', currentPageUrl: '/p/m' }],
    });
    const result = parsePastedEnvelope(text);
    expect(result.ok && result.envelope.products[0].price).toBe(12);
  });

  it('explains what is wrong instead of failing silently', () => {
    expect(parsePastedEnvelope('')).toEqual({ ok: false, error: 'Paste the JSON answer of a widget endpoint first.' });
    const notJson = parsePastedEnvelope('{products: []}');
    expect(!notJson.ok && notJson.error).toMatch(/^This is not JSON: /);
    const noProducts = parsePastedEnvelope('{"errMsg":null,"success":"0","widgetType":"x","widgetName":null,"products":[]}');
    expect(!noProducts.ok && noProducts.error).toBe('The envelope has no products, so there is nothing to preview.');
    const badPrice = parsePastedEnvelope('{"success":"0","products":[{"name":"a","sku":"b","price":true}]}');
    expect(!badPrice.ok && badPrice.error).toMatch(/price/);
  });
});
