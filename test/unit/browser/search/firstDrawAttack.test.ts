// A hostile or messy page against the search page's first draw in two tasks: the view (heading, count, sort,
// pager) is built out of the page with no results, then, a timer later, with all of
// them, and only then put into the slot. What the page and the shopper can do between
// the two tasks: take the slot away, move it, search again, stop the mount, fail the
// next request; and what a phone, zero results and a page without timers do to it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountSearch, type SearchMount } from '../../../../src/browser/search/mountSearch';
import { createFakeHost, CONFIGURED_PAGE_SIZE } from './fakeHost';

let slot: HTMLElement;
let mounted: SearchMount | undefined;
let view: HTMLElement | undefined;
let searches: CustomEvent[];
let errors: CustomEvent[];
let states: string[];
let observer: MutationObserver;
let listening: AbortController;
/** A `between` hook not run yet: the test did not hit the gap it meant to. */
let pending = false;

const $$ = (sel: string, root: Element = slot) => Array.from(root.querySelectorAll<HTMLElement>(sel));
const names = (root: Element = slot) => $$('.vitrine-search__name', root).map((el) => el.textContent);
const settled = (check: () => void) => vi.waitFor(check, { timeout: 2000, interval: 5 });
const state = () => `${$$('.fallback').length} fallback, ${$$('.vitrine-search__title').length} heading, ${names().length} results, ${$$('.vitrine-search__pagination').length} pager, ${$$('.vitrine-search__recovery, .vitrine-search__empty').length + ($$('.vitrine-search__count[data-vitrine-total="0"]').length ? 1 : 0)} empty`;

/** Mounts on `url`, keeping the mount's detached view; `between` runs once the view is built with no results, before the timer that fills it. */
function start(url: string, host = createFakeHost().host, between?: () => void) {
  history.replaceState(null, '', url);
  const create = document.createElement.bind(document);
  const spy = vi.spyOn(document, 'createElement').mockImplementation(((tag: string, options?: ElementCreationOptions) => {
    const el = create(tag, options);
    if (!view && tag === 'div') view = el;
    return el;
  }) as typeof document.createElement);
  mounted = mountSearch(host, slot);
  spy.mockRestore();
  if (between) {
    pending = true;
    // A MutationObserver's callback runs at the end of the microtask that drew the view,
    // before the timer the first draw waits for.
    const first = new MutationObserver(() => {
      if (!view!.querySelector('.vitrine-search__title') || view!.isConnected) return;
      first.disconnect();
      pending = false;
      between();
    });
    first.observe(view!, { childList: true, subtree: true });
  }
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.title = 'Shop';
  document.body.innerHTML = '<header><div data-vitrine-searchbox></div></header><main><div id="search" data-vitrine-search><p class="fallback">Searching…</p></div></main><aside id="elsewhere"></aside>';
  slot = document.getElementById('search')!;
  view = undefined;
  searches = [];
  errors = [];
  states = [];
  listening = new AbortController();
  document.addEventListener('vitrine:search', (e) => searches.push(e as CustomEvent), { signal: listening.signal });
  document.addEventListener('vitrine:error', (e) => errors.push(e as CustomEvent), { signal: listening.signal });
  observer = new MutationObserver(() => states.push(state()));
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
});
afterEach(() => {
  expect(pending, 'the hook between the two tasks never ran').toBe(false);
  pending = false;
  listening.abort();
  observer.disconnect();
  mounted?.destroy();
  mounted = undefined;
  vi.restoreAllMocks();
});

const aWhile = () => new Promise((next) => setTimeout(next, 60));

describe('the first answer drawn in two tasks', () => {
  it('the slot taken out between the two: nothing drawn into it, no vitrine:search', async () => {
    start('/search?q=product', undefined, () => slot.remove());
    await settled(() => expect(view!.querySelector('.vitrine-search__title')).not.toBeNull());
    await aWhile();
    expect(slot.querySelector('.vitrine-search__mount')).toBeNull();
    expect(slot.querySelector('.fallback')).not.toBeNull();
    expect(searches).toEqual([]);
  });

  it('the slot moved elsewhere between the two: shown whole there, said once', async () => {
    start('/search?q=product', undefined, () => document.getElementById('elsewhere')!.append(slot));
    await settled(() => expect(names()).toHaveLength(CONFIGURED_PAGE_SIZE));
    await aWhile();
    expect(slot.parentElement!.id).toBe('elsewhere');
    expect(searches.map((e) => e.detail)).toEqual([{ query: 'product', total: 30, page: 1, products: CONFIGURED_PAGE_SIZE }]);
    expect(new Set(states.filter((s) => !s.startsWith('1 fallback')))).toEqual(new Set([`0 fallback, 1 heading, ${CONFIGURED_PAGE_SIZE} results, 1 pager, 0 empty`]));
  });

  it('a new query from the search box between the two: only its answer is shown, once; never the first query’s heading', async () => {
    start('/search?q=product', undefined, () => mounted!.setQuery('dresses'));
    await settled(() => expect(searches).toHaveLength(1));
    await aWhile();
    expect(searches.map((e) => e.detail.query)).toEqual(['dresses']);
    expect(slot.querySelector('.vitrine-search__title')!.textContent).toBe('Results for dresses');
    expect(names()).toHaveLength(CONFIGURED_PAGE_SIZE);
    expect(names().length).toBe(searches[0].detail.products);
    expect(states.some((s) => s.startsWith('0 fallback, 1 heading, 0 results'))).toBe(false);
    expect(location.search).toBe('?q=dresses');
  });

  it('the app writes another address and calls follow (setContext) between the two: the new state only, once', async () => {
    start('/search?q=product', undefined, () => {
      history.pushState(null, '', '/search?q=candles&page=2');
      mounted!.follow();
    });
    await settled(() => expect(searches).toHaveLength(1));
    await aWhile();
    expect(searches.map((e) => [e.detail.query, e.detail.page])).toEqual([['candles', 2]]);
    expect(slot.querySelector('.vitrine-search__title')!.textContent).toBe('Results for candles');
  });

  it('the next request fails while the first answer is half built: the fallback stays, one error, no vitrine:search, no heading', async () => {
    const fake = createFakeHost();
    start('/search?q=product', fake.host, () => {
      fake.failWith('server');
      mounted!.setQuery('dresses');
    });
    await settled(() => expect(errors).toHaveLength(1));
    await aWhile();
    expect(errors[0].detail).toMatchObject({ kind: 'server' });
    expect(searches).toEqual([]);
    expect(slot.querySelector('.fallback')).not.toBeNull();
    expect(slot.querySelector('.vitrine-search__title')).toBeNull();
    // The shopper searches again once the service is back: shown whole.
    fake.failWith(null);
    mounted!.setQuery('candles');
    await settled(() => expect(searches).toHaveLength(1));
    expect(names()).toHaveLength(CONFIGURED_PAGE_SIZE);
    expect(slot.querySelector('.fallback')).toBeNull();
  });

  it('stopped (destroy) between the two: nothing drawn, no vitrine:search', async () => {
    start('/search?q=product', undefined, () => {
      mounted!.destroy();
      mounted = undefined;
    });
    await settled(() => expect(view!.isConnected).toBe(false));
    await aWhile();
    expect(slot.querySelector('.fallback')).not.toBeNull();
    expect(searches).toEqual([]);
  });

  it('zero results: from the fallback straight to the whole empty answer, said once with total 0', async () => {
    start('/search?q=zzzz');
    await settled(() => expect(searches).toHaveLength(1));
    await aWhile();
    expect(searches[0].detail).toMatchObject({ query: 'zzzz', total: 0, products: 0 });
    expect(slot.querySelector('.fallback')).toBeNull();
    expect(slot.querySelector('.vitrine-search__count')!.getAttribute('data-vitrine-total')).toBe('0');
    // Every state the slot went through after its fallback: the empty answer with its heading, at once.
    expect(new Set(states.filter((s) => !s.startsWith('1 fallback')).map((s) => s.replace(/, \d+ empty$/, '')))).toEqual(new Set(['0 fallback, 1 heading, 0 results, 0 pager']));
  });

  it('on a phone (the filters drawer): heading, toggle and results arrive together; the drawer is closed', async () => {
    const mql = { matches: true, addEventListener() {}, removeEventListener() {} };
    vi.spyOn(window, 'matchMedia').mockImplementation(() => mql as unknown as MediaQueryList);
    start('/search?q=product');
    await settled(() => expect(names()).toHaveLength(CONFIGURED_PAGE_SIZE));
    await aWhile();
    const first = states.find((s) => !s.startsWith('1 fallback'));
    expect(first).toBe(`0 fallback, 1 heading, ${CONFIGURED_PAGE_SIZE} results, 1 pager, 0 empty`);
    expect(slot.querySelector('.vitrine-search__filter-toggle')).not.toBeNull();
    expect((slot.querySelector('dialog') as HTMLDialogElement).open).toBe(false);
    expect(searches).toHaveLength(1);
  });

  it('the phone turned to landscape between the two (narrow → wide): shown wide, facets beside the results, no toggle', async () => {
    let onChange: (() => void) | undefined;
    const mql = { matches: true, addEventListener: (_: string, fn: () => void) => (onChange = fn), removeEventListener() {} };
    vi.spyOn(window, 'matchMedia').mockImplementation(() => mql as unknown as MediaQueryList);
    start('/search?q=product', undefined, () => {
      mql.matches = false;
      onChange!();
    });
    await settled(() => expect(names()).toHaveLength(CONFIGURED_PAGE_SIZE));
    expect(slot.querySelector('.vitrine-search__filter-toggle')).toBeNull();
    expect(slot.querySelector('dialog')).toBeNull();
    expect(slot.querySelector('.vitrine-search__body > .vitrine-search__facets')).not.toBeNull();
    expect(searches).toHaveLength(1);
  });

  it('two searches in a row after the first draw: one vitrine:search per answer shown, the slot never without its results', async () => {
    start('/search?q=product');
    await settled(() => expect(searches).toHaveLength(1));
    mounted!.setQuery('dresses');
    await settled(() => expect(searches).toHaveLength(2));
    await aWhile();
    expect(searches.map((e) => e.detail.query)).toEqual(['product', 'dresses']);
    expect(states.filter((s) => /1 heading, 0 results/.test(s))).toEqual([]);
  });

  it('a page whose setTimeout never runs its callbacks: the fallback stays, nothing half drawn, nothing thrown', async () => {
    const real = window.setTimeout;
    vi.spyOn(window, 'setTimeout').mockImplementation((() => 0) as unknown as typeof setTimeout);
    start('/search?q=product');
    await new Promise((next) => real(next, 100));
    vi.restoreAllMocks();
    expect(slot.querySelector('.fallback')).not.toBeNull();
    expect(slot.querySelector('.vitrine-search__title')).toBeNull();
    expect(searches).toEqual([]);
  });
});
