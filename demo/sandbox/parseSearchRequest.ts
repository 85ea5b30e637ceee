import { httpError } from './httpError';
import { FilterError, parseFilter, type FilterClause } from './parseFilter';
import type { SearchQuery } from './searchCatalogue';

const TABLE_FIELDS = ['orgId', 'query', 'filter', 'sortEntities', 'com', 'start', 'rows'] as const;
const SAMPLE_FIELDS = ['orgId', 'searchQuery', 'filters', 'sortEntities', 'orgName', 'pagination'] as const;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function count(value: unknown, name: string): number {
  const n = typeof value === 'number' ? value : value === '' ? 0 : Number(value);
  if (!Number.isInteger(n) || n < 0) throw httpError(400, `request.${name} must be a whole number >= 0, got ${JSON.stringify(value)}`);
  return n;
}

function parseSort(items: string[]): SearchQuery['sort'] {
  return items
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => {
      const m = /^(\S+)\s+(asc|desc)$/i.exec(s);
      if (!m) throw httpError(400, `request.sortEntities: expected "<field> asc" or "<field> desc", got "${s}"`);
      return [m[1], m[2].toLowerCase() as 'asc' | 'desc'];
    });
}

function filterClauses(text: string, where: string): FilterClause[] {
  try {
    return parseFilter(text);
  } catch (e) {
    if (e instanceof FilterError) throw httpError(400, `${where}: ${e.message.replace(/^filter: /, '')}`);
    throw e;
  }
}

/**
 * Reads the `request` query parameter of the search endpoint in either
 * spelling of interface.md: the field table (`query`, `filter`, `sortEntities`
 * strings, `start`/`rows`) or the request sample (`searchQuery`, `filters` and
 * `sortEntities` arrays, `pagination: { start, row }`).
 */
export function parseSearchRequest(raw: string | undefined, orgId: string): SearchQuery {
  if (raw === undefined) throw httpError(400, 'Missing required query parameter: request');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw httpError(400, 'Query parameter request is not valid JSON');
  }
  if (!isRecord(body)) throw httpError(400, 'Query parameter request must be a JSON object');
  const sample = 'searchQuery' in body || 'pagination' in body;
  const missing = (sample ? SAMPLE_FIELDS : TABLE_FIELDS).filter((f) => body[f] === undefined || body[f] === null);
  if (missing.length > 0) throw httpError(400, `Missing required field${missing.length > 1 ? 's' : ''} in request: ${missing.join(', ')}`);
  if (body.orgId !== orgId) throw httpError(400, 'request.orgId does not match the X-Service-orgId header');

  if (!sample) {
    for (const f of ['query', 'filter', 'sortEntities', 'com'] as const) {
      if (typeof body[f] !== 'string') throw httpError(400, `request.${f} must be a string`);
    }
    return {
      query: body.query as string,
      filters: filterClauses(body.filter as string, 'request.filter'),
      sort: parseSort([body.sortEntities as string]),
      start: count(body.start, 'start'),
      rows: count(body.rows, 'rows'),
    };
  }

  if (typeof body.searchQuery !== 'string') throw httpError(400, 'request.searchQuery must be a string');
  if (!Array.isArray(body.filters)) throw httpError(400, 'request.filters must be an array');
  if (!Array.isArray(body.sortEntities)) throw httpError(400, 'request.sortEntities must be an array');
  if (!isRecord(body.pagination)) throw httpError(400, 'request.pagination must be an object with start and row');
  const filters = body.filters.flatMap((f, i): FilterClause[] => {
    if (typeof f === 'string') return filterClauses(f, `request.filters[${i}]`);
    if (isRecord(f) && typeof f.repoFieldName === 'string' && Array.isArray(f.values)) {
      const clause = f.values.map((v) => `${f.repoFieldName}:${/^\[/.test(String(v)) ? String(v) : JSON.stringify(String(v))}`).join(' OR ');
      return clause ? filterClauses(`(${clause})`, `request.filters[${i}]`) : [];
    }
    throw httpError(400, `request.filters[${i}] must be a filter string or { repoFieldName, values }`);
  });
  const sort = parseSort(body.sortEntities.map((s, i) => {
    if (typeof s === 'string') return s;
    if (isRecord(s) && typeof s.value === 'string') return s.value;
    throw httpError(400, `request.sortEntities[${i}] must be "<field> asc|desc" or { key, value }`);
  }));
  return {
    query: body.searchQuery,
    filters,
    sort,
    start: count(body.pagination.start ?? 0, 'pagination.start'),
    rows: count(body.pagination.row ?? 0, 'pagination.row'),
  };
}
