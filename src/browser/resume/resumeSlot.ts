import type { ServerState } from '../../types/server';
import type { SlotDeps } from '../host';
import { mountWidget, type MountOptions } from '../render/mountWidget';

/**
 * Takes over a widget the server rendered, with no request to the service: the layout
 * hydrates the server's nodes (the same nodes stay; events, carousel buttons and the
 * bundle's ticks come alive), the theme's jsTemplate runs once, and `vitrine:render`
 * says `server: true`. Returns the products shown, or undefined when the slot moved on.
 */
export async function resumeSlot(
  { config, need, strings, emit, mayStore }: Pick<SlotDeps, 'config' | 'need' | 'strings' | 'emit' | 'mayStore'>,
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
  const result = mountWidget(root, { ...(s as unknown as MountOptions), nonce: config.nonce, strings: words, server: s });
  if (result.ok) {
    emit(el, 'render', { ...detail, products: n, personal: mayStore(), warning: result.warning, view: result.view, ms: Date.now() - started, server: true });
    return n;
  }
}
