// Search over the sample catalogue.
//
// Request strings (what a client builder must send):
// - `filter` (table spelling) — clauses joined by ` AND `; the values of one
//   field ORed inside parentheses; numeric ranges `[low TO high]` with `*` for
//   an open end, both ends included; values with spaces in double quotes
//   (`\"` and `\\` escaped inside):
//     (gender_ss:women OR gender_ss:men) AND price_d:[10 TO 50] AND avg_rating_d:[4 TO *]
//   Categorical values match case-insensitively. The sample spelling's
//   `filters` array holds the same clauses, one per element (ANDed), either as
//   strings or as `{ repoFieldName, values: string[] }` objects.
// - `sortEntities` — `<field> asc|desc`, several comma-separated
//   (`price_d asc, avg_rating_d desc`); empty means relevance. The sample
//   spelling's array holds the same strings or `{ key, value }` objects.
// - `start` — offset of the first document; `rows` — page size (empty or 0:
//   the configuration's `paginationCount`).
//
// Fields: `namel_t`, `description_t` (text), `sku_s`, `category_s`, `colour_s`, `material_s`,
// `gender_ss` (categorical; unisex products carry both `women` and `men`),
// `price_d` (the price the shopper pays, i.e. the sale price when discounted),
// `avg_rating_d`, `inventory_i`, `popularity_score_d` (0–1).
//
// Answer: `Numberofdocs` = all matching documents; `Pagination` = the page size
// used; `SearchEntities` = the sort options the configuration offers;
// `facetcount` = the facets of the configuration's group for the filtered
// department (else `default`), each value counted over the documents matching
// the query and every filter clause except those on that facet's own field
// (so a shopper sees how many more a second choice would bring).
import type { FacetCount, SearchConfiguration, SearchDocument, SearchResponse } from '../../src/types/interface';
import { sellingPrice, type SampleProduct } from './createCatalogue';
import { tokenize } from './createTextIndex';
import { createSearchIndex, type SearchIndex } from './createSearchIndex';
import { FilterError, parseFilter, type FilterClause, type FilterTerm } from './parseFilter';

export interface SearchQuery {
  query: string;
  filters: FilterClause[];
  /** `[field, direction]` pairs; empty = relevance. */
  sort: [string, 'asc' | 'desc'][];
  start: number;
  /** 0 = the configuration's page size. */
  rows: number;
}

export interface SearchContext {
  products: readonly SampleProduct[];
  configuration: SearchConfiguration;
  popularity(sku: string): number;
  imageUrl(p: SampleProduct): string;
  pageUrl(p: SampleProduct): string;
}

type FieldKind = 'text' | 'categorical' | 'number';
interface Field { kind: FieldKind; read(p: SampleProduct, ctx: SearchContext): string[] | number }

const FIELDS: Record<string, Field> = {
  namel_t: { kind: 'text', read: (p) => [p.name] },
  description_t: { kind: 'text', read: (p) => [p.description] },
  sku_s: { kind: 'categorical', read: (p) => [p.sku] },
  category_s: { kind: 'categorical', read: (p) => [p.category] },
  colour_s: { kind: 'categorical', read: (p) => [p.colour] },
  material_s: { kind: 'categorical', read: (p) => [p.material] },
  gender_ss: { kind: 'categorical', read: (p) => p.genders },
  price_d: { kind: 'number', read: (p) => sellingPrice(p) },
  avg_rating_d: { kind: 'number', read: (p) => p.rating },
  inventory_i: { kind: 'number', read: (p) => p.inventory },
  popularity_score_d: { kind: 'number', read: (p, ctx) => ctx.popularity(p.sku) },
};

export function isKnownField(name: string): boolean {
  return Object.hasOwn(FIELDS, name);
}

function field(name: string): Field {
  if (!isKnownField(name)) throw new FilterError(`unknown field "${name}"; known fields: ${Object.keys(FIELDS).join(', ')}`);
  return FIELDS[name];
}

function termMatches(term: FilterTerm, p: SampleProduct, ctx: SearchContext): boolean {
  const f = field(term.field);
  const v = f.read(p, ctx);
  if (term.kind === 'range') {
    const n = typeof v === 'number' ? v : Number(v[0]);
    return (term.low === null || n >= term.low) && (term.high === null || n <= term.high);
  }
  if (typeof v === 'number') return v === Number(term.value);
  const wanted = term.value.toLowerCase();
  if (f.kind === 'text') return v.some((s) => tokenize(s).includes(wanted));
  return v.some((s) => s.toLowerCase() === wanted);
}

/**
 * Engines by catalogue and configuration: the index changes only when a switch or field
 * that shapes it does. Keyed by the catalogue's content, not its array, so sandboxes of
 * one process (tests start several) share the engine of the same sample store.
 */
const engines = new Map<string, SearchIndex>();

function engineFor(searchable: string[], ctx: SearchContext): SearchIndex {
  const conf = ctx.configuration;
  const key = JSON.stringify([
    ctx.products.map((p) => p.sku + ':' + p.name).join('|'),
    searchable, conf.spellcheck, conf.synonym, conf.searchSynonym, conf.stopWords, conf.indexLang,
  ]);
  let engine = engines.get(key);
  if (!engine) {
    const fields = searchable.map((name): [string, (p: SampleProduct) => string, boolean] => [name, (p) => {
      const v = FIELDS[name].read(p, ctx);
      return typeof v === 'number' ? String(v) : v.join(' ');
    }, FIELDS[name].kind === 'text']);
    // A handful of configurations at most in a session; the oldest goes past eight.
    if (engines.size >= 8) engines.delete(engines.keys().next().value!);
    engines.set(key, (engine = createSearchIndex(ctx.products, fields, conf)));
  }
  return engine;
}

function facetGroup(conf: SearchConfiguration, filters: FilterClause[]) {
  const categories = filters.flat().filter((t) => t.field === 'category_s' && t.kind === 'value');
  const one = categories.length === 1 && categories[0].kind === 'value' ? categories[0].value.toLowerCase() : null;
  const name = (g: { category?: string; categoryReplaced?: string }) => (g.category ?? g.categoryReplaced ?? '').toLowerCase();
  return conf.facetList.find((g) => one !== null && name(g) === one)
    ?? conf.facetList.find((g) => name(g) === 'default')
    ?? conf.facetList[0];
}

const isAbout = (clause: FilterClause, name: string) => clause.every((t) => t.field === name);

export function searchCatalogue(q: SearchQuery, ctx: SearchContext): SearchResponse {
  for (const clause of q.filters) for (const t of clause) field(t.field);
  for (const [name] of q.sort) field(name);
  const searchable = [...ctx.configuration.searchableFields]
    .sort((a, b) => a.order - b.order)
    .map((f) => f.repoFieldName)
    .filter(isKnownField);
  if (searchable.length === 0) searchable.push('namel_t', 'description_t');
  const engine = engineFor(searchable, ctx);
  const found = engine.match(q.query);
  // A query of no words (or only stop words) lists the whole catalogue.
  const scored = found.words === 0
    ? ctx.products.map((p) => ({ p, score: 1 }))
    : ctx.products.filter((p) => found.scores.has(p.sku)).map((p) => ({ p, score: found.scores.get(p.sku)! }));
  const passes = (p: SampleProduct, clauses: FilterClause[]) =>
    clauses.every((clause) => clause.some((t) => termMatches(t, p, ctx)));
  const matching = scored.filter((x) => passes(x.p, q.filters));

  const value = (p: SampleProduct, name: string): number | string => {
    const v = FIELDS[name].read(p, ctx);
    return typeof v === 'number' ? v : (v[0] ?? '').toLowerCase();
  };
  matching.sort((a, b) => {
    for (const [name, dir] of q.sort) {
      const x = value(a.p, name);
      const y = value(b.p, name);
      if (x !== y) return (x < y ? -1 : 1) * (dir === 'asc' ? 1 : -1);
    }
    return b.score - a.score || ctx.popularity(b.p.sku) - ctx.popularity(a.p.sku) || (a.p.sku < b.p.sku ? -1 : 1);
  });

  const rows = q.rows > 0 ? q.rows : ctx.configuration.paginationCount || 24;
  const page = matching.slice(q.start, q.start + rows);
  const docs: SearchDocument[] = page.map(({ p }) => ({
    name: p.name,
    sku: p.sku,
    price: p.price,
    discountedprice: p.salePrice,
    smallimage: ctx.imageUrl(p),
    currentPageUrl: ctx.pageUrl(p),
    description: p.description,
  }));

  const group = facetGroup(ctx.configuration, q.filters);
  const facetcount: FacetCount[] = (group?.facets ?? []).filter((f) => isKnownField(f.repoFieldName)).map((facet) => {
    const others = q.filters.filter((c) => !isAbout(c, facet.repoFieldName));
    const pool = scored.filter((x) => passes(x.p, others)).map((x) => x.p);
    const count = (term: FilterTerm) => pool.filter((p) => termMatches(term, p, ctx)).length;
    const kind = FIELDS[facet.repoFieldName].kind;
    if (kind === 'number') {
      return {
        type: facet.type, repoFieldName: facet.repoFieldName, displayName: facet.displayName, displayType: facet.displayType,
        value: facet.value.map((v, i) => {
          // A rating facet value may be a bare minimum ("4" = 4 stars and up).
          const range = /^\[/.test(v.value) ? v.value : `[${v.value} TO *]`;
          const term = parseFilter(`${facet.repoFieldName}:${range}`)[0][0];
          return { index: v.index ?? i, name: v.name, value: range, operator: facet.operator ?? '[*TO*]', count: count(term) };
        }),
      };
    }
    const configured = facet.value.map((v) => ({ name: v.alias ?? v.name, value: v.value }));
    let values = configured;
    if (values.length === 0) {
      // No values configured: offer every value the catalogue has, most frequent first.
      const seen = new Map<string, number>();
      for (const p of pool) {
        const v = FIELDS[facet.repoFieldName].read(p, ctx);
        if (typeof v !== 'number') for (const s of v) seen.set(s, (seen.get(s) ?? 0) + 1);
      }
      values = [...seen].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([s]) => ({ name: s, value: s }));
    }
    return {
      type: facet.type, repoFieldName: facet.repoFieldName, displayName: facet.displayName, displayType: facet.displayType,
      value: values.map((v, i) => ({
        index: i, name: v.name, value: v.value, operator: facet.operator ?? '=',
        count: count({ field: facet.repoFieldName, kind: 'value', value: v.value }),
      })),
    };
  });

  const didYouMean = matching.length === 0 ? engine.didYouMean(q.query) : null;
  return {
    ...(didYouMean ? { didYouMean } : {}),
    Numberofdocs: matching.length,
    Pagination: rows,
    SearchEntities: ctx.configuration.sortEntity.sortEntities.map((s) => ({ key: s.key, value: s.value })),
    Docs: docs,
    facetcount,
  };
}

