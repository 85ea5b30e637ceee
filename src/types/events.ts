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

/**
 * `resume`: a widget root in the slot was not taken over as the server's (forged, tampered
 * with, or a state that does not read); the slot rendered the client way.
 */
export type ErrorKind = ApiErrorKind | 'config' | 'slot' | 'input' | 'empty' | 'theme' | 'render' | 'cart' | 'resume';

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

/** A product to add or added: `id` is what the platform's cart takes, empty when none is known. */
export interface CartProductDetail extends ProductDetail {
  id: string;
  quantity: number;
}

/**
 * `vitrine:add-to-cart` (cancelable): a card's add-to-cart button or the bundle's "add
 * all" was pressed. A listener that adds by itself calls `preventDefault()` (then no
 * adapter adds) and may pass its promise to `waitUntil`, so the widget says whether it
 * worked and `vitrine:added-to-cart` follows.
 */
export interface AddToCartDetail {
  products: CartProductDetail[];
  total: number;
  currency?: string;
  source: 'card' | 'bundle';
  waitUntil(work: Promise<unknown>): void;
}

/** `vitrine:added-to-cart`: what the platform (or the page's own code) confirmed it added. */
export interface AddedToCartDetail {
  products: CartProductDetail[];
  total: number;
  currency?: string;
  /** `shopify`, `woocommerce`, `bigcommerce`, or `page` (a listener's `waitUntil`). */
  platform: string;
  /** The platform's cart after the add, as its API answered it (Shopify: `/cart.js`). */
  cart?: unknown;
}

/**
 * `vitrine:cart-updated` (cancelable): a platform adapter's add was confirmed, and the
 * theme's own cart UI is about to be told (Dawn's sections, Cornerstone's
 * `cart-quantity-update`, WooCommerce's events). A listener that updates the theme's cart
 * itself calls `preventDefault()`.
 */
export interface CartUpdatedDetail {
  /** `shopify`, `woocommerce` or `bigcommerce`. */
  platform: string;
  /** What the platform's answer says was added. */
  products: CartProductDetail[];
  /** The add request's answer, as the platform sent it. */
  answer: unknown;
  /** The platform's cart after the add, where the adapter read it. */
  cart?: unknown;
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
  'vitrine:added-to-cart': CustomEvent<AddedToCartDetail>;
  'vitrine:cart-updated': CustomEvent<CartUpdatedDetail>;
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
