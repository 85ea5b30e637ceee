import { LAYOUTS, readMax, type SlotSpec } from '../../core/slots/slotSpec';
import { readSettings, type SlotSettings } from '../../core/slots/readSettings';

export { LAYOUTS, readMax, type SlotSpec };
import { ATTRIBUTES, TAG } from './element';

/**
 * One slot setting, from either form of slot: `<vitrine-widget layout>` or
 * `data-vitrine-layout`; the algorithm is `algorithm` on the element and `data-vitrine`
 * itself on any other. Empty counts as absent. Read through Element's own getAttribute:
 * a form's named controls stand in for its methods (`<input name="getAttribute">`).
 */
export function slotAttribute(el: Element, name: string): string | undefined {
  return Element.prototype.getAttribute.call(el, el.localName == TAG ? name : name == ATTRIBUTES[0] ? 'data-vitrine' : 'data-vitrine-' + name) || undefined;
}

/** The slot's attributes, read as the server reads a `ServerSlot` (core/slots/readSettings). */
export function readSlot(el: HTMLElement): ReturnType<typeof readSettings> {
  const settings: Record<string, string | undefined> = { id: el.id };
  for (const name of ATTRIBUTES) settings[name] = slotAttribute(el, name);
  return readSettings(settings as SlotSettings);
}
