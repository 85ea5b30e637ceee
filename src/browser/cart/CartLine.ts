import type { ProductView } from '../../core/template/buildView';

/** One product to add: its view, the id its cart takes and how many. */
export interface CartLine {
  product: ProductView;
  id: string;
  quantity: number;
}

/** What the platform said: the lines it added, those it refused with its words, and the cart after. */
export interface CartOutcome {
  added: CartLine[];
  /** `message` is the platform's words; empty with `failure` when the request got no answer. */
  failed: { line: CartLine; message: string; failure?: CartFailure }[];
  /** The platform's cart as its answer (or a later read) gave it, for the page's own cart UI. */
  cart?: unknown;
}

/** A request that failed as a whole: `timeout`, `network`, `server` (5xx), `shape` (no JSON), `nonce` (none on the page). */
export interface CartFailure {
  message: 'timeout' | 'network' | 'server' | 'shape' | 'nonce';
  status: number;
}

/** Adds lines to one platform's cart through its documented API. */
export type Adapter = (win: Window, lines: CartLine[]) => Promise<CartOutcome>;
