import type { Layout } from '../types/host';
import type { AlgorithmName } from '../types/interface';
import { isAlgorithm } from '../api/endpoints';
import { ATTRIBUTES, TAG } from './element';

export interface SlotSpec {
  divisionId: string;
  /** Undefined: the page chooses. */
  algorithm?: AlgorithmName;
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
  const [name = '', layout, max, themeId, title, pname, sku] = ATTRIBUTES.map((a) => slotAttribute(el, a));
  const names = name.trim();
  if (names && !isAlgorithm(names)) return { error: `unknown algorithm "${names}"` };
  return {
    spec: {
      divisionId: el.id,
      algorithm: (names || undefined) as AlgorithmName | undefined,
      layout: LAYOUTS.includes(layout as Layout) ? (layout as Layout) : undefined,
      themeId,
      max: readMax(max),
      title,
      pname,
      sku,
    },
  };
}
