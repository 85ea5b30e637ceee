import { h, type ComponentChildren } from 'preact';
import type { SearchState } from './searchState';
import type { SearchStrings } from '../../core/strings/search';
import type { SearchViewProps } from './searchViewProps';
import { pageWindow } from './pageWindow';
import { spoken } from './spoken';
import { StateLink } from './StateLink';

/** Links to the pages of the answer around the current one. */
export function Pagination(props: { state: SearchState; pages: number; hrefFor: SearchViewProps['hrefFor']; onChange: SearchViewProps['onChange']; t: SearchStrings }) {
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
