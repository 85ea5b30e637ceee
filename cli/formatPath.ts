import type { Path } from './JsonFile';

/** `["facetList", 0, "facets"]` → `facetList[0].facets`; the empty path is the file itself. */
export function formatPath(path: Path): string {
  if (path.length === 0) return '(file)';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}
