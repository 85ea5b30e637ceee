import type { Node } from 'jsonc-parser';
import { lineColumn } from '../../src/lint/lineColumn';
import { fileReporter, type Problem } from './problems';
import type { Organisation } from './environment';
import type { ConfigFolder } from './readConfigFolder';
import type { JsonFile, Report } from './readJsonFile';
import { checkDefinition, fieldsOf, kindOf } from './schema/definition';
import { searchDefinition } from './schema/searchDefinition';
import { isTimeZone, widgetDefinition } from './schema/widgetDefinition';

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

/**
 * `orgId` (and a widget's `orgName`) may be left to the environment; one written in the
 * file must be the environment's, since the service refuses another organisation's.
 */
function checkOrganisation(file: JsonFile, kind: 'search' | 'widget', org: Organisation, report: Report): void {
  const f = fieldsOf(file.root!);
  const written = f.get('orgId') ?? f.get('orgID');
  if (written && written.value.type === 'string' && org.orgId !== undefined && written.value.value !== org.orgId) {
    report(written.value, [f.has('orgId') ? 'orgId' : 'orgID'], 'error', `is not the organisation of ${org.from}; the service refuses another organisation's configuration`, `write "${org.orgId}", or leave orgId out to take the environment's`);
  }
  if (!written && org.orgId === undefined) {
    report(file.root!, ['orgId'], 'error', '"orgId" is missing and no environment names the organisation', 'add "orgId", set VITRINE_ORG_ID, or choose an environment with --env <name> (environments/<name>.json)');
  }
  if (kind === 'widget' && !f.has('orgName') && org.orgName === undefined) {
    report(file.root!, ['orgName'], 'error', '"orgName" is missing and no environment names it', 'add "orgName", set VITRINE_ORG_NAME, or add "orgName" to environments/<name>.json');
  }
}

function checkFile(file: JsonFile, kind: 'search' | 'widget', org: Organisation, problems: Problem[]): void {
  if (!file.root) return; // its syntax error is already reported
  const report = fileReporter(file, problems);
  const wrong = wrongKind(file.root, kind);
  if (wrong) return report(file.root, [], 'error', wrong);
  checkOrganisation(file, kind, org, report);
  if (kind === 'search') return checkDefinition(searchDefinition, file.root, [], { report });
  // The widget's timeZone is read first, so its bundles' dates are checked in it.
  const zone = fieldsOf(file.root).get('timeZone')?.value.value;
  checkDefinition(widgetDefinition, file.root, [], { report, timeZone: typeof zone === 'string' && isTimeZone(zone) ? zone : undefined });
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
export function checkFolder(folder: ConfigFolder, org: Organisation): Problem[] {
  const problems = [...folder.problems];
  if (folder.search) checkFile(folder.search, 'search', org, problems);
  for (const w of folder.widgets) checkFile(w, 'widget', org, problems);
  checkUnique(folder.widgets, problems);
  return problems;
}
