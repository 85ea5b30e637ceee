import type { ServerState } from '../../types/server';
import { parseJson } from '../../core/api/parseJson';

/**
 * The widget root `vitrine/server` rendered into this slot, with the state it carries;
 * undefined when there is none or its state does not read as version 1.
 */
export function readServerRoot(el: HTMLElement): { root: HTMLElement; state: ServerState } | undefined {
  for (const root of el.children as unknown as HTMLElement[]) {
    try {
      const state = parseJson(root.getAttribute('data-vitrine-state')!) as ServerState;
      if (state?.v == 1 && Array.isArray(state.products)) return { root, state };
    } catch {
      /* not a server root, or a state cut short: render the client way */
    }
  }
}
