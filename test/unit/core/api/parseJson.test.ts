import { afterEach, describe, expect, it } from 'vitest';
import { parseJson } from '../../../../src/core/api/parseJson';

const proto = Object.prototype as Record<string, unknown>;

describe('parseJson', () => {
  afterEach(() => {
    delete proto.image;
    delete proto.evil;
  });

  it('gives every object of an answer a null prototype, at every depth, arrays staying arrays', () => {
    const answer = parseJson('{"products":[{"name":"Wool hat","tags":[{"id":1}],"offer":{"price":"12.00"}}],"total":1}') as {
      products: { name: string; tags: { id: number }[]; offer: { price: string } }[];
    };
    expect(Object.getPrototypeOf(answer)).toBe(null);
    expect(Array.isArray(answer.products)).toBe(true);
    const [product] = answer.products;
    expect(Object.getPrototypeOf(product)).toBe(null);
    expect(Object.getPrototypeOf(product.offer)).toBe(null);
    expect(Object.getPrototypeOf(product.tags[0])).toBe(null);
    expect(JSON.parse(JSON.stringify(answer))).toEqual({ products: [{ name: 'Wool hat', tags: [{ id: 1 }], offer: { price: '12.00' } }], total: 1 });
  });

  it('on a page that polluted Object.prototype, a field the answer left out stays absent and the pollution is not walked', () => {
    proto.image = 'https://attacker.example/x.png';
    proto.evil = { nested: true };
    const answer = parseJson('{"products":[{"name":"Scarf"}]}') as { products: Record<string, unknown>[] };
    expect(answer.products[0].image).toBeUndefined();
    expect(Object.keys(answer.products[0])).toEqual(['name']);
    // The polluting value itself keeps its prototype: nothing of the page's was changed.
    expect(Object.getPrototypeOf(proto.evil)).toBe(Object.prototype);
  });

  it('a "__proto__" field is the answer\'s own data, not a prototype', () => {
    const answer = parseJson('{"__proto__":{"name":"injected"},"sku":"A1"}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(answer)).toBe(null);
    expect(answer.name).toBeUndefined();
    expect(Object.keys(answer)).toEqual(['__proto__', 'sku']);
  });

  it('scalars and null pass through; text that is not JSON throws', () => {
    expect(parseJson('null')).toBe(null);
    expect(parseJson('"text"')).toBe('text');
    expect(parseJson('[1,2]')).toEqual([1, 2]);
    expect(() => parseJson('<html>')).toThrow(SyntaxError);
  });
});
