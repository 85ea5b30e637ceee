// The search configuration of interface.md ("Search configuration", facet group, facet,
// searchable field), with the value formats the sandbox applies (parseSearchConfiguration.ts).
import type { Node } from 'jsonc-parser';
import { fieldsOf, type Check, type Definition, type ObjectDefinition, type StringDefinition } from './definition';

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

export const uuid: StringDefinition = {
  type: 'string', pattern: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, expected: 'a UUID (8-4-4-4-12 hex digits)',
};

/** Fields every file may carry and that are never sent: editors read `$schema`, people read `$comment`. */
export const fileAnnotations: Record<string, Definition> = {
  $schema: { type: 'string', description: 'The JSON Schema of this file, for editors; not sent to the service.' },
  $comment: { type: 'string', description: 'A note for the people who edit this file; not sent to the service.' },
};

export const orgFields = {
  orgId: { ...uuid, description: 'The organisation (a UUID). Leave it out to take it from the environment (VITRINE_ORG_ID or environments/<name>.json).' },
  orgName: { type: 'string', description: 'The organisation\'s name. Leave it out to take it from the environment (VITRINE_ORG_NAME or environments/<name>.json).' },
} as const satisfies Record<string, Definition>;

const language: StringDefinition = { type: 'string', pattern: /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, expected: 'a language code such as "en" or "fr"' };
const string: Definition = { type: 'string' };

/** A numeric range `[low TO high]`, both ends numbers or `*`, low not above high. */
const range: Check = (node, path, ctx) => {
  const r = parseRange(node.value);
  if (!r) {
    const bare = /^\s*(-?[\d.]+)\s*$/.exec(node.value);
    return ctx.report(node, path, 'error', `"${node.value}" is not a range of the form [low TO high] (numbers or *)`, bare ? `write "[${bare[1]} TO *]"` : undefined);
  }
  if (r.low !== null && r.high !== null && r.low > r.high) {
    ctx.report(node, path, 'error', `range "${node.value}" has its low end above its high end`, `write "[${r.high} TO ${r.low}]"`);
  }
};

/** A numeric or rating facet (or one whose operator is `[*TO*]`) has ranges for values. */
const rangesWhenNumeric: Check = (node, path, ctx) => {
  const f = fieldsOf(node);
  const type = f.get('type')?.value.value;
  if (type !== 'numeric' && type !== 'rating' && f.get('operator')?.value.value !== '[*TO*]') return;
  const values = f.get('value')?.value;
  (values?.type === 'array' ? values.children ?? [] : []).forEach((v: Node, i) => {
    const text = v.type === 'object' ? fieldsOf(v).get('value')?.value : undefined;
    if (text?.type === 'string') range(text, [...path, 'value', i, 'value'], ctx);
  });
};

const facet: ObjectDefinition = {
  type: 'object', title: 'a facet', required: ['type', 'repoFieldName', 'displayName', 'value'], check: rangesWhenNumeric,
  properties: {
    displayType: { type: 'string', enum: ['multiselect', 'radio'], severity: 'warning', description: 'How shoppers pick values.' },
    type: { type: 'string', enum: ['rating', 'numeric', 'categorical'], description: 'numeric and rating facets have ranges "[low TO high]" for values.' },
    repoFieldName: { type: 'string', description: 'The catalogue field, such as price_d or gender_ss.' },
    repoFieldDisplayName: string,
    displayName: { type: 'string', description: 'The facet\'s label on the search page.' },
    value: {
      type: 'array',
      items: {
        type: 'object', title: 'a facet value', required: ['name', 'value'],
        properties: {
          index: { type: 'integer', minimum: 0 },
          alias: { type: 'string', nullable: true },
          name: { type: 'string', description: 'The label shoppers see.' },
          value: { type: 'string', description: 'The value filtered on; a range "[low TO high]" (numbers or *) for numeric and rating facets.' },
        },
      },
    },
    operator: { type: 'string', enum: ['=', '[*TO*]'], nullable: true, description: '"=" for categorical facets, "[*TO*]" for numeric ranges, null for rating.' },
  },
};

const facetGroup: ObjectDefinition = {
  type: 'object', title: 'a facet group', required: ['facets'],
  properties: {
    category: { type: 'string', description: 'The category the facets show on; "default" for every other category.' },
    categoryReplaced: { type: 'string', description: 'The spelling of "category" in the update call; either is read.' },
    facets: { type: 'array', items: facet },
  },
  check: (node, path, ctx) => {
    const f = fieldsOf(node);
    if (!f.has('category') && !f.has('categoryReplaced')) {
      ctx.report(node, [...path, 'category'], 'error', 'a facet group needs "category" (or "categoryReplaced")', 'add "category": "default" for the fallback group');
    }
  },
};

const sortValue: StringDefinition = {
  type: 'string', pattern: /^\S+\s+(asc|desc)$/, expected: 'a sort of the form "<field> asc" or "<field> desc"',
  fix: (t) => {
    const m = /^(\S+)\s+(ASC|DESC|ascending|descending)$/i.exec(t.trim());
    return m ? `write "${m[1]} ${m[2].toLowerCase().startsWith('a') ? 'asc' : 'desc'}"` : undefined;
  },
};

/** `search.json`. */
export const searchDefinition: ObjectDefinition = {
  type: 'object', title: 'a search configuration', required: [],
  description: 'Vitrine search configuration (search.json): facets, searchable fields, sort options, page size and switches.',
  properties: {
    ...fileAnnotations,
    errMsg: { type: 'string', nullable: true },
    orgId: orgFields.orgId,
    docType: { type: 'string', enum: ['searchconf'] },
    spellcheck: { type: 'boolean' },
    includeWidgets: {
      type: 'array', description: 'Recommendation widgets shown on the search page.',
      items: { type: 'string', enum: ['siteCategoryBasedRecommendation', 'siteMoreItemsToConsider', 'siteUpSell', 'siteRecentView'], severity: 'warning' },
    },
    facetList: { type: 'array', items: facetGroup, description: 'Facet groups by category.' },
    paginationCount: { type: 'integer', minimum: 1, description: 'Results per search page.' },
    searchableFields: {
      type: 'array',
      items: {
        type: 'object', title: 'a searchable field', required: ['repoFieldName'],
        properties: { repoFieldName: string, displayName: string, order: { type: 'integer' }, orderBy: { type: 'string', nullable: true } },
      },
    },
    searchSynonym: { type: 'any' },
    sortEntity: {
      type: 'object', title: 'sortEntity', required: ['sortEntities'],
      properties: {
        sortEntities: {
          type: 'array',
          items: { type: 'object', title: 'a sort option', required: ['key', 'value'], properties: { key: string, value: sortValue, type: { type: 'string', nullable: true } } },
        },
      },
    },
    indexLang: language,
    queryLang: language,
    personalization: { type: 'boolean' },
    reranking: { type: 'boolean' },
    synonym: { type: 'boolean' },
    stopWords: { type: 'boolean' },
  },
};
