import type { ProductView, WidgetView } from '../../core/template/buildView';

/** The widget root as mountWidget leaves it: its view, for the buttons inside. */
export type WidgetRoot = HTMLElement & { _view?: WidgetView };

export interface Press {
  root: WidgetRoot;
  /** The products the press asks for: a card's one, or the bundle's ticked ones. */
  products: ProductView[];
  source: 'card' | 'bundle';
}

/**
 * What a press of a `data-vitrine-cart` button asks to add. A card's button names its
 * product by its place (`data-vitrine-index` of its cell) or, in a whole-widget theme,
 * by its cart id; the bundle's button (an empty `data-vitrine-cart`) adds the page's
 * product and every add-on whose item is not marked `data-off`.
 */
export function readPress(button: Element): Press | null {
  const root = button.closest<WidgetRoot>('.vitrine');
  const view = root?._view;
  if (!root || !view) return null;
  const id = button.getAttribute('data-vitrine-cart');
  if (!id) {
    const items = Array.from(root.querySelectorAll('.vitrine__bundle-item:not([data-off])'));
    const products = items.map((item) => (item.hasAttribute('data-vitrine-index') ? view.products[Number(item.getAttribute('data-vitrine-index'))] : view._anchor));
    return { root, products: products.filter((p): p is ProductView => !!p), source: 'bundle' };
  }
  const cell = button.closest('[data-vitrine-index]');
  const product = cell ? view.products[Number(cell.getAttribute('data-vitrine-index'))] : view.products.find((p) => p.product_cartId == id);
  return product ? { root, products: [product], source: 'card' } : null;
}
