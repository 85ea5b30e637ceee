import { describe, expect, it } from 'vitest';
import { EDGE_CASES, edgeEnvelope } from '../../../demo/studio/data/edgeEnvelope';
import { sampleEnvelope } from '../../../demo/studio/data/sampleEnvelope';

const base = sampleEnvelope();

describe('edgeEnvelope', () => {
  it('keeps numberofdocs equal to the products it returns, for every case', () => {
    for (const { id } of EDGE_CASES) {
      const e = edgeEnvelope(id, base);
      expect(e.numberofdocs, id).toBe(e.products.length);
    }
  });

  it('makes one product and fifty products', () => {
    expect(edgeEnvelope('one-product', base).products).toEqual([base.products[0]]);
    const fifty = edgeEnvelope('fifty-products', base).products;
    expect(fifty).toHaveLength(50);
    expect(new Set(fifty.map((p) => p.sku)).size).toBe(50);
  });

  it('makes names long, including one word that cannot wrap', () => {
    const names = edgeEnvelope('long-names', base).products.map((p) => p.name);
    expect(Math.min(...names.map((n) => n.length))).toBeGreaterThan(50);
    expect(names.some((n) => !/\s/.test(n))).toBe(true);
  });

  it('takes images away, both empty and broken', () => {
    const images = edgeEnvelope('missing-images', base).products.map((p) => p.smallImage);
    expect(images).toContain('');
    expect(images).toContain('/missing-image.jpg');
  });

  it('alternates discounted and full-price products', () => {
    const products = edgeEnvelope('discounts', base).products;
    expect(products[0].discountedPrice).toBe((18 * 0.75).toFixed(2));
    expect(products[1]).not.toHaveProperty('discountedPrice');
  });

  it('puts markup and a javascript: URL into product fields', () => {
    const [first] = edgeEnvelope('hostile-name', base).products;
    expect(first.name).toBe('<img src=x onerror=alert(1)>');
    expect(first.currentPageUrl).toBe('javascript:alert(1)');
  });

  it('leaves the base envelope untouched', () => {
    const before = JSON.stringify(base);
    for (const { id } of EDGE_CASES) edgeEnvelope(id, base);
    expect(JSON.stringify(base)).toBe(before);
  });
});
