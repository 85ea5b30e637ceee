import type { SearchRequestSample, SearchRequestTable } from '../types/interface';
import { formatFilter, formatFilterClauses } from './formatFilter';
import { formatSort } from './formatSort';
import type { SearchFilters } from './searchFilters';

export interface SearchParams {
  orgId: string;
  query: string;
  filters?: SearchFilters;
  /** Sort clauses, `<field> asc|desc`, first one wins. */
  sort?: readonly string[];
  /** 1-based. */
  page?: number;
  /**
   * Rows per page. 0 asks the service for its configured page size (`paginationCount`,
   * interface.md Limits 5); the answer's `Pagination` says which size it used.
   */
  pageSize?: number;
  /** Offset of the first document; overrides the one computed from `page`. */
  start?: number;
  /** Sent as `com` (table spelling) and `orgName` (sample spelling). */
  orgName?: string;
}

export type SearchSpelling = 'table' | 'sample';

/** interface.md leaves `rows` unbounded; 12 fills three or four rows of a product grid. */
export const DEFAULT_PAGE_SIZE = 12;

function whole(n: number | undefined, fallback: number, min: number, what: string): number {
  if (n === undefined) return fallback;
  if (!Number.isInteger(n) || n < min) throw new Error(`search: ${what} must be an integer >= ${min}, got ${n}`);
  return n;
}

/**
 * The search request object in either of interface.md's spellings: the field table's
 * (every value a string, `filter` and `sortEntities` as one string each) or the request
 * sample's (`filters` and `sortEntities` arrays, `pagination: {start, row}`). In the sample
 * spelling each filter element is one field's clause and each sort element one clause.
 */
export function buildSearchRequest(params: SearchParams, spelling: 'table'): SearchRequestTable;
export function buildSearchRequest(params: SearchParams, spelling: 'sample'): SearchRequestSample;
export function buildSearchRequest(params: SearchParams, spelling?: SearchSpelling): SearchRequestTable | SearchRequestSample;
export function buildSearchRequest(params: SearchParams, spelling: SearchSpelling = 'table'): SearchRequestTable | SearchRequestSample {
  if (typeof params.orgId !== 'string' || params.orgId === '') throw new Error('search: orgId is required');
  const page = whole(params.page, 1, 1, 'page');
  const rows = whole(params.pageSize, DEFAULT_PAGE_SIZE, 0, 'pageSize');
  const start = whole(params.start, (page - 1) * rows, 0, 'start');
  const filters = params.filters ?? {};
  const sort = params.sort ?? [];
  const query = params.query ?? '';
  if (spelling === 'sample') {
    return {
      orgId: params.orgId,
      searchQuery: query,
      filters: formatFilterClauses(filters),
      sortEntities: sort.length ? formatSort(sort).split(',') : [],
      orgName: params.orgName ?? '',
      pagination: { start, row: rows },
    };
  }
  return {
    orgId: params.orgId,
    query,
    filter: formatFilter(filters),
    sortEntities: formatSort(sort),
    com: params.orgName ?? '',
    start: String(start),
    rows: String(rows),
  };
}
