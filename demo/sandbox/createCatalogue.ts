import { CATEGORIES, type CategoryDefinition } from './categories';
import { createRandom } from './createRandom';

export type Gender = 'women' | 'men' | 'unisex';

/** One product of the sample store. */
export interface SampleProduct {
  /** Numeric id (the `proId` of bundled product placements). */
  id: number;
  sku: string;
  /** URL slug: the product page is `/products/<handle>`. */
  handle: string;
  name: string;
  category: string;
  categoryName: string;
  /** Collection line the product belongs to (shared first word of the name). */
  line: string;
  material: string;
  kind: string;
  colour: string;
  colourHex: string;
  description: string;
  /** List price in euros. */
  price: number;
  /** Sale price in euros when discounted, else null. */
  salePrice: number | null;
  /** Average rating, 1.0–5.0. */
  rating: number;
  reviewCount: number;
  inventory: number;
  /** `gender_ss` values: unisex products are listed for both women and men. */
  genders: ('women' | 'men')[];
  gender: Gender;
  variantName: string;
  /**
   * The sizes the product is sold in, each its own variant. One for nearly every product
   * (the size in `variantName`); the first knitwear product is sold in all of its
   * department's sizes, and its page asks the shopper to choose one.
   */
  sizes: string[];
  /** Days since the product arrived in the shop (0 = today's novelty). */
  ageDays: number;
}

/** Collection lines, named after French places (ASCII so handles stay readable). */
const LINES = [
  'Aubrac', 'Camargue', 'Vercors', 'Etretat', 'Menton', 'Arles', 'Biarritz', 'Colmar',
  'Annecy', 'Cassis', 'Gordes', 'Honfleur', 'Lourmarin', 'Quiberon', 'Sancerre', 'Uzes',
] as const;

const COLOURS: readonly (readonly [string, string])[] = [
  ['Oat', '#d8c8ad'], ['Ink', '#1f2a44'], ['Moss', '#5b6b3a'], ['Rust', '#a4502b'],
  ['Chalk', '#f1ede4'], ['Charcoal', '#3a3a3c'], ['Sky', '#8fb3d9'], ['Clay', '#c07a5b'],
  ['Olive', '#77733c'], ['Plum', '#6b3550'], ['Sand', '#e0cda4'], ['Sea', '#2f6f73'],
  ['Ochre', '#c8962d'], ['Rose', '#d9a3a6'], ['Navy', '#22314f'], ['Ecru', '#efe6d2'],
];

const FITS = [
  'a relaxed fit', 'a close, easy fit', 'a generous cut', 'a clean, tailored line',
  'a cropped shape', 'a softly structured shape',
];
const ORIGINS = ['Portugal', 'Italy', 'France', 'Scotland', 'Japan', 'Spain'];
const CARE = [
  'Wash cool, dry flat.', 'Dry clean or air out between wears.', 'Machine wash at 30°C.',
  'Wipe clean with a damp cloth.', 'Brush gently; store folded.',
];

/** Products per department: 10 departments × 22 = 220 products. */
const PER_CATEGORY = 22;

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Rounds a price to a shop-like figure ending in 5 or 9 euros. */
function shopPrice(value: number): number {
  const base = Math.floor(value / 10) * 10;
  return value - base < 5 ? base + 5 : base + 9;
}

function describe(c: CategoryDefinition, material: string, kind: string, line: string, fit: string, origin: string, care: string): string {
  const what = c.slug === 'candles'
    ? `${material} scented ${kind.toLowerCase()}`
    : `${kind.toLowerCase()} in ${material.toLowerCase()}`;
  return `The ${line} ${what}, with ${fit}. Made in ${origin} for Maison Vitrine's ${c.name.toLowerCase()} collection. ${c.blurb} ${care}`;
}

/**
 * Generates the sample store's catalogue. Deterministic: the same seed always
 * gives the same products, so tests and screenshots stay stable.
 */
export function createCatalogue(seed = 20261122): SampleProduct[] {
  const random = createRandom(seed);
  const products: SampleProduct[] = [];
  const names = new Set<string>();
  let id = 1000;
  for (const c of CATEGORIES) {
    const code = c.slug.slice(0, 3).toUpperCase();
    for (let i = 0; i < PER_CATEGORY; i++) {
      const kind = c.kinds[i % c.kinds.length];
      let line: string = random.pick(LINES);
      // Names are unique: widget requests find the anchor product by name.
      while (names.has(`${line} ${kind}`)) line = random.pick(LINES);
      const name = `${line} ${kind}`;
      names.add(name);
      const material = random.pick(c.materials);
      const [colour, colourHex] = random.pick(COLOURS);
      const [lo, hi] = c.price;
      const price = shopPrice(lo + random.next() * (hi - lo));
      // About one product in four is on sale, at 15–40 % off.
      const salePrice = random.chance(0.25) ? Math.round(price * (0.6 + random.int(0, 5) * 0.05)) - 0.01 : null;
      const gender = random.pick(c.genders);
      const genders: ('women' | 'men')[] = gender === 'unisex' ? ['women', 'men'] : [gender];
      const size = random.pick(c.sizes);
      const sized = c.slug === 'knitwear' && i === 0;
      id += 1;
      products.push({
        id,
        sku: `MV-${code}-${String(i + 1).padStart(3, '0')}`,
        handle: slugify(name),
        name,
        category: c.slug,
        categoryName: c.name,
        line,
        material,
        kind,
        colour,
        colourHex,
        description: describe(c, material, kind, line, random.pick(FITS), random.pick(ORIGINS), random.pick(CARE)),
        price,
        salePrice,
        rating: Math.round((3 + random.next() * 2) * 10) / 10,
        reviewCount: random.int(0, 240),
        inventory: random.chance(0.08) ? 0 : random.int(1, 120),
        genders,
        gender,
        variantName: size === 'One size' || sized ? colour : `${colour} / ${size}`,
        sizes: sized ? [...c.sizes] : [size],
        ageDays: random.int(0, 365),
      });
    }
  }
  return products;
}

/** Price the shopper pays: the sale price when there is one. */
export function sellingPrice(p: SampleProduct): number {
  return p.salePrice ?? p.price;
}
