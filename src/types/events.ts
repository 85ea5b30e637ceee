import type { AlgorithmName, PageName } from './interface';
import type { Layout } from './config';
import type { ApiErrorKind } from './errors';

/** A product in an event: what analytics need of it. */
export interface ProductDetail {
  name: string;
  sku?: string;
  /** The price paid (the sale price when discounted), as a number. */
  price?: number;
  url?: string;
}

/** `vitrine:render`: the slot shows products. */
export interface RenderDetail {
  algorithm: AlgorithmName;
  /** The page type Vitrine saw. */
  page: PageName;
  /** How many products show. */
  products: number;
  /** The themeId that rendered them. */
  theme: string;
  layout: Layout;
  /** From reading the slot to the widget on screen. */
  ms: number;
  /** The theme's script did not run (the widget did render). */
  warning?: string;
  /** The widget came in the page's HTML (`vitrine/server`) and was taken over, not fetched. */
  server?: true;
}

export type ErrorKind = ApiErrorKind | 'config' | 'slot' | 'input' | 'empty' | 'theme' | 'render';

/** `vitrine:error`: the slot keeps (or got back) its fallback, and why. */
export interface ErrorDetail {
  kind: ErrorKind;
  message: string;
  /** HTTP status, 0 when there was none. */
  status: number;
  algorithm?: AlgorithmName;
  page?: PageName;
}

/** `vitrine:impression`: half the widget came into view, once per render. */
export interface ImpressionDetail {
  products: number;
}

/** `vitrine:click`: a shopper opened a product; `position` counts from 1. */
export interface ClickDetail {
  product: ProductDetail;
  position: number;
}

/** `vitrine:add-to-cart`: the bundle's add button, with the products ticked. */
export interface AddToCartDetail {
  products: ProductDetail[];
  total: number;
  currency?: string;
}

/**
 * Every event a slot sends (they bubble), for `addEventListener`:
 * `slot.addEventListener('vitrine:render', (e) => e.detail.algorithm)` is typed.
 */
export interface VitrineEventMap {
  'vitrine:render': CustomEvent<RenderDetail>;
  'vitrine:error': CustomEvent<ErrorDetail>;
  'vitrine:impression': CustomEvent<ImpressionDetail>;
  'vitrine:click': CustomEvent<ClickDetail>;
  'vitrine:add-to-cart': CustomEvent<AddToCartDetail>;
}

declare global {
  // Events bubble from the slot to the document and the window.
  interface HTMLElementEventMap extends VitrineEventMap {}
  interface DocumentEventMap extends VitrineEventMap {}
  interface WindowEventMap extends VitrineEventMap {}
  interface HTMLElementTagNameMap {
    'vitrine-widget': HTMLElement;
  }
}
