import type { ServerState } from '../../types/server';
import type { Theme, WidgetEnvelope, WidgetProduct } from '../../types/interface';
import type { Resume, ResumeDeps } from '../host';
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
  // Options on a null prototype: a page's Object.prototype.signal (not an AbortSignal)
  // would make addEventListener throw, and its `once` drop the listener after one event.
  for (const type of REACH) root.addEventListener(type, reached, { __proto__: null, capture: true, passive: true } as AddEventListenerOptions);
}

/**
 * The theme the widget runs: its jsTemplate from a state the page's nonce vouches for;
 * from a state without one, the org's theme of that id as the service sends it (the
 * page's theme list, one request shared with every slot), never a script from the page.
 * A string says why the widget cannot be resumed.
 */
async function themeOf({ themes }: ResumeDeps, s: ServerState, signed: boolean): Promise<Theme | string> {
  const theme: Theme = { themeId: s.theme } as Theme;
  if (!s.script) return theme;
  if (signed && typeof s.script == 'string') return { ...theme, jsTemplate: s.script };
  const org = (await themes().catch(() => [])).find((t) => t.themeId === s.theme);
  return org && org.jsTemplate ? { ...theme, jsTemplate: org.jsTemplate } : `its theme "${s.theme}" is not one of the org's themes with a script`;
}

/**
 * Takes over a widget the server rendered, with no request to the service: the same
 * nodes stay, the theme's jsTemplate runs once, `vitrine:render` says `server: true`, and
 * the layout hydrates them when the shopper reaches for them (events, carousel buttons
 * and the bundle's ticks come alive). Returns the products shown, why it cannot (a
 * string), or undefined when the slot moved on.
 */
async function takeOver(deps: ResumeDeps, el: HTMLElement, root: HTMLElement, s: ServerState, signed: boolean, current: () => boolean): Promise<number | string | undefined> {
  const { config, need, strings, emit, mayStore, mount } = deps;
  const n = s.products.length;
  const [, words, theme] = await Promise.all([need(s.layout), strings(), themeOf(deps, s, signed)]);
  if (!current()) return;
  if (typeof theme == 'string') return theme;
  const started = Date.now();
  const result = mount(root, {
    envelope: { products: s.products as WidgetProduct[], widgetName: s.widgetName, customValues: s.cartIds && { cartIds: s.cartIds } } as WidgetEnvelope,
    layout: s.layout,
    theme,
    title: s.title,
    locale: s.locale,
    currency: s.currency,
    anchor: s.anchor,
    cart: s.cart,
    nonce: config.nonce,
    strings: words,
    server: { whole: s.whole, later: true },
  });
  if (!result.ok) return result.error;
  hydrateOnReach(root, result.view, () => {
    try {
      result.hydrate!();
    } catch (error) {
      emit(el, 'error', { kind: 'resume', message: 'server widget did not hydrate: ' + error, status: 0 });
    }
  });
  // A theme script whose runner is still on its way (the script tag's chunk) has run by then.
  const warning = result.whole ? await result.whole : result.warning;
  if (!current()) return;
  const { algorithm, page, layout, skipped, substituted } = s;
  // Personal only when both the server's call and the visitor's consent now allowed it.
  emit(el, 'render', { algorithm, page, theme: s.theme, layout, skipped, substituted, products: n, personal: s.personal && mayStore(), warning, view: result.view, ms: Date.now() - started, server: true });
  return n;
}

/**
 * A root that cannot be resumed stays where it is, as the page's content, but is no
 * longer the slot's widget: the slot renders the client way into a root of its own (the
 * slot's `<slot>` shows only that one), or shows its genuine root, and `vitrine:error`
 * says why.
 */
function refuse({ emit }: ResumeDeps, el: HTMLElement, root: HTMLElement, why: string): false {
  root.removeAttribute('data-vitrine-state');
  root.removeAttribute('slot');
  emit(el, 'error', { kind: 'resume', message: `server widget not resumed, rendered the client way: ${why}`, status: 0 });
  return false;
}

/**
 * The slot's server-rendered widget, shown and taken over; one whose personal algorithm
 * consent no longer allows is shown until the client render replaces it (false). One
 * that is forged, tampered with or unreadable is refused (false): it renders the client
 * way. Never throws.
 */
export const resumeSlot: Resume = async (deps, el, slot, current) => {
  const { found, refused } = readServerRoot(el, deps.config.nonce);
  for (const { root, why } of refused) refuse(deps, el, root, why);
  if (!found) return false;
  const { root, state: s, signed } = found;
  try {
    // The call's stylesheet goes to the head, for every slot: a slot rendered again the
    // client way replaces its root's children, and would take other slots' styles with it.
    for (const style of root.querySelectorAll(':scope>style')) root.ownerDocument.head.append(style);
    const personal = isPersonal(s.algorithm);
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
    if (personal && !deps.mayStore()) {
      slot.root = root;
      root.removeAttribute('data-vitrine-state');
      slot.personal = true;
      // Drawn again the client way, which watches it for its impression once whole.
      return false;
    }
    slot.root = root;
    slot.personal = personal || !!s.substituted.length;
    const taken = await takeOver(deps, el, root, s, signed, current);
    if (typeof taken == 'string') {
      slot.root = undefined;
      return refuse(deps, el, root, taken);
    }
    slot.count = taken;
  } catch (error) {
    slot.root = undefined;
    return refuse(deps, el, root, String(error));
  }
  // Watched for impressions once it is live, so analytics has heard its render first.
  deps.watch(root);
  return true;
};
