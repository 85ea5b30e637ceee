import { describe, expect, it } from 'vitest';
import { readSearchState, toggleFilter, writeSearchState } from '../../../../src/browser/search/searchState';
import { pageWindow } from '../../../../src/browser/search/pageWindow';

describe('search state in the URL', () => {
  it('round-trips query, filters, sort and page, keeping other parameters', () => {
    const state = { query: 'linen shirt', filters: { category_s: ['shirts', 'dresses'], price_d: ['[50 TO 99.99]'] }, sort: 'price_d asc', page: 3 };
    const search = writeSearchState(state, '?utm_source=mail&page=9', 'q');
    expect(search).toBe(
      '?utm_source=mail&page=3&q=linen+shirt&filter=%28category_s%3Ashirts+OR+category_s%3Adresses%29+AND+price_d%3A%5B50+TO+99.99%5D&sort=price_d+asc',
    );
    expect(readSearchState(search, 'q')).toEqual(state);
  });

  it('keeps field names that are Object.prototype members as plain fields', () => {
    const state = readSearchState('?q=mug&filter=' + encodeURIComponent('constructor:a AND __proto__:b AND toString:c'), 'q');
    expect(Object.keys(state.filters)).toEqual(['constructor', '__proto__', 'toString']);
    expect(state.filters.constructor).toEqual(['a']);
    const more = toggleFilter(toggleFilter(state.filters, 'hasOwnProperty', 'd', true, false), '__proto__', 'e', true, false);
    expect(Object.keys(more)).toEqual(['constructor', '__proto__', 'toString', 'hasOwnProperty']);
    expect(more.__proto__).toEqual(['b', 'e']);
    expect(writeSearchState({ ...state, filters: more }, '', 'q')).toContain('hasOwnProperty%3Ad');
  });

  it('leaves defaults out of the URL', () => {
    expect(writeSearchState({ query: 'mug', filters: {}, sort: '', page: 1 }, '?filter=x&sort=y&page=2', 'q')).toBe('?q=mug');
  });

  it('drops a broken filter, an unknown sort form and a bad page instead of failing', () => {
    expect(readSearchState('?term=mug&filter=(oops&sort=cheapest&page=-2', 'term')).toEqual({ query: 'mug', filters: {}, sort: '', page: 1 });
    expect(readSearchState('?q=mug&page=2.5', 'q').page).toBe(1);
  });

  it('toggles values: many per field for multiselect, one for radio', () => {
    const one = toggleFilter({}, 'gender_ss', 'women', true, false);
    const two = toggleFilter(one, 'gender_ss', 'men', true, false);
    expect(two).toEqual({ gender_ss: ['women', 'men'] });
    expect(toggleFilter(two, 'gender_ss', 'women', false, false)).toEqual({ gender_ss: ['men'] });
    expect(toggleFilter(toggleFilter({}, 'price_d', '[0 TO 10]', true, true), 'price_d', '[10 TO 20]', true, true)).toEqual({ price_d: ['[10 TO 20]'] });
    expect(toggleFilter({ price_d: ['[0 TO 10]'] }, 'price_d', '[0 TO 10]', false, true)).toEqual({});
  });
});

describe('pageWindow', () => {
  it('shows first, last and two around the current page, with gaps', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, 0, 4, 5, 6, 7, 8, 0, 12]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 0, 12]);
  });
});
