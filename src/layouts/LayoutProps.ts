import type { ProductView, WidgetView } from '../template/buildView';

export interface LayoutProps {
  view: WidgetView;
  /** Rendered, sanitised card markup, one per product in `view.products`. */
  cards: string[];
  title: string;
  titleId: string;
  /** Bundle only: the page's own product, always included, first. */
  anchor?: { view: ProductView; card: string };
  formatTotal?: (amount: number) => string;
  onAdd?: (products: ProductView[], total: number) => void;
  /** Bundle only: positions of the add-ons the shopper unticked. */
  off?: number[];
  setOff?: (off: number[]) => void;
}
