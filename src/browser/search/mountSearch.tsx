import { h, render, createRef } from 'preact';
import type { EmbedHost } from '../host';
import type { SearchResponse, Theme } from '../../types/interface';
import { parseSearchResponse } from '../../client/parseSearchResponse';
import { SEARCH_PATH } from '../../client/searchPaths';
import { buildSearchRequest, DEFAULT_PAGE_SIZE } from '../../client/buildSearchRequest';
import { isApiError } from '../../core/api/apiError';
import { cssId } from '../theme/applyTheme';
import { injectStyleAt } from './injectStyleAt';
import { searchCss } from './searchCss';
import { readSearchState, writeSearchState, type SearchState } from './searchState';
import { SearchView, type ChangeReason } from './SearchView';
import { chooseCardTheme } from './chooseCardTheme';
import { createCard } from './createCard';
import { INCLUDE_WIDGETS, readIncludeWidgets } from './includeWidgets';
import { revealBelowHeader } from './revealBelowHeader';
import { initialSearchPage, searchReducer, type SearchAction } from './searchReducer';
import { fillString } from '../../core/strings/fillString';
import { toJson } from '../../core/util/toJson';

export interface SearchMount {
  /** A new query from a search box on this page: no reload, a new history entry. */
  setQuery(query: string): void;
  /**
   * The app wrote the address itself (its own field, its router) and said so with
   * `setContext`: a state other than the one asked for last is asked for, once.
   */
  follow(): void;
  /** Stops listening to history and removes what was rendered. */
  destroy(): void;
}

/** Largest page size a merchant may set; more is a slow page, not a feature. */
const MAX_PAGE_SIZE = 100;

function emit(el: Element, name: string, detail: unknown): void {
  // Composed: a slot inside a component's shadow root is heard on the document too.
  el.dispatchEvent(new (el.ownerDocument.defaultView as Window & typeof globalThis).CustomEvent('vitrine:' + name, { bubbles: true, composed: true, detail }));
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
  let format: { locale: string; currency?: string } | undefined;
  /** Settles once the page's number format is made (the results' cards wait for it). */
  let formatted: Promise<unknown> | undefined;
  /**
   * What only showing the results needs: the page's context (read from the page), its
   * number formats and the stylesheet. Made in a task after the one that sends the first
   * request, while it is on the wire (on a phone the two together were one long task),
   * or before the first paint if the answer is quicker.
   */
  const ready = () => {
    if (!format) {
      const { locale, currency } = host.context();
      format = { locale, currency };
      injectStyleAt(doc, slot, 'search', searchCss, config.nonce);
      // Before the first answer: the results' prices and count are its first use on the page.
      formatted = host.prepareFormat(win, config.nonce, locale, currency);
    }
    return format;
  };
  win.setTimeout(ready);

  const wanted = Number(slot.dataset.vitrinePageSize);
  const fixedSize = Number.isInteger(wanted) && wanted >= 1 && wanted <= MAX_PAGE_SIZE ? wanted : 0;
  if (slot.dataset.vitrinePageSize && !fixedSize) host.log(`data-vitrine-page-size "${slot.dataset.vitrinePageSize}" is not a whole number from 1 to ${MAX_PAGE_SIZE}; the configured page size is used`);

  const view = doc.createElement('div');
  view.className = 'vitrine-search__mount';
  const widgets = doc.createElement('div');
  widgets.className = 'vitrine-search__widgets';
  const headingRef = createRef<HTMLHeadingElement>();
  // The results replace the slot's fallback; if that held the page's h1 (or the page has
  // none), the results heading becomes the h1 so the page keeps one.
  const outsideH1 = Array.from(doc.querySelectorAll('h1')).some((el) => !slot.contains(el));
  const headingLevel = outsideH1 ? 2 : 1;

  // Under 720 px the facets move into a drawer (the breakpoint of searchCss).
  const narrowQuery = win.matchMedia?.('(max-width: 720px)');
  // The page size is 0 until the first answer: the service applies the configuration's
  // paginationCount (interface.md has no GET for the configuration) and reports it in `Pagination`.
  let page = initialSearchPage(readSearchState(win.location.search, queryParam), fixedSize, !!narrowQuery?.matches);
  const dispatch = (action: SearchAction) => (page = searchReducer(page, action));
  let mounted = false;
  const drawerRef = createRef<HTMLDialogElement>();
  const onNarrow = () => {
    dispatch({ type: 'narrow', narrow: !!narrowQuery?.matches });
    paint();
  };
  // A media query list with a listener lives as long as the page: `destroy` takes it off.
  narrowQuery?.addEventListener?.('change', onNarrow);
  // The page's own title, and the query it was written for, so the title can follow
  // searches made in the page ("Search: linen — Shop" becomes "Search: wool — Shop").
  const pageTitle = doc.title;
  const titleQuery = page.state.query;
  const facetsId = (slot.id || 'vitrine-search') + '-filters';

  const hrefFor = (s: SearchState) => win.location.pathname + writeSearchState(s, win.location.search, queryParam) + win.location.hash;

  /** Draws `shown` (the page as it stands), with its first `drawn` results (all when absent). */
  function paint(shown = page, drawn?: number): void {
    const { answer, card, filtersOpen, pageSize } = shown;
    if (!answer || !card) return;
    // A control that disappears under the keyboard (a removed chip, "Clear all filters")
    // hands focus to the heading of what is on screen, never to <body>.
    const hadFocus = view.contains(doc.activeElement);
    render(
      <SearchView
        {...shown}
        answer={answer}
        drawn={drawn}
        card={card}
        pageSize={pageSize || answer.Pagination || answer.Docs.length || 1}
        locale={ready().locale}
        hrefFor={hrefFor}
        onChange={change}
        headingRef={headingRef}
        headingLevel={headingLevel}
        onToggleFilters={() => {
          dispatch({ type: 'filters', open: !page.filtersOpen });
          paint();
        }}
        onShowResults={() => {
          dispatch({ type: 'filters', open: false });
          paint();
          const heading = headingRef.current;
          if (heading) {
            revealBelowHeader(win, heading);
            heading.focus({ preventScroll: true });
          }
        }}
        drawerRef={drawerRef}
        facetsId={facetsId}
      />,
      view,
    );
    const drawer = drawerRef.current;
    if (drawer && filtersOpen && !drawer.open) {
      drawer.showModal();
      drawer.onclose = () => {
        // Escape, or the close button: the toggle gets focus back (the dialog does that).
        if (page.filtersOpen) {
          dispatch({ type: 'filters', open: false });
          paint();
        }
      };
    } else if (drawer?.open && !filtersOpen) drawer.close();
    if (hadFocus && !view.contains(doc.activeElement)) {
      (drawer?.open ? drawer.querySelector<HTMLElement>('[tabindex="-1"]') : headingRef.current)?.focus({ preventScroll: true });
    }
  }

  async function chooseCard(): Promise<void> {
    let themes: Theme[] = [];
    try {
      themes = await host.themes();
    } catch (e) {
      host.log('search: themes unavailable, built-in card used', e);
    }
    const theme = chooseCardTheme(themes, { id: slot.id, themeId: slot.dataset.vitrineTheme });
    if (theme?.cssTemplate) injectStyleAt(doc, slot, theme.themeId, theme.cssTemplate, config.nonce);
    const card = createCard(host.sanitize, theme, ready(), fillString(page.t.searchResultsFor, { query: '' }).trim());
    dispatch({ type: 'card', card, listClass: theme ? `vitrine-theme--${cssId(theme.themeId)}` : '' });
    host.log('search: card', theme ? 'from theme ' + theme.themeId : 'built-in');
  }

  // The shared requester, not a client of its own: the 403 stop and the Retry-After wait
  // stay page-wide, and the chunk carries only the search parts of the client.
  async function fetchPage(s: SearchState, rows: number, start: number): Promise<SearchResponse> {
    const request = buildSearchRequest(
      { orgId: config.orgId, query: s.query, filters: s.filters, sort: s.sort ? [s.sort] : [], pageSize: rows, start },
      'table',
    );
    return parseSearchResponse(await host.request(SEARCH_PATH, { request: toJson(request) }));
  }

  /** One page of `s`; a service that refuses `rows: "0"` gets the default page size instead. */
  async function fetchSized(s: SearchState, number: number): Promise<SearchResponse> {
    try {
      return await fetchPage(s, page.pageSize, (number - 1) * page.pageSize);
    } catch (e) {
      if (page.pageSize || !isApiError(e) || e.kind !== 'request') throw e;
      host.log('search: rows "0" refused; page size', DEFAULT_PAGE_SIZE, e);
      dispatch({ type: 'pageSize', pageSize: DEFAULT_PAGE_SIZE });
      return fetchPage(s, DEFAULT_PAGE_SIZE, (number - 1) * DEFAULT_PAGE_SIZE);
    }
  }

  async function load(next: SearchState, why: ChangeReason | 'initial' | 'history'): Promise<void> {
    const my = dispatch({ type: 'load', state: next }).seq;
    paint();
    const focusWasInside = view.contains(doc.activeElement);
    try {
      // The page's words first (the strings chunk on a French, German or Spanish page),
      // asked for in the next task: this one sends the request and nothing more.
      const cardReady = page.card
        ? null
        : new Promise((next) => win.setTimeout(next)).then(() => host.strings()).then((words) => dispatch({ type: 'strings', words }), () => {}).then(chooseCard);
      // A link to page 3 before any answer: ask once for the configured page size.
      if (!page.pageSize && next.page > 1) {
        const first = await fetchSized({ ...next, page: 1 }, 1);
        if (!page.pageSize) dispatch({ type: 'pageSize', pageSize: first.Pagination || DEFAULT_PAGE_SIZE });
      }
      let result = await fetchSized(page.state, page.state.page);
      if (!fixedSize && result.Pagination > 0) dispatch({ type: 'pageSize', pageSize: result.Pagination });
      // A stale shared link past the last page shows the last page instead of nothing.
      const { pageSize } = page;
      const lastPage = Math.max(1, Math.ceil(result.Numberofdocs / Math.max(1, pageSize)));
      if (page.state.page > lastPage) {
        dispatch({ type: 'lastPage', page: lastPage });
        win.history.replaceState(win.history.state, '', hrefFor(page.state));
        result = await fetchPage(page.state, pageSize, (lastPage - 1) * pageSize);
      }
      await cardReady;
      const { state } = page;
      // Nothing found for several words: the queries one word shorter that do find something.
      const words = state.query.split(/\s+/).filter(Boolean);
      const shorter = result.Numberofdocs === 0 && !result.didYouMean && words.length > 1 && words.length <= 5
        ? await Promise.all(words.map(async (_, i) => {
          const query = words.filter((__, j) => j !== i).join(' ');
          try {
            return { query, total: (await fetchPage({ ...state, query, filters: {}, page: 1 }, 1, 0)).Numberofdocs };
          } catch {
            return { query, total: 0 };
          }
        }))
        : [];
      // The results' cards are made before the paint that shows them, in tasks of a few
      // milliseconds, once the page's number format is made (`ready`, by the card's
      // choice): the answer's paint is then Preact's alone.
      await formatted;
      if (my === page.seq && page.card) await page.card.prepare(result.Docs, (state.page - 1) * (page.pageSize || result.Pagination || result.Docs.length || 1), doc);
      // Newer, stopped, or the slot left the page (a route left before its answer): nothing
      // is drawn, and no widget is started out of the document.
      if (my !== page.seq || !slot.isConnected) return;
      const answered: SearchAction = { type: 'answer', seq: my, answer: result, shorter, locale: ready().locale };
      if (!mounted) {
        // The first answer's view (heading, count, sort, pager) is built out of the page a
        // task ahead, its results aside: the task that shows it then adds only those. On a
        // phone the two were one task of 20–60 ms, half of it building the view.
        paint(searchReducer(page, answered), 0);
        await new Promise((next) => win.setTimeout(next));
        if (my !== page.seq || !slot.isConnected) return;
      }
      dispatch(answered);
      paint();
      retitle();
      if (!mounted) {
        mounted = true;
        slot.replaceChildren(view, widgets);
      }
      afterChange(why, focusWasInside);
      showWidgets(result);
      emit(slot, 'search', { query: state.query, total: result.Numberofdocs, page: state.page, products: result.Docs.length });
    } catch (e) {
      if (my !== page.seq) return;
      dispatch({ type: 'fail', seq: my });
      const apiErr = isApiError(e) ? e : null;
      host.log('search failed', e);
      emit(slot, 'error', { kind: apiErr ? apiErr.kind : 'render', message: apiErr ? apiErr.message : String(e), status: apiErr ? apiErr.status : 0 });
      if (page.answer) paint();
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

  /** The tab's title follows the query searched in the page. */
  function retitle(): void {
    const query = page.answered.query;
    if (query === titleQuery) doc.title = pageTitle;
    else if (titleQuery && pageTitle.includes(titleQuery)) doc.title = pageTitle.split(titleQuery).join(query);
    else doc.title = (query ? fillString(page.t.searchResultsFor, { query: '“' + query + '”' }) + ' – ' : '') + pageTitle;
  }

  const widgetSlots = new Map<string, { el: HTMLElement; anchor: string }>();
  let trending: HTMLElement | undefined;

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
        el.dataset.vitrineTitle = page.t[spec.title];
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
    // No results: what sells now, below the departments, unless the page shows it anyway.
    const empty = result.Numberofdocs === 0;
    if (empty && !trending && !widgetSlots.has('siteMoreItemsToConsider')) {
      trending = doc.createElement('div');
      trending.id = (slot.id || 'vitrine-search') + '-trending';
      trending.dataset.vitrine = 'trending';
      trending.dataset.vitrineLayout = 'carousel';
      trending.dataset.vitrineTitle = page.t.searchTrending;
      widgets.prepend(trending);
      host.render(trending);
    }
    if (trending) trending.hidden = !empty;
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
    const { answer, answered, pageSize } = page;
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

  /**
   * The address holds another state than the one asked for last: it is asked for. Back and
   * forward, and the app's setContext, both say so: an app whose router calls setContext on
   * popstate asks once, and a fragment link (a skip link) asks for nothing.
   */
  const follow = () => {
    const next = readSearchState(win.location.search, queryParam);
    // Compared as the address writes them: the same query, filters, sort and page.
    if (writeSearchState(next, '', queryParam) !== writeSearchState(page.state, '', queryParam)) void load(next, 'history');
  };
  win.addEventListener('popstate', follow);
  void load(page.state, 'initial');

  return {
    setQuery(query) {
      change({ query: query.trim(), filters: Object.create(null), sort: page.state.sort, page: 1 }, 'query');
    },
    follow,
    destroy() {
      win.removeEventListener('popstate', follow);
      narrowQuery?.removeEventListener?.('change', onNarrow);
      dispatch({ type: 'stop' });
      render(null, view);
    },
  };
}
