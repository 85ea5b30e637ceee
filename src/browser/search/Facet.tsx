import { h } from 'preact';
import type { FacetCount, FacetCountValue } from '../../types/interface';
import { toggleFilter, withoutField, type SearchState } from './searchState';
import type { SearchStrings } from '../../core/strings/search';
import type { SearchViewProps } from './searchViewProps';
import { spoken } from './spoken';

const STAR = '★';

/** Five stars, filled up to the range's lower end: visual only, the label says it in words. */
function stars(range: string): string {
  const low = Number(/^\[\s*([\d.]+)/.exec(range)?.[1]);
  if (!Number.isFinite(low)) return '';
  const filled = Math.min(5, Math.max(0, Math.floor(low)));
  return STAR.repeat(filled) + '☆'.repeat(5 - filled);
}

/** One facet: its values as checkboxes (radios for a single choice), with their counts. */
export function Facet(props: { facet: FacetCount; state: SearchState; locale: string; onChange: SearchViewProps['onChange']; t: SearchStrings }) {
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
