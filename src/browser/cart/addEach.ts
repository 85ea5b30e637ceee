import type { CartFailure, CartLine, CartOutcome } from './CartLine';

/**
 * A platform that refuses a whole multi-line request for one bad line (Shopify's
 * `/cart/add.js`, BigCommerce's cart items) is asked again line by line, in order, so
 * the shopper learns which product it refused and why, and the rest still get added.
 * `one` resolves with the refusal's words, or '' when the line was added.
 */
export async function addEach(lines: CartLine[], one: (line: CartLine) => Promise<string>): Promise<CartOutcome> {
  const outcome: CartOutcome = { added: [], failed: [] };
  for (const [i, line] of lines.entries()) {
    let refused: string;
    try {
      refused = await one(line);
    } catch (failure) {
      // No answer: what came before was added, this line and the rest are not known to be.
      if (!outcome.added.length) throw failure;
      for (const rest of lines.slice(i)) outcome.failed.push({ line: rest, message: '', failure: failure as CartFailure });
      break;
    }
    if (refused) outcome.failed.push({ line, message: refused });
    else outcome.added.push(line);
  }
  return outcome;
}
