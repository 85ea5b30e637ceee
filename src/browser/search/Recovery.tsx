import { h } from 'preact';
import type { FacetCount } from '../../types/interface';
import { fillNodes } from '../../layouts/fillNodes';
import { toggleFilter, type SearchState } from './searchState';
import type { SearchViewProps } from './searchViewProps';
import { spoken } from './spoken';
import { StateLink } from './StateLink';

/** With no results: a suggestion, shorter queries, the way back without filters, the departments. */
export function Recovery(props: SearchViewProps & { facets: FacetCount[]; hasFilters: boolean }) {
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
