import { describe, expect, expectTypeOf, it } from 'vitest';
import type { SearchRequestSample, SearchRequestTable } from '../../../src/types/interface';
import { buildSearchRequest } from '../../../src/client/buildSearchRequest';
import { formatFilter } from '../../../src/client/formatFilter';
import { parseFilter } from '../../../src/client/parseFilter';
import { formatSort } from '../../../src/client/formatSort';
import { rangeValue } from '../../../src/client/rangeValue';

const orgId = '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60';

describe('buildSearchRequest', () => {
  const params = {
    orgId,
    query: 'linen shirt',
    filters: { gender_ss: ['women', 'men'], price_d: ['[10 TO 50]'] },
    sort: ['price_d asc'],
    page: 3,
    pageSize: 20,
    orgName: 'Maison Vitrine',
  };

  it('writes the field-table spelling with every value a string', () => {
    expect(buildSearchRequest(params, 'table')).toEqual({
      orgId,
      query: 'linen shirt',
      filter: '(gender_ss:women OR gender_ss:men) AND price_d:[10 TO 50]',
      sortEntities: 'price_d asc',
      com: 'Maison Vitrine',
      start: '40',
      rows: '20',
    });
  });

  it('writes the request-sample spelling with arrays and pagination', () => {
    expect(buildSearchRequest(params, 'sample')).toEqual({
      orgId,
      searchQuery: 'linen shirt',
      filters: ['(gender_ss:women OR gender_ss:men)', 'price_d:[10 TO 50]'],
      sortEntities: ['price_d asc'],
      orgName: 'Maison Vitrine',
      pagination: { start: 40, row: 20 },
    });
  });

  it('types the result by spelling', () => {
    expectTypeOf(buildSearchRequest(params, 'table')).toEqualTypeOf<SearchRequestTable>();
    expectTypeOf(buildSearchRequest(params, 'sample')).toEqualTypeOf<SearchRequestSample>();
    // A string where lists of values per field belong: refused by the types, and at run time.
    // @ts-expect-error filters are lists of values per field, not a string
    expect(() => buildSearchRequest({ orgId, query: 'x', filters: 'gender_ss:women' }, 'table')).toThrow(/filters must be value lists per field/);
  });

  it('defaults to the first page of 12, no filter and no sort', () => {
    expect(buildSearchRequest({ orgId, query: 'x' }, 'table')).toMatchObject({
      filter: '',
      sortEntities: '',
      start: '0',
      rows: '12',
    });
  });

  it('asks for the configured page size with pageSize 0 and an explicit start', () => {
    expect(buildSearchRequest({ orgId, query: 'x', pageSize: 0, start: 48 }, 'table')).toMatchObject({ start: '48', rows: '0' });
    expect(buildSearchRequest({ orgId, query: 'x', pageSize: 0, start: 48 }, 'sample')).toMatchObject({
      pagination: { start: 48, row: 0 },
    });
  });

  it('refuses a page that is not a positive integer and a missing orgId', () => {
    expect(() => buildSearchRequest({ orgId, query: 'x', page: 0 }, 'table')).toThrow(/page must be an integer >= 1/);
    expect(() => buildSearchRequest({ orgId, query: 'x', pageSize: 2.5 }, 'table')).toThrow(/pageSize/);
    expect(() => buildSearchRequest({ orgId: '', query: 'x' }, 'table')).toThrow(/orgId is required/);
  });
});

describe('filter string', () => {
  it('joins fields with AND, ORs values of one field, keeps ranges bare', () => {
    expect(
      formatFilter({ gender_ss: ['women'], avg_rating_d: ['[4 TO *]'], price_d: ['[* TO 20]', '[50 TO 100]'] }),
    ).toBe('gender_ss:women AND avg_rating_d:[4 TO *] AND (price_d:[* TO 20] OR price_d:[50 TO 100])');
  });

  it('quotes values with spaces or syntax characters, and reads them back', () => {
    const filters = { category_s: ['Home & Living', 'a "quoted" (thing)', 'x:y'], gender_ss: ['men'] };
    const text = formatFilter(filters);
    expect(text).toBe('(category_s:"Home & Living" OR category_s:"a \\"quoted\\" (thing)" OR category_s:"x:y") AND gender_ss:men');
    expect(parseFilter(text)).toEqual(filters);
  });

  it('skips fields without values and drops duplicate values', () => {
    expect(formatFilter({ gender_ss: [], color_s: ['red', 'red'] })).toBe('color_s:red');
    expect(formatFilter({})).toBe('');
  });

  it('round-trips through parseFilter', () => {
    const filters = { gender_ss: ['women', 'men'], price_d: ['[10 TO 50]'], avg_rating_d: ['[4 TO *]'] };
    expect(parseFilter(formatFilter(filters))).toEqual(filters);
    expect(parseFilter('')).toEqual({});
  });

  it('refuses malformed strings and field names with a position', () => {
    expect(() => parseFilter('gender_ss:women OR')).toThrow(/expected AND at position/);
    expect(() => parseFilter('(gender_ss:women')).toThrow(/expected "\)"/);
    expect(() => parseFilter('price_d:[10 50]')).toThrow(/\[low TO high\]/);
    expect(() => formatFilter({ 'bad field': ['x'] })).toThrow(/not a repository field name/);
    // @ts-expect-error one value where a list belongs
    expect(() => formatFilter({ gender_ss: 'women' })).toThrow('filter values of "gender_ss" must be a list, e.g. ["women"]');
  });

  it('writes ranges with open ends', () => {
    expect(rangeValue(10, 50)).toBe('[10 TO 50]');
    expect(rangeValue(undefined, 20)).toBe('[* TO 20]');
    expect(rangeValue(4)).toBe('[4 TO *]');
  });
});

describe('sort string', () => {
  it('comma-separates clauses and refuses other forms', () => {
    expect(formatSort(['price_d asc', ' avg_rating_d   desc '])).toBe('price_d asc,avg_rating_d desc');
    expect(formatSort([])).toBe('');
    expect(() => formatSort(['price_d upwards'])).toThrow(/is not "<field> asc"/);
  });
});
