import type { Layout } from '../types/host';
import type { AlgorithmName } from '../types/interface';
import { isAlgorithm } from '../api/endpoints';

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

export function readSlot(el: HTMLElement): { spec: SlotSpec } | { error: string } {
  const data = el.dataset;
  if (!el.id) return { error: 'slot has no id (its divisionId)' };
  // Several names separated by white space are a fallback chain.
  const names = (data.vitrine || '').split(/\s+/).filter(Boolean);
  const unknown = names.find((name) => !isAlgorithm(name));
  if (unknown) return { error: `unknown algorithm "${unknown}"` };
  const layout = data.vitrineLayout as Layout;
  return {
    spec: {
      divisionId: el.id,
      algorithms: names as AlgorithmName[],
      layout: LAYOUTS.includes(layout) ? layout : undefined,
      // Empty attributes count as absent: every reader tests these for truth.
      themeId: data.vitrineTheme,
      max: readMax(data.vitrineMax),
      title: data.vitrineTitle,
      pname: data.vitrinePname,
      sku: data.vitrineSku,
    },
  };
}
