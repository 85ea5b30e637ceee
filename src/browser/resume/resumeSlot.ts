import type { ServerState } from '../../types/server';
import type { Resume, ResumeDeps } from '../host';
import type { MountOptions } from '../render/mountWidget';
import { isPersonal } from '../../core/algorithms/isPersonal';
import { readServerRoot } from './readServerRoot';

/**
 * Takes over a widget the server rendered, with no request to the service: the layout
 * hydrates the server's nodes (the same nodes stay; events, carousel buttons and the
 * bundle's ticks come alive), the theme's jsTemplate runs once, and `vitrine:render`
 * says `server: true`. Returns the products shown, or undefined when the slot moved on.
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
  const result = mount(root, { ...(s as unknown as MountOptions), nonce: config.nonce, strings: words, server: s });
  if (result.ok) {
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
  try {
    deps.place(el, root);
  } catch (error) {
    deps.fail(el, 'slot', (error as { message: string }).message);
    return true;
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
