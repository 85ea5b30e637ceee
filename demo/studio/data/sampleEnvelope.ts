import type { WidgetEnvelope } from '../../../src/types/interface';

const items: [name: string, image: string, price: string, discounted: string | null][] = [
  ['Stoneware mug, terracotta', 'mug', '18.00', null],
  ['Brass desk lamp', 'lamp', '89.00', '69.00'],
  ['Waxed canvas tote', 'bag', '54.00', null],
  ['Oak dining chair', 'chair', '210.00', '179.00'],
  ['Fiddle-leaf fig in clay pot', 'plant', '42.00', null],
  ['Wall clock, walnut face', 'clock', '65.00', null],
];

/**
 * Data for the preview before (or without) the sandbox: six products whose
 * images are served beside the studio, so the preview works offline.
 */
export function sampleEnvelope(): WidgetEnvelope {
  return {
    errMsg: null,
    numberofdocs: items.length,
    success: '0',
    widgetType: 'viewedalsoviewed',
    widgetName: 'Customers also viewed',
    products: items.map(([name, image, price, discounted], i) => ({
      name,
      sku: `SAMPLE-${i + 1}`,
      price,
      ...(discounted ? { discountedPrice: discounted } : {}),
      smallImage: `fixtures/${image}.svg`,
      currentPageUrl: `/products/sample-${i + 1}`,
    })),
    customValues: {},
  };
}
