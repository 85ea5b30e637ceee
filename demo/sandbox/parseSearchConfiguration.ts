import type { FacetGroup, SearchConfiguration } from '../../src/types/interface';
import { httpError } from './httpError';
import { parseFilter } from './parseFilter';
import { isKnownField } from './searchCatalogue';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validates a search configuration sent to the create or update endpoint and
 * merges it over `base`: fields left out keep their value. Facet groups of the
 * update form name their category in `categoryReplaced`; both spellings are
 * stored as `category`.
 */
export function parseSearchConfiguration(body: unknown, base: SearchConfiguration): SearchConfiguration {
  if (!isObject(body)) throw httpError(400, 'Body must be a JSON object (a search configuration)');
  const merged = { ...base, ...body, orgId: base.orgId, docType: 'searchconf', errMsg: null } as SearchConfiguration;

  if (!Array.isArray(merged.facetList)) throw httpError(400, 'facetList must be an array of facet groups');
  merged.facetList = merged.facetList.map((g: unknown, i): FacetGroup => {
    if (!isObject(g)) throw httpError(400, `facetList[${i}] must be an object`);
    const category = g.category ?? g.categoryReplaced;
    if (typeof category !== 'string' || category === '') throw httpError(400, `facetList[${i}] needs a category (or categoryReplaced) name`);
    if (!Array.isArray(g.facets)) throw httpError(400, `facetList[${i}].facets must be an array`);
    g.facets.forEach((f: unknown, j) => {
      const where = `facetList[${i}].facets[${j}]`;
      if (!isObject(f) || typeof f.repoFieldName !== 'string') throw httpError(400, `${where}.repoFieldName is required`);
      if (!isKnownField(f.repoFieldName)) throw httpError(400, `${where}.repoFieldName "${f.repoFieldName}" is not a field of the catalogue`);
      if (!Array.isArray(f.value)) throw httpError(400, `${where}.value must be an array`);
      if (f.type === 'numeric' || f.type === 'rating') {
        for (const v of f.value as { value?: unknown }[]) {
          const text = String(v?.value ?? '');
          try {
            parseFilter(`${f.repoFieldName}:${text.startsWith('[') ? text : `[${text} TO *]`}`);
          } catch {
            throw httpError(400, `${where}: "${text}" is not a range of the form [low TO high]`);
          }
        }
      }
    });
    const { categoryReplaced: _replaced, ...rest } = g;
    return { ...(rest as unknown as FacetGroup), category };
  });

  if (!Number.isInteger(merged.paginationCount) || merged.paginationCount < 1 || merged.paginationCount > 200) {
    throw httpError(400, 'paginationCount must be a whole number from 1 to 200');
  }
  if (!Array.isArray(merged.searchableFields)) throw httpError(400, 'searchableFields must be an array');
  merged.searchableFields.forEach((f, i) => {
    if (!isObject(f) || typeof f.repoFieldName !== 'string' || !isKnownField(f.repoFieldName)) {
      throw httpError(400, `searchableFields[${i}].repoFieldName must be a field of the catalogue`);
    }
  });
  if (!isObject(merged.sortEntity) || !Array.isArray(merged.sortEntity.sortEntities)) {
    throw httpError(400, 'sortEntity.sortEntities must be an array');
  }
  merged.sortEntity.sortEntities.forEach((s, i) => {
    const m = isObject(s) && typeof s.value === 'string' ? /^(\S+)\s+(asc|desc)$/i.exec(s.value) : null;
    if (!m || !isKnownField(m[1])) throw httpError(400, `sortEntity.sortEntities[${i}].value must be "<field> asc|desc" with a field of the catalogue`);
  });
  return merged;
}
