// What `vitrine config init` writes: a starter configuration folder made from what the
// service can tell (the key's services, the algorithm catalogue with its pages, the
// theme ids), since the interface cannot read a configuration back. JSON has no
// comments: each file carries a `$comment` (never sent), and README.md explains more.
import type { AlgorithmCatalogue, ServiceDescriptor, Theme } from '../../src/types/interface';

export interface ServiceFacts {
  services: ServiceDescriptor[];
  catalogue: AlgorithmCatalogue;
  themes: Theme[];
}

/** Where the schemas are, relative to each kind of file: `../node_modules/vitrine/dist/schema`. */
export interface SchemaPaths {
  search: string;
  widget: string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function starterSearch(schema: string): string {
  return json({
    $schema: `${schema}/search.schema.json`,
    $comment: 'Search configuration (interface.md, "Search configuration"). orgId is left out: it comes from VITRINE_ORG_ID or environments/<name>.json. Facets: a numeric facet has ranges "[low TO high]" (numbers or *); a categorical one, values. Sort values are "<field> asc" or "<field> desc". Check with `vitrine config check`.',
    docType: 'searchconf',
    spellcheck: true,
    includeWidgets: ['siteRecentView'],
    paginationCount: 24,
    facetList: [{
      category: 'default',
      facets: [{
        displayType: 'multiselect', type: 'numeric', repoFieldName: 'price_d', displayName: 'Price', operator: '[*TO*]',
        value: [
          { index: 0, alias: null, name: 'Under 50', value: '[* TO 50]' },
          { index: 1, alias: null, name: '50 to 100', value: '[50 TO 100]' },
          { index: 2, alias: null, name: '100 and more', value: '[100 TO *]' },
        ],
      }],
    }],
    searchableFields: [
      { repoFieldName: 'namel_t', displayName: 'Name', order: 1, orderBy: null },
      { repoFieldName: 'description_t', displayName: 'Description', order: 2, orderBy: null },
    ],
    sortEntity: { sortEntities: [{ key: 'Price, lowest first', value: 'price_d asc', type: null }, { key: 'Price, highest first', value: 'price_d desc', type: null }] },
    indexLang: 'en',
    queryLang: 'en',
    personalization: true,
    reranking: false,
    synonym: true,
    stopWords: true,
  });
}

/** One widget on the home page (or the first page the catalogue lists), with a theme that exists. */
function starterWidget(facts: ServiceFacts, schema: string): { name: string; text: string } | { skipped: string } {
  const { widgets: algorithms, pages } = facts.catalogue;
  const page = pages.find((p) => p.name === 'home_page') ?? pages[0];
  if (!page) return { skipped: 'the algorithm catalogue lists no page' };
  const algorithm = algorithms.find((a) => a.recommendedPages.includes(page.name)) ?? algorithms.find((a) => a.pages.includes(page.name));
  if (!algorithm) return { skipped: `no algorithm of the catalogue may be placed on ${page.name}` };
  const theme = facts.themes.find((t) => t.displayType === 'carousel') ?? facts.themes[0];
  if (!theme) return { skipped: 'the organisation has no theme yet (/v1/theme): make one in the theme studio, then add a widget' };
  const id = `${page.name.replace(/_page$/, '')}-${algorithm.name}`;
  return {
    name: `widgets/${id}.json`,
    text: json({
      $schema: `${schema}/widget.schema.json`,
      $comment: `A recommendation widget (interface.md, "Recommendation widget configuration"): ${algorithm.displayName} on ${page.name}. divisionId is the id of the slot's element on the page (<div data-vitrine id="${id}">) and the widget's identity for updates. algoName is an algorithm's displayName and pageId a page name; README.md lists those of this service. orgId is left out: it comes from VITRINE_ORG_ID or environments/<name>.json.`,
      id,
      name: `${page.displayName}: ${algorithm.displayName}`,
      divisionId: id,
      ...(theme.orgName ? { orgName: theme.orgName } : {}),
      algoName: algorithm.displayName,
      widgetShowType: 'carousel',
      displayTitle: algorithm.displayName,
      maxProducts: 8,
      themeId: theme.themeId,
      pageId: page.name,
      widgetTypes: [algorithm.name],
    }),
  };
}

function readme(facts: ServiceFacts, files: string[], skipped: string[]): string {
  const { widgets: algorithms, pages } = facts.catalogue;
  return [
    '# Vitrine configuration',
    '',
    'Written by `vitrine config init` from what the service told about this key. Edit the files, then:',
    '',
    '```sh',
    'npx vitrine config check <this folder>   # every problem at file:line:column, with a fix',
    'npx vitrine config plan <this folder>    # what apply would send',
    'npx vitrine config apply <this folder>   # send it; .vitrine-state.json records what was sent',
    '```',
    '',
    `Files: ${files.map((f) => `\`${f}\``).join(', ')}. A search configuration is \`search.json\`; each widget is a file of \`widgets/\`. The \`$schema\` field lets editors complete and underline fields; \`$schema\` and \`$comment\` are never sent. The format is documented in the package: \`node_modules/vitrine/docs/configuration.md\`.`,
    ...(skipped.length ? ['', ...skipped.map((s) => `Not written: ${s}.`)] : []),
    '',
    'The service cannot read a configuration back: if widgets were set up in its console already, write them here and run `npx vitrine config record <this folder>` to take them as applied without sending them.',
    '',
    '## Environments',
    '',
    'Files may leave out `orgId` (and a widget\'s `orgName`): they come from `VITRINE_ORG_ID` and `VITRINE_ORG_NAME`, or from `environments/<name>.json` chosen with `--env <name>`, such as `environments/staging.json` holding `{"orgId": "…", "orgName": "…"}`.',
    '',
    '## The key\'s services',
    '',
    '| name | version | cost |', '|---|---|---|',
    ...facts.services.map((s) => `| ${cell(s.name)} | ${cell(s.version)} | ${s.cost} |`),
    '',
    '## Algorithms (`algoName` is the display name; `widgetTypes` holds names)',
    '',
    '| algoName | name | pages (recommended first) |', '|---|---|---|',
    ...algorithms.map((a) => `| ${cell(a.displayName)} | ${cell(a.name)} | ${cell([...a.recommendedPages, ...a.pages.filter((p) => !a.recommendedPages.includes(p))].join(', '))} |`),
    '',
    '## Pages (`pageId`)',
    '',
    '| pageId | pageType | |', '|---|---|---|',
    ...pages.map((p) => `| ${cell(p.name)} | ${cell(p.pageType)} | ${cell(p.displayName)} |`),
    '',
    '## Themes (`themeId`)',
    '',
    ...(facts.themes.length
      ? ['| themeId | displayType | name |', '|---|---|---|', ...facts.themes.map((t) => `| ${cell(t.themeId)} | ${cell(t.displayType)} | ${cell(t.name ?? '')} |`)]
      : ['None yet.']),
    '',
  ].join('\n');
}

/** The files of the starter folder by their place in it, and what was left out and why. */
export function starterFolder(facts: ServiceFacts, schemas: SchemaPaths): { files: Record<string, string>; skipped: string[] } {
  const files: Record<string, string> = {};
  const skipped: string[] = [];
  const names = new Set(facts.services.map((s) => s.name));
  if (names.has('search')) files['search.json'] = starterSearch(schemas.search);
  else skipped.push('search.json, since the key has no "search" service');
  const widget = starterWidget(facts, schemas.widget);
  if ('skipped' in widget) skipped.push(`a widget, since ${widget.skipped}`);
  else files[widget.name] = widget.text;
  files['README.md'] = readme(facts, Object.keys(files), skipped);
  return { files, skipped };
}
