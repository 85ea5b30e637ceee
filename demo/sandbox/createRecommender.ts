import { CATEGORIES } from './categories';
import type { SampleProduct } from './createCatalogue';
import type { StoreEvent } from './createHistory';
import { createTextIndex } from './createTextIndex';

/** Algorithms the recommender computes (the catalogue's `name` values). */
export type RecommenderAlgorithm =
  | 'recentviews' | 'viewedalsoviewed' | 'contentbasedreco' | 'boughtcatitemsreco'
  | 'boughtalsobought' | 'trendingincategory' | 'categoryreco' | 'viewedcatitemsreco'
  | 'trending' | 'wishlistreco' | 'crosssell' | 'inspbybrowsehist';

export interface RecommendInput {
  /** The product the visitor is looking at, when known. */
  anchor?: SampleProduct;
  /** The visitor's `site_uid`, when known. */
  visitor?: string;
}

export interface Recommender {
  /** Adds a live event (a product page view learnt from a widget request). */
  record(event: StoreEvent): void;
  /** Products ranked best first. Never contains the anchor. */
  recommend(algorithm: RecommenderAlgorithm, input: RecommendInput): SampleProduct[];
  /** All-time interest in a product, 0–1 (the search index's `popularity_score_d`). */
  popularity(sku: string): number;
}

/** Trending weighs a week-old event half as much as one from today. */
const HALF_LIFE_MS = 7 * 86_400_000;
/** How much each kind of event says about interest in a product. */
const WEIGHT = { view: 0.5, wishlist: 1.5, purchase: 3 } as const;
/** Results are cut here; widgets show 12 by default and no layout shows 40. */
const LIMIT = 40;

interface Indexes {
  /** Every event of a visitor, oldest first. */
  byVisitor: Map<string, StoreEvent[]>;
  /** Distinct visitors per product and event type. */
  viewers: Map<string, Set<string>>;
  buyers: Map<string, Set<string>>;
  wishers: Map<string, Set<string>>;
  /** Recency-weighted interest, for trending. */
  trend: Map<string, number>;
  /** All-time weighted interest, for popularity. */
  interest: Map<string, number>;
  maxInterest: number;
  /** Reference time of the `trend` weights. */
  now: number;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

/** Adds one event to the indexes; `trend` decays from `now`, so a later event weighs more than 1. */
function addEvent(i: Indexes, e: StoreEvent): void {
  const list = i.byVisitor.get(e.visitor);
  if (!list) i.byVisitor.set(e.visitor, [e]);
  else {
    list.push(e);
    // Live events arrive in time order; anything else is put back in order.
    if (list.length > 1 && list[list.length - 2].at > e.at) list.sort((a, b) => a.at - b.at);
  }
  addTo(e.type === 'view' ? i.viewers : e.type === 'purchase' ? i.buyers : i.wishers, e.sku, e.visitor);
  const w = WEIGHT[e.type];
  // Shifting `now` would scale every score by the same factor, so ranks stay right
  // without recomputing when newer events arrive.
  i.trend.set(e.sku, (i.trend.get(e.sku) ?? 0) + w * 2 ** ((e.at - i.now) / HALF_LIFE_MS));
  const interest = (i.interest.get(e.sku) ?? 0) + w;
  i.interest.set(e.sku, interest);
  i.maxInterest = Math.max(i.maxInterest, interest);
}

function buildIndexes(events: readonly StoreEvent[]): Indexes {
  const i: Indexes = {
    byVisitor: new Map(), viewers: new Map(), buyers: new Map(), wishers: new Map(), trend: new Map(), interest: new Map(),
    maxInterest: 1,
    // Recency is measured from the newest event, not the wall clock, so results
    // depend on the history alone (stable tests, stable demo).
    now: events.reduce((m, e) => Math.max(m, e.at), 0),
  };
  for (const e of [...events].sort((a, b) => a.at - b.at)) addEvent(i, e);
  return i;
}

/** Sorts scored products best first; ties go to the lower sku so results are stable. */
function ranked(scores: Map<string, number>, bySku: Map<string, SampleProduct>, exclude: ReadonlySet<string>): SampleProduct[] {
  return [...scores]
    .filter(([sku, score]) => score > 0 && !exclude.has(sku) && bySku.has(sku))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, LIMIT)
    .map(([sku]) => bySku.get(sku) as SampleProduct);
}

/**
 * Computes every algorithm of the catalogue from the store's events:
 * co-occurrence (viewed/bought also …), recency-weighted trending, department
 * affinity, TF-IDF similarity over names and descriptions, and a visitor's own
 * history. Indexes are built once (10–60 ms for the 8,300 generated
 * events) and live events are added to them in place.
 */
export function createRecommender(products: readonly SampleProduct[], history: readonly StoreEvent[]): Recommender {
  const events = [...history];
  const bySku = new Map(products.map((p) => [p.sku, p]));
  const text = createTextIndex(products.map((p) => ({
    id: p.sku,
    text: `${p.name} ${p.kind} ${p.material} ${p.categoryName} ${p.description}`,
  })));
  let indexes: Indexes | null = null;
  const idx = (): Indexes => (indexes ??= buildIndexes(events));

  const visitorEvents = (visitor: string | undefined): StoreEvent[] =>
    (visitor ? idx().byVisitor.get(visitor) : undefined) ?? [];

  /** Co-occurrence with `anchor` among visitors who share an event type, damped by popularity (cosine). */
  const coOccurring = (anchor: SampleProduct, group: Map<string, Set<string>>, type: StoreEvent['type']): Map<string, number> => {
    const scores = new Map<string, number>();
    const people = group.get(anchor.sku);
    if (!people) return scores;
    for (const visitor of people) {
      const own = visitorEvents(visitor).filter((e) => e.type === type);
      const first = own.find((e) => e.sku === anchor.sku)?.at ?? 0;
      const seen = new Set<string>();
      for (const e of own) {
        if (e.sku === anchor.sku || seen.has(e.sku)) continue;
        seen.add(e.sku);
        // "Viewed after" counts fully, before it only half: the interface describes
        // viewed-also-viewed as what others looked at after the current product.
        scores.set(e.sku, (scores.get(e.sku) ?? 0) + (e.at >= first ? 1 : 0.5));
      }
    }
    for (const [sku, s] of scores) scores.set(sku, s / Math.sqrt(group.get(sku)?.size ?? 1));
    return scores;
  };

  const trendScores = (filter: (p: SampleProduct) => boolean): Map<string, number> => {
    const scores = new Map<string, number>();
    for (const [sku, s] of idx().trend) {
      const p = bySku.get(sku);
      if (p && filter(p)) scores.set(sku, s);
    }
    return scores;
  };

  /** Products of the departments a visitor touched, weighted by how often, then by trend. */
  const fromCategoriesOf = (mine: StoreEvent[]): SampleProduct[] => {
    if (mine.length === 0) return [];
    const weight = new Map<string, number>();
    for (const e of mine) {
      const p = bySku.get(e.sku);
      if (p) weight.set(p.category, (weight.get(p.category) ?? 0) + 1);
    }
    // Every product of those departments qualifies, quiet ones too. Within a
    // department trend decides the order; across departments the k-th product
    // of a department scores weight / k, so every department touched shows up
    // and the most touched one leads.
    const { trend } = idx();
    const own = new Set(mine.map((e) => e.sku));
    const scores = new Map<string, number>();
    for (const [category, w] of weight) {
      const inDepartment = products
        .filter((p) => p.category === category && !own.has(p.sku))
        .sort((a, b) => (trend.get(b.sku) ?? 0) - (trend.get(a.sku) ?? 0) || (a.sku < b.sku ? -1 : 1));
      inDepartment.forEach((p, k) => scores.set(p.sku, w / (1 + k)));
    }
    return ranked(scores, bySku, own);
  };

  const recentlyViewed = (visitor: string | undefined): string[] => {
    const seen = new Set<string>();
    const views = visitorEvents(visitor).filter((e) => e.type === 'view');
    for (let i = views.length - 1; i >= 0; i--) seen.add(views[i].sku);
    return [...seen];
  };

  const algorithms: Record<RecommenderAlgorithm, (input: RecommendInput, exclude: Set<string>) => SampleProduct[]> = {
    recentviews: ({ visitor }, exclude) =>
      recentlyViewed(visitor).filter((sku) => !exclude.has(sku)).slice(0, LIMIT).map((sku) => bySku.get(sku) as SampleProduct).filter(Boolean),

    viewedalsoviewed: ({ anchor }, exclude) =>
      anchor ? ranked(coOccurring(anchor, idx().viewers, 'view'), bySku, exclude) : [],

    boughtalsobought: ({ anchor }, exclude) =>
      anchor ? ranked(coOccurring(anchor, idx().buyers, 'purchase'), bySku, exclude) : [],

    contentbasedreco: ({ anchor }, exclude) =>
      anchor ? ranked(text.similar(anchor.sku), bySku, exclude) : [],

    categoryreco: ({ anchor }, exclude) => {
      if (!anchor) return [];
      const scores = new Map<string, number>();
      for (const p of products) {
        // All-time interest first, rating breaks ties between quiet products.
        if (p.category === anchor.category) scores.set(p.sku, (idx().interest.get(p.sku) ?? 0) + p.rating / 10);
      }
      return ranked(scores, bySku, exclude);
    },

    trending: ({ visitor }, exclude) => {
      // "From purchases of other users": what this visitor already bought is left out.
      const own = new Set(visitorEvents(visitor).filter((e) => e.type === 'purchase').map((e) => e.sku));
      return ranked(trendScores(() => true), bySku, new Set([...exclude, ...own]));
    },

    trendingincategory: ({ anchor }, exclude) =>
      anchor ? ranked(trendScores((p) => p.category === anchor.category), bySku, exclude) : [],

    boughtcatitemsreco: ({ visitor }, exclude) =>
      fromCategoriesOf(visitorEvents(visitor).filter((e) => e.type === 'purchase')).filter((p) => !exclude.has(p.sku)),

    viewedcatitemsreco: ({ visitor }, exclude) =>
      fromCategoriesOf(visitorEvents(visitor).filter((e) => e.type === 'view')).filter((p) => !exclude.has(p.sku)),

    inspbybrowsehist: ({ visitor }, exclude) => {
      const mine = visitorEvents(visitor).filter((e) => e.type !== 'wishlist');
      // The ten latest distinct products, the newest counting most.
      const seeds = [...new Set(mine.map((e) => e.sku).reverse())].slice(0, 10);
      const scores = new Map<string, number>();
      seeds.forEach((sku, rank) => {
        const seed = bySku.get(sku);
        if (!seed) return;
        const w = 1 / (1 + rank);
        for (const [other, s] of coOccurring(seed, idx().viewers, 'view')) scores.set(other, (scores.get(other) ?? 0) + w * s);
        for (const [other, s] of text.similar(sku)) scores.set(other, (scores.get(other) ?? 0) + w * s);
      });
      return ranked(scores, bySku, new Set([...exclude, ...mine.map((e) => e.sku)]));
    },

    wishlistreco: ({ anchor, visitor }, exclude) => {
      // Products that other visitors saved alongside the anchor, or alongside
      // what this visitor saved or viewed; the most saved overall when nothing is known.
      const mine = visitorEvents(visitor);
      const seeds = anchor ? [anchor.sku]
        : mine.some((e) => e.type === 'wishlist') ? mine.filter((e) => e.type === 'wishlist').map((e) => e.sku)
        : recentlyViewed(visitor).slice(0, 5);
      const { wishers, viewers } = idx();
      const scores = new Map<string, number>();
      const people = new Set<string>();
      for (const sku of seeds) for (const g of [wishers, viewers]) for (const v of g.get(sku) ?? []) people.add(v);
      for (const v of people) {
        if (v === visitor) continue;
        for (const e of visitorEvents(v)) if (e.type === 'wishlist') scores.set(e.sku, (scores.get(e.sku) ?? 0) + 1);
      }
      if (seeds.length === 0) for (const [sku, set] of wishers) scores.set(sku, set.size);
      for (const [sku, s] of scores) scores.set(sku, s / Math.sqrt(wishers.get(sku)?.size ?? 1));
      return ranked(scores, bySku, new Set([...exclude, ...seeds]));
    },

    crosssell: ({ anchor }, exclude) => {
      if (!anchor) return [];
      // Two or three add-ons from complementary departments: bought together
      // first, viewed together next, the department's best sellers last.
      const complements = new Set(CATEGORIES.find((c) => c.slug === anchor.category)?.complements ?? []);
      complements.delete(anchor.category);
      const scores = new Map<string, number>();
      const add = (m: Map<string, number>, factor: number): void => {
        for (const [sku, s] of m) if (complements.has(bySku.get(sku)?.category ?? '')) scores.set(sku, (scores.get(sku) ?? 0) + factor * s);
      };
      add(coOccurring(anchor, idx().buyers, 'purchase'), 100);
      add(coOccurring(anchor, idx().viewers, 'view'), 10);
      const picks = ranked(scores, bySku, exclude);
      const chosen: SampleProduct[] = [];
      // One add-on per department where possible: a belt and a scarf, not two belts.
      for (const p of picks) if (chosen.length < 3 && !chosen.some((c) => c.category === p.category)) chosen.push(p);
      for (const p of picks) if (chosen.length < 3 && !chosen.includes(p)) chosen.push(p);
      if (chosen.length < 2) {
        const best = ranked(trendScores((p) => complements.has(p.category)), bySku, exclude);
        for (const p of best) if (chosen.length < 3 && !chosen.includes(p)) chosen.push(p);
      }
      return chosen;
    },
  };

  return {
    record(event) {
      events.push(event);
      if (indexes) addEvent(indexes, event);
    },
    recommend(algorithm, input) {
      const exclude = new Set(input.anchor ? [input.anchor.sku] : []);
      return algorithms[algorithm](input, exclude).filter((p) => p.sku !== input.anchor?.sku);
    },
    popularity(sku) {
      const i = idx();
      return Math.round(((i.interest.get(sku) ?? 0) / i.maxInterest) * 1000) / 1000;
    },
  };
}
