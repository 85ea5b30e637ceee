import type { AlgorithmName, PageName } from '../../types/interface';
import { chooseAlgorithm, type Inputs } from './chooseAlgorithm';
import { isPersonal } from './isPersonal';

/**
 * The chain a slot may try, and the personal algorithms it names. Without consent those
 * give way: the chain's other algorithms are tried in their order, else the page's first
 * non-personal choice (`trending` at the latest) stands in.
 */
export function substitute(chain: AlgorithmName[], page: PageName, inputs: Inputs, granted: boolean): [AlgorithmName[], AlgorithmName[]] {
  const personal = chain.filter(isPersonal);
  const rest = chain.filter((algorithm) => !isPersonal(algorithm));
  return [granted ? chain : rest.length ? rest : [chooseAlgorithm(page, inputs, false)], personal];
}
