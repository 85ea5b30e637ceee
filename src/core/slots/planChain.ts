import type { AlgorithmName, PageName } from '../../types/interface';
import { chooseAlgorithm, type Inputs } from '../algorithms/chooseAlgorithm';
import { isPersonal } from '../algorithms/isPersonal';
import type { SlotSpec } from './slotSpec';

/** What a slot needs of the page it is on. */
export interface SlotPage {
  pageType: PageName;
  pname?: string;
  sku?: string;
}

/**
 * The chain a slot tries: the one it names, else the page's choice. Without consent its
 * personal algorithms give way (DESIGN.md): the chain's other algorithms are tried in
 * their order, else the page's first non-personal choice (`trending` at the latest).
 * Also the personal algorithms it names (or its page chose), which consent changes, and
 * its product: the slot's own, else the page's.
 */
export function planChain(spec: SlotSpec, page: SlotPage, consent: boolean): [chain: AlgorithmName[], personal: AlgorithmName[], inputs: Inputs] {
  const inputs = { pname: spec.pname || page.pname, sku: spec.sku || page.sku };
  const named = spec.algorithms.length ? spec.algorithms : [chooseAlgorithm(page.pageType, inputs)];
  const rest = named.filter((algorithm) => !isPersonal(algorithm));
  return [consent ? named : rest.length ? rest : [chooseAlgorithm(page.pageType, inputs, false)], named.filter(isPersonal), inputs];
}
