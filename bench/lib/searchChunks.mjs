import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** File names of the search chunk(s) in dist/: any script whose name contains "search". */
export function searchChunks() {
  const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
  if (!existsSync(dist)) return [];
  return readdirSync(dist).filter((f) => /search/i.test(f) && /\.m?js$/.test(f));
}
