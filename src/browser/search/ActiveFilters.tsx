import { h } from 'preact';
import type { FacetCount } from '../../types/interface';
import { toggleFilter, type SearchState } from './searchState';
import type { SearchStrings } from '../../core/strings/search';
import type { SearchViewProps } from './searchViewProps';

/** Label of a selected value, from the facet that offers it, else the raw value. */
function valueLabel(facets: FacetCount[], field: string, value: string): string {
  const facet = facets.find((f) => f.repoFieldName === field);
  return facet?.value.find((v) => v.value === value)?.name ?? value;
}

/** The filters in force, each a chip that removes it. */
export function ActiveFilters(props: { state: SearchState; facets: FacetCount[]; onChange: SearchViewProps['onChange']; t: SearchStrings }) {
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
