// Rendering an envelope the app fetched itself, exactly as the embed would.
import type { WidgetEnvelope } from 'vitrine';
// #region mount
import { mountWidget } from 'vitrine';
// #endregion mount

export function show(element: HTMLElement, envelope: WidgetEnvelope) {
  // #region mount
  mountWidget(element, { envelope, layout: 'carousel', locale: 'en-GB', currency: 'GBP' });
  // #endregion mount
}
