import type { SearchFilters } from '../../client/searchFilters';
import { formatFilter } from '../../client/formatFilter';
import { parseFilter } from '../../client/parseFilter';
import { bare } from '../../core/util/bare';

/** Everything a shopper can change on the search page; it all lives in the URL. */
export interface SearchState {
  query: string;
  filters: SearchFilters;
  /** One `<field> asc|desc` clause from the answer's SearchEntities, or '' for relevance. */
  sort: string;
  /** 1-based. */
  page: number;
}

// URL parameters besides the query (the `searchParam` setting, `q` by default). The filter
// travels in the service's own filter format, so a shared link reads like the request.
export const FILTER_PARAM = 'filter';
export const SORT_PARAM = 'sort';
export const PAGE_PARAM = 'page';

/** Reads the state from a URL's query string; a bad filter, sort or page is dropped. */
export function readSearchState(search: string, queryParam: string): SearchState {
  const params = new URLSearchParams(search);
  let filters: SearchFilters = Object.create(null);
  try {
    filters = parseFilter(params.get(FILTER_PARAM) ?? '');
  } catch {
    // A hand-edited link with a broken filter still shows results, unfiltered.
  }
  const sort = (params.get(SORT_PARAM) ?? '').trim().replace(/\s+/g, ' ');
  const page = Number(params.get(PAGE_PARAM));
  return {
    query: (params.get(queryParam) ?? '').trim(),
    filters,
    sort: /^[A-Za-z_][\w.-]*\s(asc|desc)$/.test(sort) ? sort : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The query string for a state, keeping the page's other parameters (campaign tags and
 * the like) and leaving defaults out so links stay short.
 */
export function writeSearchState(state: SearchState, search: string, queryParam: string): string {
  const params = new URLSearchParams(search);
  const set = (name: string, value: string) => (value ? params.set(name, value) : params.delete(name));
  set(queryParam, state.query);
  set(FILTER_PARAM, formatFilter(state.filters));
  set(SORT_PARAM, state.sort);
  set(PAGE_PARAM, state.page > 1 ? String(state.page) : '');
  const qs = params.toString();
  return qs ? '?' + qs : '';
}

/** A copy of `filters` with `value` of `field` switched on or off; `single` keeps one value per field. */
export function toggleFilter(filters: SearchFilters, field: string, value: string, on: boolean, single: boolean): SearchFilters {
  const current = filters[field] ?? [];
  const next = on ? (single ? [value] : current.includes(value) ? current : [...current, value]) : current.filter((v) => v !== value);
  // A null-prototype copy: a field named `__proto__` or `constructor` is a field.
  const out: Record<string, readonly string[]> = bare(filters);
  if (next.length) out[field] = next;
  else delete out[field];
  return out;
}

/** The filters of `state` without those of `field`. */
export function withoutField(state: SearchState, field: string): SearchState['filters'] {
  const out: Record<string, readonly string[]> = bare(state.filters);
  delete out[field];
  return out;
}
