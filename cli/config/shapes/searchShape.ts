// The search configuration of interface.md ("Search configuration", facet group, facet,
// searchable field), with the value formats the sandbox applies (parseSearchConfiguration.ts).
import { anything, arrayOf, boolean, fieldsOf, integer, matching, nullable, oneOf, shaped, string, type Shape } from './shapes';

/** `[low TO high]` with numbers or `*` (the filter form of the sandbox's parseFilter.ts), or null. */
export function parseRange(text: string): { low: number | null; high: number | null } | null {
  const m = /^\[\s*(\S+)\s+TO\s+(\S+)\s*\]$/.exec(text);
  if (!m) return null;
  const bound = (b: string) => (b === '*' ? null : b.trim() !== '' && Number.isFinite(Number(b)) ? Number(b) : NaN);
  const low = bound(m[1]);
  const high = bound(m[2]);
  if (Number.isNaN(low) || Number.isNaN(high)) return null;
  return { low, high };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuid = matching(UUID, 'a UUID (8-4-4-4-12 hex digits)');
const language = matching(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a language code such as "en" or "fr"');
const INCLUDE_WIDGETS = ['siteCategoryBasedRecommendation', 'siteMoreItemsToConsider', 'siteUpSell', 'siteRecentView'];

/** A numeric range `[low TO high]`, both ends numbers or `*`, low not above high. */
const range: Shape = (node, path, ctx) => {
  if (node.type !== 'string') return string(node, path, ctx);
  const r = parseRange(node.value);
  if (!r) {
    const bare = /^\s*(-?[\d.]+)\s*$/.exec(node.value);
    return ctx.report(node, path, 'error', `"${node.value}" is not a range of the form [low TO high] (numbers or *)`, bare ? `write "[${bare[1]} TO *]"` : undefined);
  }
  if (r.low !== null && r.high !== null && r.low > r.high) {
    ctx.report(node, path, 'error', `range "${node.value}" has its low end above its high end`, `write "[${r.high} TO ${r.low}]"`);
  }
};

const facetValue = (numeric: boolean) => shaped(
  { index: integer(0), alias: nullable(string), name: string, value: numeric ? range : string },
  { what: 'a facet value', required: ['name', 'value'] },
);

/** A facet: its values are ranges when it is numeric or rating (or its operator is `[*TO*]`). */
const facet: Shape = (node, path, ctx) => {
  const fields = node.type === 'object' ? fieldsOf(node) : new Map();
  const type = fields.get('type')?.value.value;
  const numeric = type === 'numeric' || type === 'rating' || fields.get('operator')?.value.value === '[*TO*]';
  shaped({
    displayType: oneOf(['multiselect', 'radio'], 'warning'),
    type: oneOf(['rating', 'numeric', 'categorical']),
    repoFieldName: string,
    repoFieldDisplayName: string,
    displayName: string,
    value: arrayOf(facetValue(numeric)),
    operator: nullable(oneOf(['=', '[*TO*]'])),
  }, { what: 'a facet', required: ['type', 'repoFieldName', 'displayName', 'value'] })(node, path, ctx);
};

const facetGroup = shaped(
  { category: string, categoryReplaced: string, facets: arrayOf(facet) },
  {
    what: 'a facet group',
    required: ['facets'],
    also: (node, path, ctx) => {
      const f = fieldsOf(node);
      if (!f.has('category') && !f.has('categoryReplaced')) {
        ctx.report(node, [...path, 'category'], 'error', 'a facet group needs "category" (or "categoryReplaced")', 'add "category": "default" for the fallback group');
      }
    },
  },
);

const sortValue = matching(/^\S+\s+(asc|desc)$/, 'a sort of the form "<field> asc" or "<field> desc"', (t) => {
  const m = /^(\S+)\s+(ASC|DESC|ascending|descending)$/i.exec(t.trim());
  return m ? `write "${m[1]} ${m[2].toLowerCase().startsWith('a') ? 'asc' : 'desc'}"` : undefined;
});

export const searchShape = shaped({
  errMsg: nullable(string),
  orgId: uuid,
  docType: oneOf(['searchconf']),
  spellcheck: boolean,
  includeWidgets: arrayOf(oneOf(INCLUDE_WIDGETS, 'warning')),
  facetList: arrayOf(facetGroup),
  paginationCount: integer(1),
  searchableFields: arrayOf(shaped(
    { repoFieldName: string, displayName: string, order: integer(), orderBy: nullable(string) },
    { what: 'a searchable field', required: ['repoFieldName'] },
  )),
  searchSynonym: anything,
  sortEntity: shaped({
    sortEntities: arrayOf(shaped({ key: string, value: sortValue, type: nullable(string) }, { what: 'a sort option', required: ['key', 'value'] })),
  }, { what: 'sortEntity', required: ['sortEntities'] }),
  indexLang: language,
  queryLang: language,
  personalization: boolean,
  reranking: boolean,
  synonym: boolean,
  stopWords: boolean,
}, { what: 'a search configuration', required: ['orgId'] });
