// The search page's state as a pure function of the actions its effects dispatch.
import { describe, expect, it } from 'vitest';
import { initialSearchPage, searchReducer, type SearchAction, type SearchPage } from '../../../../src/browser/search/searchReducer';
import type { SearchResponse } from '../../../../src/types/interface';

const linen = { query: 'linen', filters: {}, sort: '', page: 1 };
const answer = (total: number): SearchResponse => ({ Numberofdocs: total, Docs: [], Pagination: 12, facetcount: [], SearchEntities: [] }) as unknown as SearchResponse;
const run = (page: SearchPage, ...actions: SearchAction[]) => actions.reduce(searchReducer, page);
const start = initialSearchPage(linen, 0, false);

describe('searchReducer', () => {
  it('counts each request, and shows the answer to the last one only', () => {
    const asked = run(start, { type: 'load', state: linen }, { type: 'load', state: { ...linen, query: 'wool' } });
    expect(asked).toMatchObject({ seq: 2, loading: true, answer: null, state: { query: 'wool' } });
    // The first request's answer comes late: dropped, the page still waits for the second.
    expect(run(asked, { type: 'answer', seq: 1, answer: answer(3), shorter: [], locale: 'en' })).toBe(asked);
    const shown = run(asked, { type: 'answer', seq: 2, answer: answer(1), shorter: [], locale: 'en' });
    expect(shown).toMatchObject({ loading: false, error: null, answered: { query: 'wool' }, announcement: '1 product found for wool' });
    // Taken down: an answer under way is not shown.
    const stopped = run(asked, { type: 'stop' });
    expect(run(stopped, { type: 'answer', seq: 2, answer: answer(1), shorter: [], locale: 'en' })).toBe(stopped);
  });

  it('says the count in the page language and the page number past the first', () => {
    const page3 = { ...linen, page: 3 };
    const shown = run(start, { type: 'load', state: page3 }, { type: 'answer', seq: 1, answer: answer(1234), shorter: [], locale: 'de-DE' });
    expect(shown.announcement).toContain('1.234');
    expect(shown.announcement).toMatch(/page 3/);
  });

  it('keeps the results of a failed refresh on screen and says so; before any, says nothing', () => {
    const failedFirst = run(start, { type: 'load', state: linen }, { type: 'fail', seq: 1 });
    expect(failedFirst).toMatchObject({ loading: false, error: null, announcement: '', answer: null });
    const shown = run(start, { type: 'load', state: linen }, { type: 'answer', seq: 1, answer: answer(2), shorter: [], locale: 'en' });
    const failed = run(shown, { type: 'load', state: { ...linen, page: 2 } }, { type: 'fail', seq: 2 });
    expect(failed.answer).toBe(shown.answer);
    expect(failed.error).toBe(start.t.searchFailed);
    expect(failed.announcement).toBe(start.t.searchFailed);
  });

  it('offers at most three shorter queries, those that find something, the most first', () => {
    const shorter = [{ query: 'a', total: 0 }, { query: 'b', total: 5 }, { query: 'c', total: 9 }, { query: 'd', total: 1 }, { query: 'e', total: 2 }];
    const shown = run(start, { type: 'load', state: linen }, { type: 'answer', seq: 1, answer: answer(0), shorter, locale: 'en' });
    expect(shown.fewer.map((f) => f.query)).toEqual(['c', 'b', 'e']);
  });

  it('closes the filter drawer when the screen changes width, and lays a stale page on the last one', () => {
    const open = run(start, { type: 'filters', open: true });
    expect(open.filtersOpen).toBe(true);
    expect(run(open, { type: 'narrow', narrow: true })).toMatchObject({ narrow: true, filtersOpen: false });
    expect(run(start, { type: 'load', state: { ...linen, page: 9 } }, { type: 'lastPage', page: 4 }).state).toEqual({ ...linen, page: 4 });
  });

  it('takes the page language over English, and the merchant words over both', () => {
    expect(run(start, { type: 'strings', words: { searchFailed: 'Échec' } }).t).toMatchObject({ searchFailed: 'Échec', searchRelevance: start.t.searchRelevance });
    // The state it was given is never changed.
    expect(start.t.searchFailed).not.toBe('Échec');
  });
});
