import { h, Fragment, type ComponentChildren, type Ref } from 'preact';
import type { FacetCount, FacetCountValue, SearchDocument, SearchResponse } from '../../types/interface';
import { toggleFilter, type SearchState } from './searchState';
import { pageWindow } from './pageWindow';
import { fillNodes } from '../../layouts/fillNodes';
import type { SearchStrings } from '../../core/strings/search';
import { bare } from '../../core/util/bare';

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

/** Words a screen reader reads around a number that is shown alone ("Page 3", "(12 products)"). */
function spoken(template: string, hole: string, value: string | number): ComponentChildren[] {
  return fillNodes(template, { [hole]: <bdi>{value}</bdi> }).map((part) => (typeof part === 'string' ? part && <span class="vitrine-search__sr">{part}</span> : part));
}

/** A link to another search state that changes the page in place (modified clicks open a tab). */
function StateLink(props: { to: SearchState; why: ChangeReason; hrefFor: SearchViewProps['hrefFor']; onChange: SearchViewProps['onChange']; children: ComponentChildren; class?: string }) {
  return (
    <a
      class={props.class}
      href={props.hrefFor(props.to)}
      onClick={(e: MouseEvent) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        props.onChange(props.to, props.why);
      }}
    >
      {props.children}
    </a>
  );
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

function Facet(props: { facet: FacetCount; state: SearchState; locale: string; onChange: SearchViewProps['onChange']; t: SearchStrings }) {
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
          <span class="vitrine-search__facet-count">{spoken(' ' + props.t.searchFacetCount, 'count', v.count.toLocaleString(props.locale))}</span>
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
              <span class="vitrine-search__label">{props.t.searchAny}</span>
            </label>
          </li>
        )}
        {facet.value.map(option)}
      </ul>
    </fieldset>
  );
}

function withoutField(state: SearchState, field: string): SearchState['filters'] {
  const out: Record<string, readonly string[]> = bare(state.filters);
  delete out[field];
  return out;
}

function ActiveFilters(props: { state: SearchState; facets: FacetCount[]; onChange: SearchViewProps['onChange']; t: SearchStrings }) {
  const { state, facets, onChange, t } = props;
  const chips = Object.keys(state.filters).flatMap((field) => state.filters[field].map((value) => ({ field, value })));
  if (chips.length === 0) return null;
  const title = (field: string) => facets.find((f) => f.repoFieldName === field)?.displayName ?? field;
  return (
    <div class="vitrine-search__active">
      <ul class="vitrine-search__chips" aria-label={t.searchActive}>
        {chips.map(({ field, value }) => (
          <li key={field + '\u0000' + value}>
            <button
              type="button"
              class="vitrine-search__chip"
              onClick={() => onChange({ ...state, page: 1, filters: toggleFilter(state.filters, field, value, false, false) }, 'filter')}
            >
              <span class="vitrine-search__sr">{t.searchRemove} </span>
              {title(field)}: {valueLabel(facets, field, value)}
              <span aria-hidden="true"> ×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" class="vitrine-search__clear" onClick={() => onChange({ ...state, page: 1, filters: Object.create(null) }, 'filter')}>
        {t.searchClear}
      </button>
    </div>
  );
}

function Pagination(props: { state: SearchState; pages: number; hrefFor: SearchViewProps['hrefFor']; onChange: SearchViewProps['onChange']; t: SearchStrings }) {
  const { state, pages, hrefFor, onChange, t } = props;
  if (pages <= 1) return null;
  const go = (page: number) => (e: MouseEvent) => {
    // Modified clicks (new tab, new window) keep the link's own behaviour.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onChange({ ...state, page }, 'page');
  };
  const link = (page: number, label: ComponentChildren, cls: string, aria: string, rel: string) =>
    page < 1 || page > pages ? (
      <span class={cls + ' vitrine-search__page--disabled'} aria-disabled="true">
        {label}
      </span>
    ) : (
      <a class={cls} href={hrefFor({ ...state, page })} onClick={go(page)} aria-label={aria} rel={rel}>
        {label}
      </a>
    );
  return (
    <nav class="vitrine-search__pagination" aria-label={t.searchPages}>
      {link(state.page - 1, t.searchPrevious, 'vitrine-search__page vitrine-search__page--prev', t.searchPreviousPage, 'prev')}
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
                  {spoken(t.searchPage, 'page', page)}
                </a>
              ) : (
                <a class="vitrine-search__page" href={hrefFor({ ...state, page })} onClick={go(page)}>
                  {spoken(t.searchPage, 'page', page)}
                </a>
              )}
            </li>
          ),
        )}
      </ol>
      {link(state.page + 1, t.searchNext, 'vitrine-search__page vitrine-search__page--next', t.searchNextPage, 'next')}
    </nav>
  );
}

/** With no results: a suggestion, shorter queries, the way back without filters, the departments. */
function Recovery(props: SearchViewProps & { facets: FacetCount[]; hasFilters: boolean }) {
  const { answered, answer, t, hrefFor, onChange, fewer } = props;
  const fresh = (query: string): SearchState => ({ query, filters: {}, sort: '', page: 1 });
  const quoted = (query: string) => (
    <q>
      <bdi>{query}</bdi>
    </q>
  );
  // The departments: the first categorical facet's values, each a link to all of its products.
  const departments = props.facets.find((f) => f.type === 'categorical' && f.value.length > 0);
  const Sub = props.headingLevel === 1 ? 'h2' : 'h3';
  return (
    <div class="vitrine-search__empty">
      <p class="vitrine-search__nothing">
        {answered.query
          ? fillNodes(props.hasFilters ? t.searchNothingForFiltered : t.searchNothingFor, { query: quoted(answered.query) })
          : t.searchNothingFiltered}
      </p>
      {answer.didYouMean && answer.didYouMean !== answered.query && (
        <p class="vitrine-search__suggest">
          {fillNodes(t.searchDidYouMean, {
            suggestion: (
              <StateLink to={fresh(answer.didYouMean)} why="query" hrefFor={hrefFor} onChange={onChange}>
                <bdi>{answer.didYouMean}</bdi>
              </StateLink>
            ),
          })}
        </p>
      )}
      {!answer.didYouMean && fewer.length > 0 && (
        <div class="vitrine-search__suggest">
          <p>{t.searchFewerWords}</p>
          <ul class="vitrine-search__fewer">
            {fewer.map((f) => (
              <li key={f.query}>
                <StateLink to={fresh(f.query)} why="query" hrefFor={hrefFor} onChange={onChange}>
                  <bdi>{f.query}</bdi>
                </StateLink>{' '}
                <span class="vitrine-search__facet-count">{spoken(t.searchFacetCount, 'count', f.total.toLocaleString(props.locale))}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {props.hasFilters && (
        <button type="button" class="vitrine-search__clear" onClick={() => onChange({ ...props.state, page: 1, filters: {} }, 'filter')}>
          {t.searchClear}
        </button>
      )}
      {departments && (
        <nav class="vitrine-search__departments" aria-labelledby={props.facetsId + '-departments'}>
          <Sub class="vitrine-search__subtitle" id={props.facetsId + '-departments'}>
            {t.searchDepartments}
          </Sub>
          <ul>
            {departments.value.map((v) => (
              <li key={v.value}>
                <StateLink
                  to={{ query: '', filters: toggleFilter({}, departments.repoFieldName, v.value, true, false), sort: '', page: 1 }}
                  why="filter"
                  hrefFor={hrefFor}
                  onChange={onChange}
                >
                  {v.name}
                </StateLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

/**
 * The search results page: heading and count, sort selector, facets (a drawer on small
 * screens), result cards and pagination; with no results, a way on instead of a dead
 * end. It only shows what it is given; `mountSearch` owns state, URL and fetching.
 */
export function SearchView(props: SearchViewProps) {
  const { state, answered, answer, pageSize, locale, onChange, t } = props;
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
  // Nothing found: nothing to sort or narrow down, only filters to take back.
  const empty = total === 0;
  const panel = (!empty && facets.length > 0) || Object.keys(state.filters).length > 0 ? (
    <section class="vitrine-search__facets" id={props.facetsId} aria-label={t.searchFilters}>
      <ActiveFilters state={state} facets={facets} onChange={onChange} t={t} />
      {!empty && facets.map((facet) => <Facet key={facet.repoFieldName} facet={facet} state={state} locale={locale} onChange={onChange} t={t} />)}
    </section>
  ) : null;
  const number = (x: number) => <bdi>{n(x)}</bdi>;
  return (
    <div class={'vitrine-search' + (props.loading ? ' vitrine-search--loading' : '') + (props.narrow ? ' vitrine-search--narrow' : '')}>
      <p class="vitrine-search__sr" role="status" aria-live="polite" aria-atomic="true">
        {props.announcement}
      </p>
      <div class="vitrine-search__header">
        {h(
          props.headingLevel === 1 ? 'h1' : 'h2',
          { class: 'vitrine-search__title', tabIndex: -1, ref: props.headingRef },
          answered.query
            ? fillNodes(t.searchResultsFor, {
                query: (
                  <q class="vitrine-search__query">
                    <bdi>{answered.query}</bdi>
                  </q>
                ),
              })
            : t.searchAll,
        )}
        <p class="vitrine-search__count" data-vitrine-total={total}>
          {empty
            ? t.searchNone
            : pages > 1
              ? fillNodes(t.searchCountRange, { range: <bdi>{`${n(first)}–${n(last)}`}</bdi>, total: number(total) })
              : total === 1
                ? t.searchCountOne
                : fillNodes(t.searchCount, { total: number(total) })}
        </p>
        {props.narrow && panel && (
          <button
            type="button"
            class="vitrine-search__filter-toggle"
            aria-haspopup="dialog"
            aria-expanded={props.filtersOpen ? 'true' : 'false'}
            aria-controls={props.facetsId + '-drawer'}
            onClick={props.onToggleFilters}
          >
            {t.searchFilters}
            {activeCount > 0 && <span class="vitrine-search__filter-count"> ({activeCount})</span>}
          </button>
        )}
        {!empty && sorts.length > 0 && (
          <label class="vitrine-search__sort">
            <span class="vitrine-search__sort-label">{t.searchSortBy}</span>
            <select
              class="vitrine-search__select"
              value={state.sort}
              onChange={(e) => onChange({ ...state, page: 1, sort: (e.currentTarget as HTMLSelectElement).value }, 'sort')}
            >
              <option value="">{t.searchRelevance}</option>
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
        {!props.narrow && panel}
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
            <Recovery {...props} facets={facets} hasFilters={hasFilters} />
          )}
          <Pagination state={answered} pages={pages} hrefFor={props.hrefFor} onChange={onChange} t={t} />
        </div>
      </div>
      {props.narrow && panel && (
        // A modal drawer: the page behind is inert, Escape closes it and focus returns to
        // the toggle; filters apply as they are ticked and the count below follows.
        <dialog class="vitrine-search__drawer" id={props.facetsId + '-drawer'} aria-labelledby={props.facetsId + '-drawer-title'} ref={props.drawerRef}>
          <div class="vitrine-search__drawer-head">
            <h2 class="vitrine-search__drawer-title" id={props.facetsId + '-drawer-title'} tabIndex={-1}>
              {t.searchFilters}
            </h2>
            <button type="button" class="vitrine-search__drawer-close" aria-label={t.searchClose} onClick={props.onToggleFilters}>
              ×
            </button>
          </div>
          {panel}
          <div class="vitrine-search__drawer-foot">
            <button type="button" class="vitrine-search__show" onClick={props.onShowResults} aria-busy={props.loading ? 'true' : 'false'}>
              {total === 1 ? t.searchShowOne : fillNodes(t.searchShow, { count: number(total) })}
            </button>
          </div>
        </dialog>
      )}
    </div>
  );
}
