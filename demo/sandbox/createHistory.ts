import { CATEGORIES } from './categories';
import type { SampleProduct } from './createCatalogue';
import { createRandom } from './createRandom';

export type EventType = 'view' | 'purchase' | 'wishlist';

/** One thing a visitor did: the raw material of every algorithm. */
export interface StoreEvent {
  /** The visitor's `site_uid`. */
  visitor: string;
  sku: string;
  type: EventType;
  /** Milliseconds since the epoch. */
  at: number;
}

/** The history ends here (fixed, so the generated store never changes). */
export const HISTORY_END = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;
/** 640 visitors over 60 days gives ~8,000 events: enough co-occurrence for every product. */
const VISITORS = 640;
const DAYS = 60;

/**
 * Generates a deterministic browsing history. Visitors favour one or two
 * departments and a gender; within a session they move mostly inside a
 * collection line or department and sometimes to a complementary department,
 * which is what gives co-occurrence its structure. A handful of products are
 * "hot" in the last week so that trending differs from all-time popularity.
 */
export function createHistory(products: readonly SampleProduct[], seed = 7): StoreEvent[] {
  const random = createRandom(seed);
  const byCategory = new Map<string, SampleProduct[]>();
  for (const p of products) {
    const list = byCategory.get(p.category) ?? [];
    list.push(p);
    byCategory.set(p.category, list);
  }
  // Zipf-like appeal: a few products draw most of the attention.
  const appeal = new Map(products.map((p) => [p.sku, 1 / (1 + random.int(0, 20)) + 0.05]));
  const hot = new Set(products.filter(() => random.chance(0.06)).map((p) => p.sku));

  const events: StoreEvent[] = [];
  const pickIn = (list: readonly SampleProduct[], recent: boolean): SampleProduct =>
    list[random.weighted(list.map((p) => (appeal.get(p.sku) ?? 0.1) * (recent && hot.has(p.sku) ? 6 : 1)))];

  for (let v = 1; v <= VISITORS; v++) {
    const visitor = `visitor-${String(v).padStart(4, '0')}`;
    const gender = random.weighted([45, 35, 20]);
    const suits = (p: SampleProduct): boolean =>
      gender === 2 || p.genders.includes(gender === 0 ? 'women' : 'men');
    const favourites = [random.pick(CATEGORIES).slug];
    if (random.chance(0.5)) favourites.push(random.pick(CATEGORIES).slug);
    const sessions = random.int(1, 4);
    for (let s = 0; s < sessions; s++) {
      let at = HISTORY_END - random.next() * DAYS * DAY;
      const recent = HISTORY_END - at < 7 * DAY;
      const start = (byCategory.get(random.pick(favourites)) ?? []).filter(suits);
      if (start.length === 0) continue;
      let current = pickIn(start, recent);
      const viewed: SampleProduct[] = [];
      const length = random.int(2, 7);
      for (let step = 0; step < length; step++) {
        viewed.push(current);
        events.push({ visitor, sku: current.sku, type: 'view', at: Math.round(at) });
        at += random.int(20, 240) * 1000;
        const roll = random.next();
        const department = byCategory.get(current.category) ?? [];
        let pool: SampleProduct[];
        if (roll < 0.35) pool = products.filter((p) => p.line === current.line && p.sku !== current.sku);
        else if (roll < 0.7) pool = department.filter((p) => p.sku !== current.sku);
        else {
          const def = CATEGORIES.find((c) => c.slug === current.category);
          pool = byCategory.get(random.pick(def?.complements ?? favourites)) ?? [];
        }
        pool = pool.filter(suits);
        if (pool.length > 0) current = pickIn(pool, recent);
      }
      if (random.chance(0.3)) {
        const bought = new Set([random.pick(viewed)]);
        if (random.chance(0.4)) bought.add(random.pick(viewed));
        for (const p of bought) events.push({ visitor, sku: p.sku, type: 'purchase', at: Math.round(at += 60_000) });
      }
      if (random.chance(0.25)) {
        const saved = new Set([random.pick(viewed), random.pick(viewed)]);
        for (const p of saved) events.push({ visitor, sku: p.sku, type: 'wishlist', at: Math.round(at += 30_000) });
      }
    }
  }
  return events.sort((a, b) => a.at - b.at);
}
