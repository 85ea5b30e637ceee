import type { SearchResponse } from '../../types/interface';
import type { CardRenderer } from './createCard';
import type { SearchState } from './searchState';
import { searchStrings, type SearchStrings } from '../../core/strings/search';
import { fillString } from '../../core/strings/fillString';

/** Everything the search results page shows, and what it is waiting for. */
export interface SearchPage {
  /** The state asked for last: the controls show it at once, even while its answer loads. */
  state: SearchState;
  /** The state `answer` belongs to. */
  answered: SearchState;
  answer: SearchResponse | null;
  loading: boolean;
  /** A failed refresh keeps the last results on screen and says so. */
  error: string | null;
  /** What the aria-live region says. */
  announcement: string;
  /** Counts the requests made: the answer to any but the last is dropped. */
  seq: number;
  /** Results a page; 0 until known (the service applies its configured size). */
  pageSize: number;
  /** Under 720 px the facets are a drawer, open or not. */
  narrow: boolean;
  filtersOpen: boolean;
  /** The interface strings: English, then the page language's and the merchant's. */
  t: SearchStrings;
  /** With no results: shorter queries that find something, the most first (three at most). */
  fewer: { query: string; total: number }[];
  /** How a result is drawn, once the themes are known; and the list's class for its CSS. */
  card: CardRenderer | null;
  listClass: string;
}

export type SearchAction =
  /** A request for `state` starts. */
  | { type: 'load'; state: SearchState }
  | { type: 'pageSize'; pageSize: number }
  /** The link asked for a page past the last one: `page` is the last. */
  | { type: 'lastPage'; page: number }
  /** The answer to request `seq`, and how many each shorter query finds. */
  | { type: 'answer'; seq: number; answer: SearchResponse; shorter: { query: string; total: number }[]; locale: string }
  | { type: 'fail'; seq: number }
  | { type: 'strings'; words: Record<string, string> }
  | { type: 'card'; card: CardRenderer; listClass: string }
  | { type: 'narrow'; narrow: boolean }
  | { type: 'filters'; open: boolean }
  /** The page is taken down: no answer under way is shown. */
  | { type: 'stop' };

/** The page before its first answer. */
export function initialSearchPage(state: SearchState, pageSize: number, narrow: boolean): SearchPage {
  return { state, answered: state, answer: null, loading: false, error: null, announcement: '', seq: 0, pageSize, narrow, filtersOpen: false, t: searchStrings, fewer: [], card: null, listClass: '' };
}

/** The search page after `action`: a pure function, the only place its state changes. */
export function searchReducer(page: SearchPage, action: SearchAction): SearchPage {
  switch (action.type) {
    case 'load':
      return { ...page, state: action.state, seq: page.seq + 1, loading: true };
    case 'pageSize':
      return { ...page, pageSize: action.pageSize };
    case 'lastPage':
      return { ...page, state: { ...page.state, page: action.page } };
    case 'answer': {
      if (action.seq !== page.seq) return page;
      const { answer } = action;
      const { state, t } = page;
      const count = answer.Numberofdocs.toLocaleString(action.locale);
      const found = fillString(state.query ? (answer.Numberofdocs === 1 ? t.searchFoundOne : t.searchFound) : t.searchFoundAll, { count, query: state.query });
      return {
        ...page,
        answer,
        answered: state,
        loading: false,
        error: null,
        announcement: state.page > 1 ? fillString(t.searchOnPage, { found, page: state.page }) : found,
        fewer: action.shorter.filter((f) => f.total > 0).sort((a, b) => b.total - a.total).slice(0, 3),
      };
    }
    case 'fail':
      if (action.seq !== page.seq) return page;
      // Before any answer the slot keeps its own content: there is nothing to say it over.
      return page.answer ? { ...page, loading: false, error: page.t.searchFailed, announcement: page.t.searchFailed } : { ...page, loading: false };
    case 'strings':
      return { ...page, t: { ...searchStrings, ...action.words } };
    case 'card':
      return { ...page, card: action.card, listClass: action.listClass };
    case 'narrow':
      return { ...page, narrow: action.narrow, filtersOpen: false };
    case 'filters':
      return { ...page, filtersOpen: action.open };
    case 'stop':
      return { ...page, seq: page.seq + 1 };
  }
}
