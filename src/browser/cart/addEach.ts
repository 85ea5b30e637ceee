import type { CartFailure, CartLine, CartOutcome } from './CartLine';

/**
 * A platform that refuses a whole multi-line request for one bad line (Shopify's
 * `/cart/add.js`, BigCommerce's cart items) is asked again line by line, in order, so
 * the shopper learns which product it refused and why, and the rest still get added.
 * `one` adds one line and puts it in the outcome as its answer says (added or refused).
 */
export async function addEach(lines: CartLine[], outcome: CartOutcome, one: (line: CartLine) => Promise<void>): Promise<CartOutcome> {
  for (const [i, line] of lines.entries()) {
    try {
      await one(line);
    } catch (failure) {
      // No answer: what came before was added, this line and the rest are not known to be.
      if (!outcome.added.length) throw failure;
      for (const rest of lines.slice(i)) outcome.failed.push({ line: rest, message: '', failure: failure as CartFailure });
      break;
    }
  }
  return outcome;
}
