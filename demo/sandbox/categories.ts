/** The departments of the sample store, with what the generator needs to dress them. */
export interface CategoryDefinition {
  slug: string;
  name: string;
  /** Hue (0–360) of the product images of this department. */
  hue: number;
  /** Item kinds sold here; the last word of a product's name. */
  kinds: readonly string[];
  materials: readonly string[];
  /** List price range in euros. */
  price: readonly [number, number];
  /** Who the department dresses: `unisex` products carry both genders. */
  genders: readonly ('women' | 'men' | 'unisex')[];
  /** Departments whose products complete a purchase from this one (cross-sell). */
  complements: readonly string[];
  /** Sizes offered; a product's variant name is `<colour> / <size>`. */
  sizes: readonly string[];
  blurb: string;
}

export const CATEGORIES: readonly CategoryDefinition[] = [
  {
    slug: 'knitwear', name: 'Knitwear', hue: 28,
    kinds: ['Crewneck', 'Cardigan', 'Turtleneck', 'Vest', 'Polo Knit'],
    materials: ['Merino', 'Cashmere', 'Lambswool', 'Cotton'],
    price: [85, 240], genders: ['women', 'men', 'unisex'],
    complements: ['trousers', 'accessories'], sizes: ['XS', 'S', 'M', 'L', 'XL'],
    blurb: 'Soft knits spun in small mills, made to be worn for years.',
  },
  {
    slug: 'shirts', name: 'Shirts', hue: 205,
    kinds: ['Oxford Shirt', 'Overshirt', 'Blouse', 'Camp Shirt', 'Tunic'],
    materials: ['Linen', 'Poplin', 'Flannel', 'Chambray'],
    price: [59, 140], genders: ['women', 'men'],
    complements: ['trousers', 'knitwear'], sizes: ['XS', 'S', 'M', 'L', 'XL'],
    blurb: 'Crisp cottons and washed linens cut with a relaxed hand.',
  },
  {
    slug: 'trousers', name: 'Trousers', hue: 220,
    kinds: ['Chino', 'Pleated Trouser', 'Wide Leg Pant', 'Jean', 'Drawstring Pant'],
    materials: ['Twill', 'Denim', 'Corduroy', 'Wool'],
    price: [69, 165], genders: ['women', 'men'],
    complements: ['shirts', 'shoes'], sizes: ['28', '30', '32', '34', '36'],
    blurb: 'Trousers with a considered rise and a fabric that softens with wear.',
  },
  {
    slug: 'dresses', name: 'Dresses', hue: 335,
    kinds: ['Slip Dress', 'Wrap Dress', 'Shirt Dress', 'Midi Dress', 'Smock Dress'],
    materials: ['Silk', 'Linen', 'Viscose', 'Cotton'],
    price: [95, 260], genders: ['women'],
    complements: ['shoes', 'bags'], sizes: ['XS', 'S', 'M', 'L'],
    blurb: 'Easy dresses for long lunches and late trains.',
  },
  {
    slug: 'outerwear', name: 'Outerwear', hue: 150,
    kinds: ['Chore Jacket', 'Trench Coat', 'Pea Coat', 'Quilted Jacket', 'Parka'],
    materials: ['Waxed Cotton', 'Wool', 'Gabardine', 'Moleskin'],
    price: [160, 420], genders: ['women', 'men', 'unisex'],
    complements: ['knitwear', 'accessories'], sizes: ['XS', 'S', 'M', 'L', 'XL'],
    blurb: 'Coats and jackets that carry you from the first frost to the spring rain.',
  },
  {
    slug: 'shoes', name: 'Shoes', hue: 15,
    kinds: ['Loafer', 'Derby', 'Sneaker', 'Ankle Boot', 'Espadrille'],
    materials: ['Suede', 'Calf Leather', 'Canvas', 'Nubuck'],
    price: [110, 290], genders: ['women', 'men', 'unisex'],
    complements: ['bags', 'trousers'], sizes: ['37', '39', '41', '43', '45'],
    blurb: 'Shoes resoled by hand, lasted in Portugal and Spain.',
  },
  {
    slug: 'bags', name: 'Bags', hue: 40,
    kinds: ['Tote', 'Crossbody Bag', 'Weekender', 'Backpack', 'Pouch'],
    materials: ['Leather', 'Canvas', 'Raffia', 'Nylon'],
    price: [45, 320], genders: ['unisex', 'women'],
    complements: ['accessories', 'shoes'], sizes: ['One size'],
    blurb: 'Bags with proper pockets and straps that sit right.',
  },
  {
    slug: 'accessories', name: 'Accessories', hue: 270,
    kinds: ['Scarf', 'Beanie', 'Belt', 'Cap', 'Gloves'],
    materials: ['Wool', 'Silk', 'Leather', 'Alpaca'],
    price: [25, 120], genders: ['unisex', 'women', 'men'],
    complements: ['bags', 'outerwear'], sizes: ['One size'],
    blurb: 'The finishing touches: scarves, belts and warm hands.',
  },
  {
    slug: 'ceramics', name: 'Ceramics', hue: 185,
    kinds: ['Mug', 'Vase', 'Bowl', 'Plate', 'Jug'],
    materials: ['Stoneware', 'Porcelain', 'Earthenware', 'Terracotta'],
    price: [18, 95], genders: ['unisex'],
    complements: ['candles', 'ceramics'], sizes: ['Small', 'Large'],
    blurb: 'Tableware thrown and glazed in a Provençal workshop.',
  },
  {
    slug: 'candles', name: 'Candles', hue: 55,
    kinds: ['Candle', 'Diffuser', 'Room Spray', 'Incense', 'Tealight Set'],
    materials: ['Fig', 'Cedar', 'Lavender', 'Amber'],
    price: [16, 78], genders: ['unisex'],
    complements: ['ceramics', 'candles'], sizes: ['190 g', '300 g'],
    blurb: 'Scents of the south, poured in small batches.',
  },
];

export function findCategory(slug: string): CategoryDefinition | undefined {
  return CATEGORIES.find((c) => c.slug === slug);
}
