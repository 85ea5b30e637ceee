import { h, render, createRef, type ComponentChildren } from 'preact';
import type { EmbedHost } from '../types/host';
import type { SearchDocument, SearchResponse, Theme } from '../types/interface';
import { parseSearchResponse } from '../client/parseSearchResponse';
import { SEARCH_PATH } from '../client/searchPaths';
import { buildSearchRequest, DEFAULT_PAGE_SIZE } from '../client/buildSearchRequest';
import { isApiError } from '../api/apiError';
import { cssId, injectStyle } from '../theme/applyTheme';
import { searchCss } from './searchCss';
import { readSearchState, writeSearchState, type SearchState } from './searchState';
import { SearchView, type ChangeReason } from './SearchView';
import { chooseCardTheme } from './chooseCardTheme';
import { createCard } from './createCard';
import { INCLUDE_WIDGETS, readIncludeWidgets } from './includeWidgets';
import { revealBelowHeader } from './revealBelowHeader';

export interface SearchMount {
  /** A new query from a search box on this page: no reload, a new history entry. */
  setQuery(query: string): void;
  /** Stops listening to history and removes what was rendered. */
  destroy(): void;
}

/** Largest page size a merchant may set; more is a slow page, not a feature. */
const MAX_PAGE_SIZE = 100;

function emit(el: Element, name: string, detail: unknown): void {
  el.dispatchEvent(new (el.ownerDocument.defaultView as Window & typeof globalThis).CustomEvent('vitrine:' + name, { bubbles: true, detail }));
}

/**
 * The search results page in a `[data-vitrine-search]` slot. State (query, filters,
 * sort, page) lives in the URL; each change pushes a history entry, so back, forward,
 * reload and a shared link show the same results. The slot's own content stays until
 * the first answer arrives, and for good if the service fails.
 */
export function mountSearch(host: EmbedHost, slot: HTMLElement): SearchMount {
  const { win, doc, config } = host;
  const queryParam = config.setting('searchParam') || 'q';
  const context = host.context();
  const format = { locale: context.locale, currency: context.currency };

  const wanted = Number(slot.dataset.vitrinePageSize);
  const fixedSize = Number.isInteger(wanted) && wanted >= 1 && wanted <= MAX_PAGE_SIZE ? wanted : 0;
  if (slot.dataset.vitrinePageSize && !fixedSize) host.log(`data-vitrine-page-size "${slot.dataset.vitrinePageSize}" is not a whole number from 1 to ${MAX_PAGE_SIZE}; the configured page size is used`);
  // 0 until the first answer: the service applies the configuration's paginationCount
  // (interface.md has no GET for the configuration) and reports it in `Pagination`.
  let pageSize = fixedSize;

  const view = doc.createElement('div');
  view.className = 'vitrine-search__mount';
  const widgets = doc.createElement('div');
  widgets.className = 'vitrine-search__widgets';
  const headingRef = createRef<HTMLHeadingElement>();
  // The results replace the slot's fallback; if that held the page's h1 (or the page has
  // none), the results heading becomes the h1 so the page keeps one.
  const outsideH1 = Array.from(doc.querySelectorAll('h1')).some((el) => !slot.contains(el));
  const headingLevel = outsideH1 ? 2 : 1;

  let state = readSearchState(win.location.search, queryParam);
  let answer: SearchResponse | null = null;
  let answered = state;
  let loading = false;
  let error: string | null = null;
  let announcement = '';
  let seq = 0;
  let mounted = false;
  let filtersOpen = false;
  const facetsId = (slot.id || 'vitrine-search') + '-filters';
  let card: ((doc: SearchDocument, index: number) => ComponentChildren) | null = null;
  let listClass = '';

  injectStyle(doc, 'search', searchCss, config.nonce);

  const hrefFor = (s: SearchState) => win.location.pathname + writeSearchState(s, win.location.search, queryParam) + win.location.hash;

  function paint(): void {
    if (!answer || !card) return;
    render(
      <SearchView
        state={state}
        answered={answered}
        answer={answer}
        pageSize={pageSize || answer.Pagination || answer.Docs.length || 1}
        loading={loading}
        error={error}
        locale={context.locale}
        announcement={announcement}
        listClass={listClass}
        card={card}
        hrefFor={hrefFor}
        onChange={change}
        headingRef={headingRef}
        headingLevel={headingLevel}
        filtersOpen={filtersOpen}
        onToggleFilters={() => {
          filtersOpen = !filtersOpen;
          paint();
        }}
        facetsId={facetsId}
      />,
      view,
    );
  }

  async function chooseCard(): Promise<void> {
    let themes: Theme[] = [];
    try {
      themes = await host.themes();
    } catch (e) {
      host.log('search: themes unavailable, built-in card used', e);
    }
    const theme = chooseCardTheme(themes, { id: slot.id, themeId: slot.dataset.vitrineTheme });
    if (theme?.cssTemplate) injectStyle(doc, theme.themeId, theme.cssTemplate, config.nonce);
    listClass = theme ? `vitrine-theme--${cssId(theme.themeId)}` : '';
    card = createCard(host.sanitize, theme, format, 'Search results');
    host.log('search: card', theme ? 'from theme ' + theme.themeId : 'built-in');
  }

  // The shared requester, not a client of its own: the 403 stop and the Retry-After wait
  // stay page-wide, and the chunk carries only the search parts of the client.
  async function fetchPage(s: SearchState, rows: number, start: number): Promise<SearchResponse> {
    const request = buildSearchRequest(
      { orgId: config.orgId, query: s.query, filters: s.filters, sort: s.sort ? [s.sort] : [], pageSize: rows, start },
      'table',
    );
    return parseSearchResponse(await host.request(SEARCH_PATH, { request: JSON.stringify(request) }));
  }

  /** One page of `s`; a service that refuses `rows: "0"` gets the default page size instead. */
  async function fetchSized(s: SearchState, page: number): Promise<SearchResponse> {
    try {
      return await fetchPage(s, pageSize, (page - 1) * pageSize);
    } catch (e) {
      if (pageSize || !isApiError(e) || e.kind !== 'request') throw e;
      host.log('search: rows "0" refused; page size', DEFAULT_PAGE_SIZE, e);
      pageSize = DEFAULT_PAGE_SIZE;
      return fetchPage(s, pageSize, (page - 1) * pageSize);
    }
  }

  async function load(next: SearchState, why: ChangeReason | 'initial' | 'history'): Promise<void> {
    state = next;
    const my = ++seq;
    loading = true;
    paint();
    const focusWasInside = view.contains(doc.activeElement);
    try {
      const cardReady = card ? null : chooseCard();
      // A link to page 3 before any answer: ask once for the configured page size.
      if (!pageSize && state.page > 1) {
        const first = await fetchSized({ ...state, page: 1 }, 1);
        pageSize ||= first.Pagination || DEFAULT_PAGE_SIZE;
      }
      let result = await fetchSized(state, state.page);
      if (!fixedSize && result.Pagination > 0) pageSize = result.Pagination;
      // A stale shared link past the last page shows the last page instead of nothing.
      const lastPage = Math.max(1, Math.ceil(result.Numberofdocs / Math.max(1, pageSize)));
      if (state.page > lastPage) {
        state = { ...state, page: lastPage };
        win.history.replaceState(win.history.state, '', hrefFor(state));
        result = await fetchPage(state, pageSize, (lastPage - 1) * pageSize);
      }
      await cardReady;
      if (my !== seq) return;
      answer = result;
      answered = state;
      loading = false;
      error = null;
      const n = result.Numberofdocs.toLocaleString(context.locale);
      const noun = result.Numberofdocs === 1 ? 'product' : 'products';
      announcement = state.query ? `${n} ${noun} found for ${state.query}` : `${n} ${noun}`;
      if (state.page > 1) announcement += `, page ${state.page}`;
      paint();
      if (!mounted) {
        mounted = true;
        slot.replaceChildren(view, widgets);
      }
      afterChange(why, focusWasInside);
      showWidgets(result);
      emit(slot, 'search', { query: state.query, total: result.Numberofdocs, page: state.page, products: result.Docs.length });
    } catch (e) {
      if (my !== seq) return;
      loading = false;
      const apiErr = isApiError(e) ? e : null;
      host.log('search failed', e);
      emit(slot, 'error', { kind: apiErr ? apiErr.kind : 'render', message: apiErr ? apiErr.message : String(e), status: apiErr ? apiErr.status : 0 });
      if (answer) {
        error = 'The results could not be updated. Please try again.';
        announcement = error;
        paint();
      }
    }
  }

  /** Focus and scroll after a change, so keyboard and screen reader users keep their place. */
  function afterChange(why: ChangeReason | 'initial' | 'history', focusWasInside: boolean): void {
    const heading = headingRef.current;
    if (!heading) return;
    if (why === 'page') {
      // The pager sits below the results; the new page starts at the top.
      revealBelowHeader(win, heading);
      heading.focus({ preventScroll: true });
    } else if (focusWasInside && !view.contains(doc.activeElement)) {
      // The control that had focus is gone (a filter that changed the facet group).
      heading.focus({ preventScroll: true });
    } else if (why === 'query' && heading.getBoundingClientRect().top < 0) {
      revealBelowHeader(win, heading);
    }
  }

  const widgetSlots = new Map<string, { el: HTMLElement; anchor: string }>();

  function showWidgets(result: SearchResponse): void {
    const top = result.Docs[0];
    for (const name of readIncludeWidgets(slot.dataset.vitrineIncludeWidgets, host.log)) {
      const spec = INCLUDE_WIDGETS[name];
      let entry = widgetSlots.get(name);
      if (!entry) {
        const el = doc.createElement('div');
        el.id = (slot.id || 'vitrine-search') + '-' + spec.algorithm;
        el.dataset.vitrine = spec.algorithm;
        el.dataset.vitrineLayout = 'carousel';
        el.dataset.vitrineTitle = spec.title;
        el.dataset.vitrineInclude = name;
        widgets.appendChild(el);
        widgetSlots.set(name, (entry = { el, anchor: '' }));
      }
      const anchor = spec.anchored ? (top ? top.sku : '') : '-';
      if (spec.anchored) {
        entry.el.hidden = !top;
        if (!top) continue;
        entry.el.dataset.vitrinePname = top.name;
        entry.el.dataset.vitrineSku = top.sku;
      }
      if (anchor !== entry.anchor) {
        entry.anchor = anchor;
        host.render(entry.el);
      }
    }
  }

  function change(next: SearchState, why: ChangeReason): void {
    try {
      win.history.pushState(win.history.state, '', hrefFor(next));
    } catch (e) {
      // A state the URL cannot carry is still searched; the page never sees the error.
      host.log('search: URL not updated', e);
    }
    void load(next, why);
  }

  // Which result a shopper opened, like a widget's `vitrine:click`, plus the query.
  view.addEventListener('click', (event) => {
    const link = (event.target as Element).closest?.('a[href]');
    const cell = link?.closest('.vitrine-search__item[data-vitrine-index]');
    if (!cell || !answer) return;
    const position = Number(cell.getAttribute('data-vitrine-index'));
    const found = answer.Docs[position - (answered.page - 1) * (pageSize || answer.Pagination)];
    if (!found) return;
    emit(slot, 'click', {
      product: { name: found.name, sku: found.sku, price: found.discountedprice ?? found.price, url: link!.getAttribute('href') },
      position: position + 1,
      query: answered.query,
    });
  });

  const onPopState = () => void load(readSearchState(win.location.search, queryParam), 'history');
  win.addEventListener('popstate', onPopState);
  void load(state, 'initial');

  return {
    setQuery(query) {
      change({ query: query.trim(), filters: Object.create(null), sort: state.sort, page: 1 }, 'query');
    },
    destroy() {
      win.removeEventListener('popstate', onPopState);
      seq++;
      render(null, view);
    },
  };
}
