import type { Node } from 'jsonc-parser';
import { lineColumn } from '../../src/lint/lineColumn';
import { fileReporter, type Problem } from './problems';
import type { ConfigFolder } from './readConfigFolder';
import type { JsonFile } from './readJsonFile';
import { searchShape } from './shapes/searchShape';
import { fieldsOf, kindOf } from './shapes/shapes';
import { widgetShape } from './shapes/widgetShape';

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

function checkFile(file: JsonFile, kind: 'search' | 'widget', problems: Problem[]): void {
  if (!file.root) return; // its syntax error is already reported
  const report = fileReporter(file, problems);
  const wrong = wrongKind(file.root, kind);
  if (wrong) return report(file.root, [], 'error', wrong);
  (kind === 'search' ? searchShape : widgetShape)(file.root, [], { report });
}

/** `id`, `name` and `divisionId` are unique across the widget files (interface.md). */
function checkUnique(widgets: JsonFile[], problems: Problem[]): void {
  for (const field of ['id', 'name', 'divisionId']) {
    const seen = new Map<string, { file: JsonFile; node: Node }>();
    for (const file of widgets) {
      const node = file.root?.type === 'object' ? fieldsOf(file.root).get(field)?.value : undefined;
      if (node?.type !== 'string') continue;
      const first = seen.get(node.value);
      if (!first) {
        seen.set(node.value, { file, node });
        continue;
      }
      const at = lineColumn(first.file.text, first.node.offset);
      fileReporter(file, problems)(node, [field], 'error', `"${node.value}" is also the ${field} of ${first.file.name}:${at.line}:${at.column}; each widget's ${field} is unique`);
    }
  }
}

/** Every check that needs no service: syntax, kind, fields, formats, uniqueness. */
export function checkFolder(folder: ConfigFolder): Problem[] {
  const problems = [...folder.problems];
  if (folder.search) checkFile(folder.search, 'search', problems);
  for (const w of folder.widgets) checkFile(w, 'widget', problems);
  checkUnique(folder.widgets, problems);
  return problems;
}
