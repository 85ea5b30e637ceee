import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { snapshotDist } from './serveDist.mjs';

/** File names of the search chunk(s) the bench serves: any script whose name contains "search". */
export function searchChunks() {
  const dist = snapshotDist();
  if (!existsSync(dist)) return [];
  return readdirSync(dist).filter((f) => /search/i.test(f) && /\.m?js$/.test(f));
}
