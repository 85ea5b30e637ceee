import type { Layout } from '../types/host';
import type { AlgorithmName } from '../types/interface';
import { isAlgorithm } from '../api/endpoints';
import { ATTRIBUTES, TAG } from './element';

export interface SlotSpec {
  divisionId: string;
  /** A fallback chain, tried in order; empty: the page chooses. */
  algorithms: AlgorithmName[];
  layout?: Layout;
  themeId?: string;
  max?: number;
  title?: string;
  pname?: string;
  sku?: string;
}

export const LAYOUTS: readonly Layout[] = ['carousel', 'matrix', 'bundle'];

/**
 * A slot's attributes, parsed once. A bad optional value falls back to its default
 * quietly; the debug chunk says which.
 */
/** `data-vitrine-max`: a whole number from 1 to 100, else undefined (no limit). */
export function readMax(value: string | undefined): number | undefined {
  const max = Number(value);
  return max >= 1 && max <= 100 && max % 1 == 0 ? max : undefined;
}

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
