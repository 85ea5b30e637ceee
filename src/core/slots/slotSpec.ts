import type { Layout } from '../../types/config';
import type { AlgorithmName } from '../../types/interface';

/** A slot's settings, parsed once: in the browser from its attributes, on the server from code. */
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

/** `data-vitrine-max`: a whole number from 1 to 100, else undefined (no limit). */
export function readMax(value: string | undefined): number | undefined {
  const max = Number(value);
  return max >= 1 && max <= 100 && max % 1 == 0 ? max : undefined;
}
