import type { ServerState } from '../../types/server';
import type { Theme, WidgetEnvelope } from '../../types/interface';
import type { SlotDeps } from '../slots/createSlots';
import { mountWidget } from '../render/mountWidget';

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
  const [, words] = await Promise.all([need(s.layout), strings()]);
  if (!current()) return;
  const theme = { themeId: s.theme, htmlTemplate: '', jsTemplate: s.js } as Theme;
  const envelope = { products: s.products, widgetName: s.widgetName } as WidgetEnvelope;
  const started = Date.now();
  const { locale, currency, layout } = s;
  const result = mountWidget(root, { envelope, layout, theme, title: s.title, locale, currency, nonce: config.nonce, anchor: s.anchor, strings: words, server: { whole: s.whole } });
  if (!result.ok) return;
  const personal = mayStore();
  emit(el, 'render', {
    algorithm: s.algorithm,
    page: s.page,
    skipped: s.skipped,
    personal,
    substituted: s.substituted,
    products: s.products.length,
    theme: s.theme,
    layout,
    warning: result.warning,
    view: result.view,
    ms: Date.now() - started,
    server: true,
  });
  return s.products.length;
}
