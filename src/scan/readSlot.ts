import type { Layout } from '../types/host';
import type { AlgorithmName } from '../types/interface';
import { isAlgorithm } from '../api/endpoints';

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

/** A slot's attributes, parsed once. A bad optional value falls back to its default. */
export function readSlot(el: HTMLElement): { spec: SlotSpec; notes: string[] } | { error: string } {
  const data = el.dataset;
  if (!el.id) return { error: 'the slot has no id (it is the widget’s divisionId)' };
  const name = (data.vitrine || '').trim();
  if (name && !isAlgorithm(name)) return { error: `unknown algorithm "${name}"` };
  const notes: string[] = [];
  const layout = data.vitrineLayout as Layout | undefined;
  if (layout && !LAYOUTS.includes(layout)) notes.push(`layout "${layout}" is not carousel, matrix or bundle`);
  const max = Number(data.vitrineMax);
  if (data.vitrineMax && !(max >= 1 && max <= 100 && Number.isInteger(max))) notes.push(`data-vitrine-max "${data.vitrineMax}" is not a whole number from 1 to 100`);
  return {
    spec: {
      divisionId: el.id,
      algorithm: (name || undefined) as AlgorithmName | undefined,
      layout: layout && LAYOUTS.includes(layout) ? layout : undefined,
      themeId: data.vitrineTheme || undefined,
      max: max >= 1 && max <= 100 && Number.isInteger(max) ? max : undefined,
      title: data.vitrineTitle || undefined,
      pname: data.vitrinePname || undefined,
      sku: data.vitrineSku || undefined,
    },
    notes,
  };
}
