import type { ComponentChildren, Ref } from 'preact';
import type { SearchDocument, SearchResponse } from '../../types/interface';
import type { SearchState } from './searchState';
import type { SearchStrings } from '../../core/strings/search';
/** Why the state changed: decides where focus and scroll go afterwards. */
export type ChangeReason = 'filter' | 'sort' | 'page' | 'query';

export interface SearchViewProps {
  /** The state asked for: the controls show it at once, even while its answer loads. */
  state: SearchState;
  /** The state `answer` belongs to: heading, count, results and pages show it. */
  answered: SearchState;
  answer: SearchResponse;
  pageSize: number;
  loading: boolean;
  /** A failed refresh keeps the last results on screen and says so. */
  error: string | null;
  locale: string;
  /** What the aria-live region says (the result count after each change). */
  announcement: string;
  /** Class of the result list, e.g. the theme's `vitrine-theme--<id>` so its CSS applies. */
  listClass: string;
  card: (doc: SearchDocument, index: number) => ComponentChildren;
  /** How many of the answer's results are drawn: all when absent. */
  drawn?: number;
  hrefFor: (state: SearchState) => string;
  onChange: (next: SearchState, why: ChangeReason) => void;
  headingRef: Ref<HTMLHeadingElement>;
  /** 1 when the results are the page's main content (no other h1), else 2. */
  headingLevel: 1 | 2;
  /** Small screens (under 720 px) show the facets in a drawer, so results come first. */
  narrow: boolean;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  /** Closes the drawer and takes the shopper to the results. */
  onShowResults: () => void;
  drawerRef: Ref<HTMLDialogElement>;
  /** Id of the facet panel, for the toggle's aria-controls. */
  facetsId: string;
  /** Interface strings: English, the page language's, the merchant's. */
  t: SearchStrings;
  /** With no results: shorter queries that find something, with their counts. */
  fewer: { query: string; total: number }[];
}

