import type { Node } from 'jsonc-parser';
import type { ConfigFolder } from './ConfigFolder';
import type { JsonFile } from './JsonFile';
import type { Problem } from './Problem';
import { fileReporter } from './fileReporter';
import { searchShape } from './searchShape';
import { fieldsOf } from './shapes';
import { widgetShape } from './widgetShape';
import { wrongKind } from './wrongKind';
import { lineColumn } from './lineColumn';

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
