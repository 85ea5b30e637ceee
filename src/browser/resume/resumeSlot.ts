import type { ServerState } from '../../types/server';
import type { Resume, ResumeDeps } from '../host';
import type { MountOptions } from '../render/mountWidget';
import { isPersonal } from '../../core/algorithms/isPersonal';
import { readServerRoot } from './readServerRoot';

/**
 * What a shopper does when reaching for a widget. The first of them hydrates it, in the
 * capture phase at its root, so the handlers hydration attaches get that same event.
 */
const REACH = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click', 'wheel', 'scroll'];

/**
 * Hydrates the root when the shopper first reaches for it: until then the server's nodes
 * (links, the scrolling track, the ticks) need nothing of ours, and a page that nobody
 * touches spends no main thread on them. A client render since then owns the root.
 */
function hydrateOnReach(root: HTMLElement & { _view?: unknown }, view: unknown, hydrate: () => void): void {
  const reached = () => {
    for (const type of REACH) root.removeEventListener(type, reached, true);
    if (root._view == view) hydrate();
  };
  for (const type of REACH) root.addEventListener(type, reached, { capture: true, passive: true });
}

/**
 * Takes over a widget the server rendered, with no request to the service: the same
 * nodes stay, the theme's jsTemplate runs once, `vitrine:render` says `server: true`, and
 * the layout hydrates them when the shopper reaches for them (events, carousel buttons
 * and the bundle's ticks come alive). Returns the products shown, or undefined when the
 * slot moved on.
 */
async function takeOver(
  { config, need, strings, emit, mayStore, mount }: ResumeDeps,
  el: HTMLElement,
  root: HTMLElement,
  s: ServerState,
  current: () => boolean,
): Promise<number | undefined> {
  const { detail } = s;
  const n = s.envelope.products.length;
  const [, words] = await Promise.all([need(s.layout), strings()]);
  if (!current()) return;
  const started = Date.now();
  const result = mount(root, { ...(s as unknown as MountOptions), nonce: config.nonce, strings: words, server: { whole: s.whole, later: true } });
  if (result.ok) {
    hydrateOnReach(root, result.view, result.hydrate!);
    emit(el, 'render', { ...detail, products: n, personal: mayStore(), warning: result.warning, view: result.view, ms: Date.now() - started, server: true });
    return n;
  }
}

/**
 * The slot's server-rendered widget, shown and taken over; one whose personal algorithm
 * consent no longer allows is shown until the client render replaces it (false).
 */
export const resumeSlot: Resume = async (deps, el, slot, current) => {
  const server = readServerRoot(el);
  if (!server) return false;
  const { root, state: s } = server;
  const personal = isPersonal(s.detail.algorithm);
  // A slot that holds nothing but the server's root needs no outlet yet (the shadow root
  // whose <slot> hides the merchant's fallback): attaching one makes the browser build
  // the widget's layout again, 1–2 ms of main thread on a phone. A later render that must
  // hide or show something attaches it then.
  const alone = [...el.childNodes].every((node) => node == root || (node.nodeType != 1 && !node.textContent!.trim()));
  if (!alone) {
    try {
      deps.place(el, root);
    } catch (error) {
      deps.fail(el, 'slot', (error as { message: string }).message);
      return true;
    }
  }
  slot.root = root;
  slot.personal = personal || !!s.detail.substituted.length;
  const taken = !personal || deps.mayStore();
  if (taken) slot.count = await takeOver(deps, el, root, s, current);
  else root.removeAttribute('data-vitrine-state');
  // Watched for impressions once it is live, so analytics has heard its render first.
  deps.seen?.observe(root);
  return taken;
};
