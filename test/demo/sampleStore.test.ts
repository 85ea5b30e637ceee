// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../../demo/sandbox/createCatalogue';
import { createHistory } from '../../demo/sandbox/createHistory';

describe('the generated sample store', () => {
  const products = createCatalogue();
  const events = createHistory(products);

  it('is the same on every run (seeded)', () => {
    expect(createCatalogue()).toEqual(products);
    expect(createHistory(createCatalogue())).toEqual(events);
  });
  it('has at least 200 products in at least 8 departments', () => {
    expect(products.length).toBeGreaterThanOrEqual(200);
    expect(new Set(products.map((p) => p.category)).size).toBeGreaterThanOrEqual(8);
  });
  it('gives every product a unique sku, name and handle', () => {
    for (const key of ['sku', 'name', 'handle'] as const) expect(new Set(products.map((p) => p[key])).size).toBe(products.length);
    for (const p of products) expect(p.handle).toMatch(/^[a-z0-9-]+$/);
  });
  it('has sale prices below list prices on some products, ratings, stock and gender', () => {
    const onSale = products.filter((p) => p.salePrice !== null);
    expect(onSale.length).toBeGreaterThan(20);
    for (const p of onSale) expect(p.salePrice!).toBeLessThan(p.price);
    for (const p of products) {
      expect(p.rating).toBeGreaterThanOrEqual(1);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(p.inventory).toBeGreaterThanOrEqual(0);
      expect(p.genders.length).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(60);
    }
    expect(products.some((p) => p.inventory === 0)).toBe(true);
  });
  it('has a history of at least 500 visitors with views, purchases and wishlists', () => {
    expect(new Set(events.map((e) => e.visitor)).size).toBeGreaterThanOrEqual(500);
    const types = new Set(events.map((e) => e.type));
    expect(types).toEqual(new Set(['view', 'purchase', 'wishlist']));
    const known = new Set(products.map((p) => p.sku));
    expect(events.every((e) => known.has(e.sku))).toBe(true);
    expect(events.filter((e) => e.type === 'purchase').length).toBeGreaterThan(200);
  });
});
