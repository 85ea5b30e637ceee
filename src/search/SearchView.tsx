import { h, Fragment, type ComponentChildren, type Ref } from 'preact';
import type { FacetCount, FacetCountValue, SearchDocument, SearchResponse } from '../types/interface';
import { toggleFilter, type SearchState } from './searchState';
import { pageWindow } from './pageWindow';

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
  hrefFor: (state: SearchState) => string;
  onChange: (next: SearchState, why: ChangeReason) => void;
  headingRef: Ref<HTMLHeadingElement>;
  /** 1 when the results are the page's main content (no other h1), else 2. */
  headingLevel: 1 | 2;
  /** Small screens show the facets behind a toggle, so results come first. */
  filtersOpen: boolean;
  onToggleFilters: () => void;
  /** Id of the facet panel, for the toggle's aria-controls. */
  facetsId: string;
}

const STAR = '★';
const FIELD = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const SORT = /^[A-Za-z_][A-Za-z0-9_.-]*\s+(asc|desc)$/;

/** Five stars, filled up to the range's lower end: visual only, the label says it in words. */
function stars(range: string): string {
  const low = Number(/^\[\s*([\d.]+)/.exec(range)?.[1]);
  if (!Number.isFinite(low)) return '';
  const filled = Math.min(5, Math.max(0, Math.floor(low)));
  return STAR.repeat(filled) + '☆'.repeat(5 - filled);
}

/** Label of a selected value, from the facet that offers it, else the raw value. */
function valueLabel(facets: FacetCount[], field: string, value: string): string {
  const facet = facets.find((f) => f.repoFieldName === field);
  return facet?.value.find((v) => v.value === value)?.name ?? value;
}

function Facet(props: { facet: FacetCount; state: SearchState; locale: string; onChange: SearchViewProps['onChange'] }) {
  const { facet, state, onChange } = props;
  const selected = state.filters[facet.repoFieldName] ?? [];
  const single = facet.displayType === 'radio';
  const name = 'vitrine-facet-' + facet.repoFieldName;
  const change = (value: string, on: boolean) =>
    onChange({ ...state, page: 1, filters: toggleFilter(state.filters, facet.repoFieldName, value, on, single) }, 'filter');
  const option = (v: FacetCountValue) => {
    const checked = selected.includes(v.value);
    return (
      <li key={v.value} class="vitrine-search__option">
        <label class={'vitrine-search__choice' + (v.count === 0 && !checked ? ' vitrine-search__choice--empty' : '')}>
          <input
            type={single ? 'radio' : 'checkbox'}
            name={name}
            value={v.value}
            checked={checked}
            disabled={v.count === 0 && !checked}
            onChange={(e) => change(v.value, (e.currentTarget as HTMLInputElement).checked)}
          />
          {facet.type === 'rating' && (
            <span class="vitrine-search__stars" aria-hidden="true">
              {stars(v.value)}
            </span>
          )}
          <span class="vitrine-search__label">{v.name}</span>
          <span class="vitrine-search__facet-count">
            <span class="vitrine-search__sr"> (</span>
            {v.count.toLocaleString(props.locale)}
            <span class="vitrine-search__sr"> products)</span>
          </span>
        </label>
      </li>
    );
  };
  if (facet.value.length === 0) return null;
  return (
    <fieldset class="vitrine-search__facet" data-vitrine-facet={facet.repoFieldName}>
      <legend class="vitrine-search__facet-title">{facet.displayName}</legend>
      <ul class="vitrine-search__options">
        {single && (
          <li class="vitrine-search__option">
            <label class="vitrine-search__choice">
              <input
                type="radio"
                name={name}
                value=""
                checked={selected.length === 0}
                onChange={() => onChange({ ...state, page: 1, filters: withoutField(state, facet.repoFieldName) }, 'filter')}
              />
              <span class="vitrine-search__label">Any</span>
            </label>
          </li>
        )}
        {facet.value.map(option)}
      </ul>
    </fieldset>
  );
}

function withoutField(state: SearchState, field: string): SearchState['filters'] {
  const out: Record<string, readonly string[]> = Object.assign(Object.create(null), state.filters);
  delete out[field];
  return out;
}

function ActiveFilters(props: { state: SearchState; facets: FacetCount[]; onChange: SearchViewProps['onChange'] }) {
  const { state, facets, onChange } = props;
  const chips = Object.keys(state.filters).flatMap((field) => state.filters[field].map((value) => ({ field, value })));
  if (chips.length === 0) return null;
  const title = (field: string) => facets.find((f) => f.repoFieldName === field)?.displayName ?? field;
  return (
    <div class="vitrine-search__active">
      <ul class="vitrine-search__chips" aria-label="Active filters">
        {chips.map(({ field, value }) => (
          <li key={field + '\u0000' + value}>
            <button
              type="button"
              class="vitrine-search__chip"
              onClick={() => onChange({ ...state, page: 1, filters: toggleFilter(state.filters, field, value, false, false) }, 'filter')}
            >
              <span class="vitrine-search__sr">Remove filter </span>
              {title(field)}: {valueLabel(facets, field, value)}
              <span aria-hidden="true"> ×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" class="vitrine-search__clear" onClick={() => onChange({ ...state, page: 1, filters: Object.create(null) }, 'filter')}>
        Clear all filters
      </button>
    </div>
  );
}

function Pagination(props: { state: SearchState; pages: number; hrefFor: SearchViewProps['hrefFor']; onChange: SearchViewProps['onChange'] }) {
  const { state, pages, hrefFor, onChange } = props;
  if (pages <= 1) return null;
  const go = (page: number) => (e: MouseEvent) => {
    // Modified clicks (new tab, new window) keep the link's own behaviour.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onChange({ ...state, page }, 'page');
  };
  const link = (page: number, label: ComponentChildren, cls: string, aria?: string) =>
    page < 1 || page > pages ? (
      <span class={cls + ' vitrine-search__page--disabled'} aria-disabled="true">
        {label}
      </span>
    ) : (
      <a class={cls} href={hrefFor({ ...state, page })} onClick={go(page)} aria-label={aria} rel={aria === 'Next page' ? 'next' : aria === 'Previous page' ? 'prev' : undefined}>
        {label}
      </a>
    );
  return (
    <nav class="vitrine-search__pagination" aria-label="Pages of results">
      {link(state.page - 1, '‹ Previous', 'vitrine-search__page vitrine-search__page--prev', 'Previous page')}
      <ol class="vitrine-search__pages">
        {pageWindow(state.page, pages).map((page, i) =>
          page === 0 ? (
            <li key={'gap' + i} class="vitrine-search__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              {page === state.page ? (
                <a class="vitrine-search__page vitrine-search__page--current" aria-current="page" href={hrefFor({ ...state, page })} onClick={go(page)}>
                  <span class="vitrine-search__sr">Page </span>
                  {page}
                </a>
              ) : (
                <a class="vitrine-search__page" href={hrefFor({ ...state, page })} onClick={go(page)}>
                  <span class="vitrine-search__sr">Page </span>
                  {page}
                </a>
              )}
            </li>
          ),
        )}
      </ol>
      {link(state.page + 1, 'Next ›', 'vitrine-search__page vitrine-search__page--next', 'Next page')}
    </nav>
  );
}

/**
 * The search results page: heading and count, sort selector, facets, result cards and
 * pagination. It only shows what it is given; `mountSearch` owns state, URL and fetching.
 */
export function SearchView(props: SearchViewProps) {
  const { state, answered, answer, pageSize, locale, onChange } = props;
  const total = answer.Numberofdocs;
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const first = total === 0 ? 0 : (answered.page - 1) * pageSize + 1;
  const last = Math.min(total, first + answer.Docs.length - 1);
  const sorts = answer.SearchEntities.filter((s) => SORT.test(s.value));
  // Only fields the filter format can carry (a field name, not free text) become facets.
  const facets = answer.facetcount.filter((f) => FIELD.test(f.repoFieldName));
  const n = (x: number) => x.toLocaleString(locale);
  const hasFilters = Object.keys(answered.filters).length > 0;
  const activeCount = Object.keys(state.filters).reduce((sum, field) => sum + state.filters[field].length, 0);
  return (
    <div class={'vitrine-search' + (props.loading ? ' vitrine-search--loading' : '') + (props.filtersOpen ? ' vitrine-search--filters-open' : '')}>
      <p class="vitrine-search__sr" role="status" aria-live="polite" aria-atomic="true">
        {props.announcement}
      </p>
      <div class="vitrine-search__header">
        {h(
          props.headingLevel === 1 ? 'h1' : 'h2',
          { class: 'vitrine-search__title', tabIndex: -1, ref: props.headingRef },
          answered.query ? (
            <Fragment>
              Results for <q class="vitrine-search__query">{answered.query}</q>
            </Fragment>
          ) : (
            'All products'
          ),
        )}
        <p class="vitrine-search__count" data-vitrine-total={total}>
          {total === 0
            ? 'No products found'
            : pages > 1
              ? `${n(first)}–${n(last)} of ${n(total)} products`
              : `${n(total)} ${total === 1 ? 'product' : 'products'}`}
        </p>
        {facets.length > 0 && (
          <button
            type="button"
            class="vitrine-search__filter-toggle"
            aria-expanded={props.filtersOpen ? 'true' : 'false'}
            aria-controls={props.facetsId}
            onClick={props.onToggleFilters}
          >
            Filters
            {activeCount > 0 && <span class="vitrine-search__filter-count"> ({activeCount})</span>}
          </button>
        )}
        {sorts.length > 0 && (
          <label class="vitrine-search__sort">
            <span class="vitrine-search__sort-label">Sort by</span>
            <select
              class="vitrine-search__select"
              value={state.sort}
              onChange={(e) => onChange({ ...state, page: 1, sort: (e.currentTarget as HTMLSelectElement).value }, 'sort')}
            >
              <option value="">Relevance</option>
              {sorts.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.key}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {props.error && (
        <p class="vitrine-search__error" role="alert">
          {props.error}
        </p>
      )}
      <div class="vitrine-search__body">
        {(facets.length > 0 || Object.keys(state.filters).length > 0) && (
          <section class="vitrine-search__facets" id={props.facetsId} aria-label="Filters">
            <ActiveFilters state={state} facets={facets} onChange={onChange} />
            {facets.map((facet) => (
              <Facet key={facet.repoFieldName} facet={facet} state={state} locale={locale} onChange={onChange} />
            ))}
          </section>
        )}
        <div class="vitrine-search__results" aria-busy={props.loading ? 'true' : 'false'}>
          {answer.Docs.length > 0 ? (
            <ul class={'vitrine-search__list ' + props.listClass}>
              {answer.Docs.map((doc, i) => (
                <li key={doc.sku + ':' + i} class="vitrine-search__item" data-vitrine-index={first - 1 + i}>
                  {props.card(doc, first - 1 + i)}
                </li>
              ))}
            </ul>
          ) : (
            <div class="vitrine-search__empty">
              <p>
                {answered.query ? (
                  <Fragment>
                    Nothing matches <q>{answered.query}</q>
                    {hasFilters ? ' with these filters.' : '.'}
                  </Fragment>
                ) : (
                  'Nothing matches these filters.'
                )}
              </p>
              {hasFilters && (
                <button type="button" class="vitrine-search__clear" onClick={() => onChange({ ...state, page: 1, filters: Object.create(null) }, 'filter')}>
                  Clear all filters
                </button>
              )}
            </div>
          )}
          <Pagination state={answered} pages={pages} hrefFor={props.hrefFor} onChange={onChange} />
        </div>
      </div>
    </div>
  );
}
