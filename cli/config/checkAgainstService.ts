// The cross-checks that ask the service: the algorithm catalogue (interface.md §8) and
// the theme list (§4), read once each, and the organisation the key belongs to.
import type { Node } from 'jsonc-parser';
import type { AlgorithmCatalogue, AlgorithmDescriptor } from '../../src/types/interface';
import { closestName } from '../../src/lint/closestName';
import type { ConfigFolder } from './readConfigFolder';
import type { Connection } from '../service/connect';
import type { JsonFile, Report } from './readJsonFile';
import type { Problem } from './problems';
import { fileReporter } from './problems';
import { fieldsOf } from './schema/definition';
import { wrongKind } from './checkFolder';

const near = (name: string, known: Iterable<string>) => {
  const n = closestName(name, known);
  return n ? `write "${n}"` : undefined;
};

function checkPlacement(algorithm: AlgorithmDescriptor | undefined, node: Node, path: (string | number)[], catalogue: AlgorithmCatalogue, report: Report): void {
  if (node.type !== 'string') return;
  // pageId is written as a page name (product_page) or its pageType (PDP); both are read.
  const page = catalogue.pages.find((p) => p.name === node.value || p.pageType === node.value);
  if (!page) return report(node, path, 'error', `"${node.value}" is not a page of the catalogue (${catalogue.pages.map((p) => p.name).join(', ')})`, near(node.value, catalogue.pages.map((p) => p.name)));
  if (algorithm && !algorithm.pages.includes(page.name)) {
    report(node, path, 'error', `${algorithm.displayName} cannot be placed on ${page.name}; it goes on ${algorithm.pages.join(', ')}`, `use ${algorithm.recommendedPages[0] ?? algorithm.pages[0]}, where it is recommended`);
  }
}

function checkWidget(file: JsonFile, report: Report, catalogue: AlgorithmCatalogue, themeIds: Set<string>): void {
  const f = fieldsOf(file.root!);
  const algoName = f.get('algoName')?.value;
  let algorithm: AlgorithmDescriptor | undefined;
  if (algoName?.type === 'string') {
    algorithm = catalogue.widgets.find((a) => a.displayName === algoName.value);
    const byName = catalogue.widgets.find((a) => a.name === algoName.value);
    if (!algorithm && byName) {
      algorithm = byName;
      report(algoName, ['algoName'], 'warning', `algoName is the algorithm's display name; "${byName.name}" is its name`, `write "${byName.displayName}"`);
    } else if (!algorithm) {
      report(algoName, ['algoName'], 'error', `"${algoName.value}" is not an algorithm of the catalogue (/v1/algorithm)`, near(algoName.value, catalogue.widgets.map((a) => a.displayName)));
    }
  }
  const pageId = f.get('pageId')?.value;
  if (pageId) checkPlacement(algorithm, pageId, ['pageId'], catalogue, report);
  const mappings = f.get('pageMappings')?.value;
  const list = mappings?.type === 'object' ? fieldsOf(mappings).get('pageMappingList')?.value : undefined;
  (list?.type === 'array' ? list.children ?? [] : []).forEach((m, i) => {
    const page = m.type === 'object' ? fieldsOf(m).get('pageId')?.value : undefined;
    if (page) checkPlacement(algorithm, page, ['pageMappings', 'pageMappingList', i, 'pageId'], catalogue, report);
  });
  const types = f.get('widgetTypes')?.value;
  (types?.type === 'array' ? types.children ?? [] : []).forEach((t, i) => {
    if (t.type === 'string' && !catalogue.widgets.some((a) => a.name === t.value)) {
      report(t, ['widgetTypes', i], 'error', `"${t.value}" is not an algorithm name of the catalogue`, near(t.value, catalogue.widgets.map((a) => a.name)));
    }
  });
  const theme = f.get('themeId')?.value;
  if (theme?.type === 'string' && !themeIds.has(theme.value)) {
    report(theme, ['themeId'], 'error', `"${theme.value}" is not a theme of this organisation (/v1/theme)`, near(theme.value, themeIds));
  }
}

/** Problems only the service can show; the files are checked offline first. */
export async function checkAgainstService(folder: ConfigFolder, connection: Connection): Promise<{ problems: Problem[]; summary: string }> {
  const [catalogue, themes] = await Promise.all([connection.client.algorithms(), connection.client.themes()]);
  const themeIds = new Set(themes.widgetThemes.map((t) => t.themeId));
  const problems: Problem[] = [];
  const usable = (file: JsonFile | undefined, kind: 'search' | 'widget'): file is JsonFile => !!file?.root && !wrongKind(file.root, kind);
  for (const w of folder.widgets.filter((x) => usable(x, 'widget'))) checkWidget(w, fileReporter(w, problems), catalogue, themeIds);
  return { problems, summary: `checked against ${connection.baseUrl}: ${catalogue.widgets.length} algorithms, ${catalogue.pages.length} pages, ${themeIds.size} themes` };
}
