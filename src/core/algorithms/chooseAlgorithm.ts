import type { AlgorithmName, PageName } from '../../types/interface';
import { CATALOGUE, ENDPOINTS, pageBit } from '../api/endpoints';
import { isPersonal } from './isPersonal';

export interface Inputs {
  pname?: string;
  sku?: string;
}

/** Cross-sell bundles are built around a product, so it needs one although its path is unshown. */
export function hasInputs(algorithm: AlgorithmName, inputs: Inputs): boolean {
  const params = ENDPOINTS[algorithm].params;
  return (
    (!params.includes('pname') || !!inputs.pname) &&
    (!params.includes('sku') || !!inputs.sku) &&
    (algorithm !== 'crosssell' || !!(inputs.pname || inputs.sku))
  );
}

/**
 * The page's first recommended algorithm whose inputs are known, in catalogue order;
 * else the first it may show; else `trending`, which needs nothing of the page. Without
 * `personal` (no consent), algorithms that read the visitor's history are passed over.
 */
export function chooseAlgorithm(page: PageName, inputs: Inputs, personal = true): AlgorithmName {
  const bit = pageBit(page);
  const pick = (column: 1 | 2) => CATALOGUE.find((row) => row[column] & bit && hasInputs(row[0], inputs) && (personal || !isPersonal(row[0])))?.[0];
  return pick(2) ?? pick(1) ?? 'trending';
}

/** Whether the catalogue lists the algorithm for the page (debug mode says when not). */
export function isListedFor(algorithm: AlgorithmName, page: PageName): boolean {
  return !!(CATALOGUE.find((row) => row[0] === algorithm)![1] & pageBit(page));
}
