// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createCatalogue, type SampleProduct } from '../../demo/sandbox/createCatalogue';
import { createHistory, type EventType, type StoreEvent } from '../../demo/sandbox/createHistory';
import { createRecommender, type RecommenderAlgorithm } from '../../demo/sandbox/createRecommender';

const catalogue = createCatalogue();
const of = (category: string) => catalogue.filter((p) => p.category === category);
const [shirtA, shirtB, shirtC] = of('shirts');
const [trouserA, trouserB] = of('trousers');
const [shoeA, shoeB] = of('shoes');
const [candleA] = of('candles');
const [bagA] = of('bags');

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 1);

/** A crafted history: `visitor` did `type` on each product in order, a minute apart. */
function story(visitor: string, type: EventType, items: SampleProduct[], at = NOW - DAY): StoreEvent[] {
  return items.map((p, i) => ({ visitor, sku: p.sku, type, at: at + i * 60_000 }));
}

function names(list: SampleProduct[]): string[] {
  return list.map((p) => p.sku);
}

describe('co-occurrence', () => {
  const events = [
    ...Array.from({ length: 5 }, (_, i) => story(`v${i}`, 'view', [shirtA, trouserA])).flat(),
    ...Array.from({ length: 2 }, (_, i) => story(`w${i}`, 'view', [shirtA, shoeA])).flat(),
    ...story('x', 'view', [trouserA, candleA]),
    ...Array.from({ length: 3 }, (_, i) => story(`b${i}`, 'purchase', [shirtA, trouserB])).flat(),
    ...story('b9', 'purchase', [shirtA, bagA]),
  ];
  const reco = createRecommender(catalogue, events);

  it('viewed-also-viewed ranks what most co-viewers looked at first, never the anchor', () => {
    const r = reco.recommend('viewedalsoviewed', { anchor: shirtA });
    expect(names(r).slice(0, 2)).toEqual([trouserA.sku, shoeA.sku]);
    expect(names(r)).not.toContain(shirtA.sku);
    // A product seen only by people who never saw the anchor is not a neighbour.
    expect(names(r)).not.toContain(candleA.sku);
  });
  it('bought-also-bought uses purchases, not views', () => {
    const r = reco.recommend('boughtalsobought', { anchor: shirtA });
    expect(names(r)).toEqual([trouserB.sku, bagA.sku]);
  });
  it('cross-sell picks two or three add-ons from complementary departments, bought together first', () => {
    const r = reco.recommend('crosssell', { anchor: shirtA });
    expect(r.length).toBeGreaterThanOrEqual(2);
    expect(r.length).toBeLessThanOrEqual(3);
    expect(r[0].sku).toBe(trouserB.sku);
    // Shirts are completed by trousers and knitwear; the bag bought with it is not a complement.
    for (const p of r) expect(['trousers', 'knitwear']).toContain(p.category);
    expect(names(r)).not.toContain(shirtA.sku);
  });
  it('gives nothing for an anchored algorithm without an anchor', () => {
    expect(reco.recommend('viewedalsoviewed', {})).toEqual([]);
    expect(reco.recommend('crosssell', {})).toEqual([]);
  });
});

describe('trending', () => {
  const events = [
    // Old popularity: ten purchases of shoe B a month ago.
    ...Array.from({ length: 10 }, (_, i) => story(`old${i}`, 'purchase', [shoeB], NOW - 30 * DAY)).flat(),
    // Fresh interest: three purchases of candle A today.
    ...Array.from({ length: 3 }, (_, i) => story(`new${i}`, 'purchase', [candleA], NOW)).flat(),
    ...story('new9', 'view', [shoeA], NOW),
  ];
  const reco = createRecommender(catalogue, events);

  it('weighs recent events more than old ones', () => {
    const r = reco.recommend('trending', {});
    expect(names(r).indexOf(candleA.sku)).toBeLessThan(names(r).indexOf(shoeB.sku));
  });
  it('leaves out what the visitor already bought', () => {
    expect(names(reco.recommend('trending', { visitor: 'new0' }))).not.toContain(candleA.sku);
  });
  it('trending in category stays in the anchor department and skips the anchor', () => {
    const r = reco.recommend('trendingincategory', { anchor: shoeA });
    expect(names(r)).toEqual([shoeB.sku]);
  });
});

describe('department and content', () => {
  const reco = createRecommender(catalogue, story('v', 'purchase', [shirtB, shirtB, shirtC]));

  it('category based returns the rest of the anchor department, most popular first', () => {
    const r = reco.recommend('categoryreco', { anchor: shirtA });
    expect(r).toHaveLength(of('shirts').length - 1);
    expect(r.every((p) => p.category === 'shirts')).toBe(true);
    expect(r[0].sku).toBe(shirtB.sku);
  });
  it('content based finds products described alike', () => {
    const anchor = of('ceramics').find((p) => p.kind === 'Mug')!;
    const r = reco.recommend('contentbasedreco', { anchor });
    expect(names(r)).not.toContain(anchor.sku);
    // The closest texts share the item kind or the department.
    for (const p of r.slice(0, 3)) expect(p.kind === 'Mug' || p.category === 'ceramics').toBe(true);
  });
});

describe('a visitor’s own history', () => {
  const events = [
    ...story('me', 'view', [shirtA, candleA, shirtA, shoeA]),
    ...story('me', 'purchase', [shoeA], NOW),
    ...Array.from({ length: 4 }, (_, i) => story(`o${i}`, 'view', [shoeA, bagA])).flat(),
    ...Array.from({ length: 3 }, (_, i) => story(`o${i}`, 'wishlist', [shoeA, trouserB])).flat(),
  ];
  const reco = createRecommender(catalogue, events);

  it('recent views: distinct, most recent first', () => {
    expect(names(reco.recommend('recentviews', { visitor: 'me' }))).toEqual([shoeA.sku, shirtA.sku, candleA.sku]);
    expect(names(reco.recommend('recentviews', { visitor: 'me', anchor: shoeA }))).toEqual([shirtA.sku, candleA.sku]);
    expect(reco.recommend('recentviews', { visitor: 'stranger' })).toEqual([]);
  });
  it('bought category items come from the departments bought, minus what was bought', () => {
    const r = reco.recommend('boughtcatitemsreco', { visitor: 'me' });
    expect(r.length).toBeGreaterThan(0);
    expect(r.every((p) => p.category === 'shoes')).toBe(true);
    expect(names(r)).not.toContain(shoeA.sku);
    expect(reco.recommend('boughtcatitemsreco', { visitor: 'stranger' })).toEqual([]);
  });
  it('viewed category items come from the departments viewed, shirts weighing most', () => {
    const r = reco.recommend('viewedcatitemsreco', { visitor: 'me' });
    expect(new Set(r.map((p) => p.category))).toEqual(new Set(['shirts', 'candles', 'shoes']));
    expect(r[0].category).toBe('shirts');
    expect(names(r)).not.toContain(shirtA.sku);
  });
  it('inspired by history brings what others viewed with the latest products', () => {
    const r = reco.recommend('inspbybrowsehist', { visitor: 'me' });
    expect(names(r)).toContain(bagA.sku);
    for (const seen of [shirtA, candleA, shoeA]) expect(names(r)).not.toContain(seen.sku);
  });
  it('wishlist based brings what others saved alongside the anchor', () => {
    const r = reco.recommend('wishlistreco', { anchor: shoeA });
    expect(names(r)).toEqual([trouserB.sku]);
  });
});

describe('live events', () => {
  it('a recorded view changes recent views at once', () => {
    const reco = createRecommender(catalogue, []);
    expect(reco.recommend('recentviews', { visitor: 'live' })).toEqual([]);
    reco.record({ visitor: 'live', sku: bagA.sku, type: 'view', at: NOW });
    expect(names(reco.recommend('recentviews', { visitor: 'live' }))).toEqual([bagA.sku]);
  });
});

describe('live events', () => {
  it('give the same results as a recommender built with them from the start', () => {
    const history = createHistory(catalogue);
    const live: StoreEvent[] = [
      ...story('live-1', 'view', [candleA, bagA, shoeA], Date.UTC(2026, 10, 5)),
      ...story('live-2', 'view', [candleA, bagA], Date.UTC(2026, 10, 6)),
    ];
    const incremental = createRecommender(catalogue, history);
    incremental.recommend('trending', {});
    for (const e of live) incremental.record(e);
    const rebuilt = createRecommender(catalogue, [...history, ...live]);
    for (const algorithm of ['trending', 'viewedalsoviewed', 'trendingincategory', 'recentviews'] as const) {
      const input = { anchor: candleA, visitor: 'live-1' };
      expect(names(incremental.recommend(algorithm, input)), algorithm).toEqual(names(rebuilt.recommend(algorithm, input)));
    }
  });
});

describe('every algorithm on the generated history', () => {
  const reco = createRecommender(catalogue, createHistory(catalogue));
  const visitor = 'visitor-0001';
  const algorithms: RecommenderAlgorithm[] = ['recentviews', 'viewedalsoviewed', 'contentbasedreco', 'boughtalsobought', 'trendingincategory',
    'categoryreco', 'viewedcatitemsreco', 'trending', 'wishlistreco', 'crosssell', 'inspbybrowsehist'];
  it.each(algorithms)('%s returns something meaningful and never the anchor', (algorithm) => {
    // The most viewed product has neighbours for every algorithm.
    const anchor = catalogue.reduce((best, p) => (reco.popularity(p.sku) > reco.popularity(best.sku) ? p : best));
    const r = reco.recommend(algorithm, { anchor, visitor });
    expect(r.length).toBeGreaterThan(0);
    expect(names(r)).not.toContain(anchor.sku);
    expect(new Set(names(r)).size).toBe(r.length);
  });
});
