import type { ServerState } from '../../types/server';
import { parseJson } from '../../core/api/parseJson';

/**
 * The widget root `vitrine/server` rendered into this slot, with the state it carries;
 * undefined when there is none or its state does not read as version 1.
 */
export function readServerRoot(el: HTMLElement): { root: HTMLElement; state: ServerState } | undefined {
  const root = el.querySelector<HTMLElement>(':scope>[data-vitrine-state]');
  try {
    const state = root && (parseJson(root.getAttribute('data-vitrine-state')!) as ServerState);
    if (state && state.v == 1) return { root: root!, state };
  } catch {
    /* a state cut short: the slot renders the client way */
  }
}
