import type { Layout } from '../../types/config';
import type { AlgorithmName } from '../../types/interface';
import { isAlgorithm } from '../../core/api/endpoints';
import { LAYOUTS, readMax, type SlotSpec } from '../../core/slots/slotSpec';

export { LAYOUTS, readMax, type SlotSpec };
import { ATTRIBUTES, TAG } from './element';

/**
 * One slot setting, from either form of slot: `<vitrine-widget layout>` or
 * `data-vitrine-layout`; the algorithm is `algorithm` on the element and `data-vitrine`
 * itself on any other. Empty counts as absent.
 */
export function slotAttribute(el: Element, name: string): string | undefined {
  return el.getAttribute(el.localName == TAG ? name : name == ATTRIBUTES[0] ? 'data-vitrine' : 'data-vitrine-' + name) || undefined;
}

export function readSlot(el: HTMLElement): { spec: SlotSpec } | { error: string } {
  if (!el.id) return { error: 'slot has no id (its divisionId)' };
  const [chain = '', layout, max, themeId, title, pname, sku] = ATTRIBUTES.map((a) => slotAttribute(el, a));
  // Several names separated by white space are a fallback chain.
  const names = chain.split(/\s+/).filter(Boolean);
  const unknown = names.find((name) => !isAlgorithm(name));
  if (unknown) return { error: `unknown algorithm "${unknown}"` };
  return {
    spec: {
      divisionId: el.id,
      algorithms: names as AlgorithmName[],
      layout: LAYOUTS.includes(layout as Layout) ? (layout as Layout) : undefined,
      themeId,
      max: readMax(max),
      title,
      pname,
      sku,
    },
  };
}
