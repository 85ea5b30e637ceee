import type { ProductView } from '../../core/template/buildView';

/** One product to add: its view, the id its cart takes and how many. */
export interface CartLine {
  product: ProductView;
  id: string;
  quantity: number;
  /**
   * What the platform needs beside the id for the variant the shopper chose on the page,
   * merged into the line's request: WooCommerce's `variation` (the attributes), BigCommerce's
   * `variantId` or `optionSelections`.
   */
  more?: Record<string, unknown>;
  /** The page's product, whose options the shopper has not all chosen: nothing is sent for it. */
  unchosen?: boolean;
}

/** What the platform said: the lines its answer holds, those it refused with its words, and the cart after. */
export interface CartOutcome {
  added: CartLine[];
  /** `message` is the platform's words, as plain text; empty with `failure` when the request got no answer. */
  failed: { line: CartLine; message: string; failure?: CartFailure; options?: boolean }[];
  /** The platform's cart as its answer (or a later read) gave it, for the page's own cart UI. */
  cart?: unknown;
  /** The platform's answer to the add that put the last line in (Shopify's carries the theme's `sections`). */
  answer?: unknown;
}

/** A request that failed as a whole: `timeout`, `network`, `server` (5xx), `shape` (no JSON), `nonce` (none to be had). */
export interface CartFailure {
  message: 'timeout' | 'network' | 'server' | 'shape' | 'nonce';
  status: number;
}

/** Adds lines to one platform's cart through its documented API. */
export type Adapter = (win: Window, lines: CartLine[]) => Promise<CartOutcome>;
