// Vitrine's events are typed on every element: `event.detail` needs no cast.
import type { VitrineApi } from 'vitrine';

declare function track(algorithm: string, products: number): void;
const slot = document.getElementById('pdp-similar')!;

// #region events
slot.addEventListener('vitrine:render', (event) => track(event.detail.algorithm, event.detail.products));
// #endregion events

// `window.Vitrine` is declared too.
export const api: VitrineApi | undefined = window.Vitrine;
