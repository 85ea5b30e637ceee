import type { CartLine, CartOutcome } from './CartLine';
import { field } from './sendJson';

/**
 * Splits lines the platform accepted by what its answer lists: a line whose id (and
 * variant) no item of the answer carries is not taken as added, whatever the status said,
 * so nothing is announced, sent to analytics or put in an event that the cart does not hold.
 * `holds(item, line)` matches one item of the answer to one line. An unlisted line is
 * failed with no words and no failure: the widget says the cart does not show it.
 */
export function confirmed(outcome: CartOutcome, lines: CartLine[], items: unknown[], holds: (item: unknown, line: CartLine) => boolean): void {
  for (const line of lines) {
    if (items.some((item) => holds(item, line))) outcome.added.push(line);
    else outcome.failed.push({ line, message: '' });
  }
}

/** A field of an answer, own property only. */
export const own = (body: unknown, key: string): unknown => (body && typeof body == 'object' && Object.prototype.hasOwnProperty.call(body, key) ? (body as Record<string, unknown>)[key] : undefined);

/** An array field of an answer, own property only; empty when absent. */
export const list = (body: unknown, key: string): unknown[] => {
  const value = own(body, key);
  return Array.isArray(value) ? value : [];
};

export const same = (item: unknown, key: string, id: unknown) => field(item, key) !== '' && field(item, key) == String(id);
