import type { ProductView, WidgetView } from '../core/template/buildView';
import type { Card, LaterCard } from './fill';
import type { Strings } from '../core/strings/en';

/**
 * A layout: a Preact component of `LayoutProps`, spelled without Preact's types so that
 * the published declarations need no Preact (the package bundles it and installs nothing).
 */
export type LayoutComponent = (props: LayoutProps) => unknown;

export interface LayoutProps {
  view: WidgetView;
  /** Rendered, sanitised cards, one per product in `view.products`; a carousel's past the first few render when called. */
  cards: (Card | LaterCard)[];
  title: string;
  titleId: string;
  /** Interface strings: English, then the page language's, then the merchant's. */
  t: Strings;
  /** Bundle only: the page's own product, always included, first. */
  anchor?: { view: ProductView; card: Card };
  formatTotal?: (amount: number) => string;
  onAdd?: (products: ProductView[], total: number) => void;
  /** Bundle only: positions of the add-ons the shopper unticked. */
  off?: number[];
  setOff?: (off: number[]) => void;
}
