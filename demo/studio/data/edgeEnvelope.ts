import type { WidgetEnvelope, WidgetProduct } from '../../../src/types/interface';

export const EDGE_CASES = [
  { id: 'long-names', label: 'Long names' },
  { id: 'missing-images', label: 'Missing images' },
  { id: 'discounts', label: 'Discounted and not' },
  { id: 'one-product', label: 'One product' },
  { id: 'fifty-products', label: 'Fifty products' },
  { id: 'hostile-name', label: 'Hostile name' },
] as const;

export type EdgeCase = (typeof EDGE_CASES)[number]['id'];

export function isEdgeCase(value: unknown): value is EdgeCase {
  return EDGE_CASES.some((c) => c.id === value);
}

const longTail =
  ' with hand-finished edges, recycled packaging and a name long enough to wrap over several lines on a phone';
// One word with no break opportunity: it overflows any card that does not set overflow-wrap.
const unbreakable = 'Ultralightweatherproofpackablerainjacketwithdetachablehood';

const hostile: Pick<WidgetProduct, 'name' | 'currentPageUrl' | 'smallImage'>[] = [
  { name: '<img src=x onerror=alert(1)>', currentPageUrl: 'javascript:alert(1)', smallImage: 'javascript:alert(2)' },
  { name: '"><script>alert(document.cookie)</script>', currentPageUrl: '/products/x"onmouseover="alert(1)', smallImage: '' },
  { name: '{{widget_displayName}} {{{product_name}}}', currentPageUrl: '/products/mustache', smallImage: '' },
];

function withProducts(base: WidgetEnvelope, products: WidgetProduct[]): WidgetEnvelope {
  return { ...base, products, numberofdocs: products.length };
}

function asNumber(price: string | number): number {
  const n = typeof price === 'number' ? price : Number.parseFloat(price);
  return Number.isFinite(n) ? n : 0;
}

/**
 * The envelope `base` turned into one of the cases theme authors forget:
 * every case keeps the base's products (so real images and prices stay) and
 * changes only what the case is about.
 */
export function edgeEnvelope(kind: EdgeCase, base: WidgetEnvelope): WidgetEnvelope {
  const products = base.products.length > 0 ? base.products : [];
  switch (kind) {
    case 'long-names':
      return withProducts(base, products.map((p, i) => ({ ...p, name: i % 3 === 1 ? unbreakable : p.name + longTail })));
    case 'missing-images':
      // An empty URL and a URL that 404s fail differently; show both.
      return withProducts(base, products.map((p, i) => ({ ...p, smallImage: i % 2 === 0 ? '' : '/missing-image.jpg' })));
    case 'discounts':
      return withProducts(base, products.map((p, i) => {
        const { discountedPrice: _omit, ...plain } = p;
        return i % 2 === 0 ? { ...plain, discountedPrice: (asNumber(p.price) * 0.75).toFixed(2) } : plain;
      }));
    case 'one-product':
      return withProducts(base, products.slice(0, 1));
    case 'fifty-products':
      return withProducts(base, Array.from({ length: 50 }, (_, i) => {
        const p = products[i % products.length];
        return { ...p, sku: `${p.sku}-${i + 1}`, name: `${p.name} #${i + 1}` };
      }));
    case 'hostile-name':
      return withProducts(base, products.map((p, i) => (i < hostile.length ? { ...p, ...hostile[i] } : p)));
  }
}
