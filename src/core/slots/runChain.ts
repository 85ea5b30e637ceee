import type { AlgorithmName } from '../../types/interface';
import { slotFailure, type SlotFailure } from './slotFailure';

export interface Skipped {
  algorithm: AlgorithmName;
  why: string;
}

/** How a chain failed: why, the last algorithm tried and those skipped before it. */
export interface ChainFailure extends SlotFailure {
  algorithm: AlgorithmName;
  skipped: Skipped[];
}

/**
 * Tries the chain's algorithms in order until one `attempt` succeeds: the next only
 * after a failure (no products, a missing product, a service error, a broken render)
 * other than a 403, which stops every call of the page, so the chain too. `attempt` gets
 * the algorithms skipped so far. Settles with the failure that ended the chain, else
 * nothing: an attempt succeeded, or (`current` false) a newer show took over.
 */
export async function runChain(chain: AlgorithmName[], attempt: (algorithm: AlgorithmName, skipped: Skipped[]) => Promise<void>, current = () => true): Promise<ChainFailure | void> {
  const skipped: Skipped[] = [];
  for (let i = 0; ; i++) {
    const algorithm = chain[i];
    try {
      return await attempt(algorithm, skipped);
    } catch (error) {
      if (!current()) return;
      const failure = slotFailure(error);
      if (i == chain.length - 1 || failure.kind == 'quota') return { ...failure, algorithm, skipped };
      skipped.push({ algorithm, why: failure.message });
    }
  }
}
