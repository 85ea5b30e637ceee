import type { Chunk } from './createChunks';

/**
 * The cart chunk adds what a widget's add-to-cart buttons ask for. It loads when a shopper
 * points at, touches or tabs to one; a press before it has arrived is held and made again
 * once it has (its own listener then takes every press).
 */
export function loadCartOnIntent(doc: Document, chunk: Chunk): void {
  let cart: Promise<unknown> | undefined;
  let carted = false;
  const intent = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('.vitrine [data-vitrine-cart]');
    if (!button || carted) return;
    cart ||= chunk('cart').then(() => (carted = true));
    if (event.type == 'click') {
      event.stopPropagation();
      cart.then(() => (button as HTMLElement).click());
    }
  };
  // Options on a null prototype: a page's Object.prototype.once would drop the listener
  // after the first pointer over anything, and its `signal` make the start-up throw.
  for (const type of ['pointerover', 'focusin', 'click']) doc.addEventListener(type, intent, { __proto__: null, capture: true, passive: type != 'click' } as AddEventListenerOptions);
}
