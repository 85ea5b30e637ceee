import type { AlgorithmName } from '../../types/interface';

/** Algorithms that read the visitor's own history: they wait for consent (DESIGN.md). */
const PERSONAL = 'recentviews wishlistreco boughtcatitemsreco viewedcatitemsreco inspbybrowsehist'.split(' ');

export function isPersonal(algorithm: AlgorithmName): boolean {
  return PERSONAL.includes(algorithm);
}
