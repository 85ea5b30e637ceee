import { h } from 'preact';
import { fillNodes } from '../../layouts/fillNodes';
import type { SearchViewProps } from './searchViewProps';
import { Facet } from './Facet';
import { ActiveFilters } from './ActiveFilters';
import { Pagination } from './Pagination';
import { Recovery } from './Recovery';
export type { ChangeReason, SearchViewProps } from './searchViewProps';

const FIELD = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const SORT = /^[A-Za-z_][A-Za-z0-9_.-]*\s+(asc|desc)$/;

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
              {answer.Docs.slice(0, props.drawn).map((doc, i) => (
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
          {/* Drawn while open: closed, its facets are no one's to read (a third of the results' paint on a phone). */}
          {props.filtersOpen && panel}
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
