import type { Node } from 'jsonc-parser';
import { fieldsOf, kindOf } from './shapes';

/** Why a file's content is not the kind its place in the folder asks for, or null when it is. */
export function wrongKind(root: Node, expected: 'search' | 'widget'): string | null {
  if (root.type !== 'object') {
    return `holds ${kindOf(root)}, not ${expected === 'search' ? 'a search configuration' : 'a widget configuration'} (one object per file)`;
  }
  const f = fieldsOf(root);
  if (f.has('widgetThemes') || f.has('htmlTemplate')) return 'holds a theme, not a configuration; themes are checked with `vitrine lint`';
  if (f.has('widgets') && f.has('pages')) return 'holds the algorithm catalogue (/v1/algorithm), not a configuration';
  const isWidget = f.has('algoName') || f.has('divisionId') || f.has('widgetShowType');
  const isSearch = f.has('facetList') || f.has('docType') || f.has('searchableFields');
  if (expected === 'search' && isWidget && !isSearch) return 'holds a widget configuration; widget files go in widgets/<name>.json';
  if (expected === 'widget' && isSearch && !isWidget) return 'holds a search configuration; it belongs in search.json';
  return null;
}
