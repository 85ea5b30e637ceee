import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchPlugin } from '../../../../src/browser/search/searchPlugin';
import { mountSearch, type SearchMount } from '../../../../src/browser/search/mountSearch';
import type { Theme } from '../../../../src/types/interface';
import { createFakeHost, CONFIGURED_PAGE_SIZE, ITEMS } from './fakeHost';

let slot: HTMLElement;
let mounted: SearchMount | undefined;

function go(url: string) {
  history.replaceState(null, '', url);
}

const $ = <T extends Element = HTMLElement>(sel: string) => slot.querySelector<T>(sel);
const $$ = (sel: string) => Array.from(slot.querySelectorAll<HTMLElement>(sel));
const names = () => $$('.vitrine-search__name').map((el) => el.textContent);
const count = () => $('.vitrine-search__count')?.textContent;
const names8 = (from: number) => Array.from({ length: 8 }, (_, i) => 'Product ' + String(from + i).padStart(2, '0'));
const settled = (check: () => void) => vi.waitFor(check, { timeout: 2000, interval: 5 });

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<header><div data-vitrine-searchbox></div></header><main><div id="search" data-vitrine-search><p class="fallback">Searching…</p></div></main>';
  slot = document.getElementById('search')!;
});
afterEach(() => {
  mounted?.destroy();
  mounted = undefined;
});

describe('search results page', () => {
  it('shows the results for the query in the URL, asking for the configured page size', async () => {
    go('/search?q=product');
    const { host, calls } = createFakeHost();
    mounted = mountSearch(host, slot);
    // The merchant's fallback stays until the answer arrives.
    expect($('.fallback')).not.toBeNull();
    await settled(() => expect(names()).toHaveLength(CONFIGURED_PAGE_SIZE));
    expect($('.fallback')).toBeNull();
    expect($('.vitrine-search__title')!.textContent).toBe('Results for product');
    // The page has no other h1, so the results heading is the page's h1.
    expect($('.vitrine-search__title')!.localName).toBe('h1');
    expect(count()).toBe('1–8 of 30 products');
    expect(calls[0].path).toBe('/v1/widgetserver/getsearchresult');
    expect(calls[0].request).toMatchObject({ orgId: 'org-1', query: 'product', filter: '', sortEntities: '', start: '0', rows: '0' });
    expect($('[role="status"]')!.textContent).toBe('30 products found for product');
    expect(document.getElementById('vitrine-style-search')!.getAttribute('nonce') ?? (document.getElementById('vitrine-style-search') as HTMLStyleElement).nonce).toBe('n0nce');
  });

  it('replaces the fallback with the whole first answer: never a heading and pager without their results', async () => {
    go('/search?q=product');
    const { host } = createFakeHost();
    // What the slot holds after each change to it (its view is built a task ahead, out of the page).
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(`${$$('.fallback').length} fallback, ${$$('.vitrine-search__title').length} heading, ${names().length} results, ${$$('.vitrine-search__pagination').length} pager`));
    observer.observe(slot, { childList: true, subtree: true, characterData: true, attributes: true });
    mounted = mountSearch(host, slot);
    await settled(() => expect(names()).toHaveLength(CONFIGURED_PAGE_SIZE));
    await new Promise((next) => setTimeout(next, 20));
    observer.disconnect();
    expect(new Set(seen)).toEqual(new Set([`0 fallback, 1 heading, ${CONFIGURED_PAGE_SIZE} results, 1 pager`]));
  });

  it('filters by a category: the URL, the request, the counts and the page reset', async () => {
    document.body.insertAdjacentHTML('afterbegin', '<h1>Maison</h1>');
    go('/search?q=product&page=2');
    const { host, calls } = createFakeHost();
    mounted = mountSearch(host, slot);
    await settled(() => expect(count()).toBe('9–16 of 30 products'));
    expect($('.vitrine-search__title')!.localName).toBe('h2');
    const box = $$('[data-vitrine-facet="category_s"] input').find((i) => (i as HTMLInputElement).value === 'dresses') as HTMLInputElement;
    box.click();
    await settled(() => expect(count()).toBe('1–8 of 10 products'));
    expect(location.search).toBe('?q=product&filter=category_s%3Adresses');
    expect(calls.at(-1)!.request).toMatchObject({ filter: 'category_s:dresses', start: '0' });
    expect($('.vitrine-search__chip')!.textContent).toContain('Department: Dresses');
    // A second department is ORed within the field.
    ($$('[data-vitrine-facet="category_s"] input').find((i) => (i as HTMLInputElement).value === 'candles') as HTMLInputElement).click();
    await settled(() => expect(count()).toBe('1–8 of 20 products'));
    expect(calls.at(-1)!.request.filter).toBe('(category_s:dresses OR category_s:candles)');
  });

  it('filters by a price range with a radio facet, and "Any" clears it', async () => {
    go('/search?q=');
    const { host, calls } = createFakeHost();
    mounted = mountSearch(host, slot);
    await settled(() => expect(count()).toBe('1–8 of 30 products'));
    expect($('.vitrine-search__title')!.textContent).toBe('All products');
    const radios = $$('[data-vitrine-facet="price_d"] input') as HTMLInputElement[];
    expect(radios.map((r) => r.type)).toEqual(['radio', 'radio', 'radio', 'radio']);
    radios[1].click(); // Under €50
    await settled(() => expect(calls.at(-1)!.request.filter).toBe('price_d:[0 TO 49.99]'));
    const under50 = ITEMS.filter((i) => (i.sale ?? i.price) <= 49.99).length;
    await settled(() => expect(count()).toBe(`${under50} products`));
    (($$('[data-vitrine-facet="price_d"] input') as HTMLInputElement[])[0]).click();
    await settled(() => expect(count()).toBe('1–8 of 30 products'));
    expect(calls.at(-1)!.request.filter).toBe('');
  });

  it('sorts from the SearchEntities options', async () => {
    go('/search?q=product');
    const { host, calls } = createFakeHost();
    mounted = mountSearch(host, slot);
    await settled(() => expect(names()).toHaveLength(8));
    const select = $<HTMLSelectElement>('.vitrine-search__select')!;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['Relevance', 'Price: low to high', 'Price: high to low']);
    select.value = 'price_d desc';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await settled(() => expect(names()[0]).toBe('Product 30'));
    expect(calls.at(-1)!.request.sortEntities).toBe('price_d desc');
    expect(new URLSearchParams(location.search).get('sort')).toBe('price_d desc');
  });

  it('pages with links that carry the state, moves focus to the heading, and back restores', async () => {
    go('/search?q=product');
    const { host, calls } = createFakeHost();
    mounted = mountSearch(host, slot);
    await settled(() => expect(names()).toHaveLength(8));
    const next = $<HTMLAnchorElement>('a[rel="next"]')!;
    expect(next.getAttribute('href')).toBe('/search?q=product&page=2');
    next.click();
    await settled(() => expect(count()).toBe('9–16 of 30 products'));
    expect(location.search).toBe('?q=product&page=2');
    expect(calls.at(-1)!.request).toMatchObject({ start: '8', rows: '8' });
    expect(document.activeElement).toBe($('.vitrine-search__title'));
    expect($('[aria-current="page"]')!.textContent).toBe('Page 2');
    expect($('[role="status"]')!.textContent).toBe('30 products found for product, page 2');
    // Back: the browser restores the URL and fires popstate.
    go('/search?q=product');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settled(() => expect(count()).toBe('1–8 of 30 products'));
    expect(names()[0]).toBe('Product 01');
  });

  it('reports which result was opened, with its position and the query', async () => {
    go('/search?q=product&page=2');
    const { host } = createFakeHost();
    mounted = mountSearch(host, slot);
    await settled(() => expect(names()).toHaveLength(8));
    const clicks: CustomEvent[] = [];
    slot.addEventListener('vitrine:click', (e) => {
      clicks.push(e as CustomEvent);
      e.preventDefault();
    });
    document.addEventListener('click', (e) => e.preventDefault(), { once: true });
    $$('.vitrine-search__card')[2].click();
    expect(clicks).toHaveLength(1);
    expect(clicks[0].detail).toEqual({
      product: { name: 'Product 11', sku: 'SKU-11', price: 60, url: '/products/p11' },
      position: 11,
      query: 'product',
    });
  });

  it('leaves out facets and sort options the request format cannot carry', async () => {
    go('/search?q=product');
    const { host } = createFakeHost({
      tweak: (a) => {
        a.facetcount.push({ ...a.facetcount[0], repoFieldName: 'bad field)', displayName: 'Broken' });
        a.SearchEntities.push({ key: 'Weird', value: 'price_d sideways' });
      },
    });
    mounted = mountSearch(host, slot);
    await settled(() => expect(names()).toHaveLength(8));
    expect($$('.vitrine-search__facet-title').map((el) => el.textContent)).toEqual(['Department', 'Price']);
    expect(Array.from($<HTMLSelectElement>('.vitrine-search__select')!.options).map((o) => o.textContent)).not.toContain('Weird');
  });

  it('a link past the last page shows the last page', async () => {
    go('/search?q=product&page=9');
    const { host } = createFakeHost();
    mounted = mountSearch(host, slot);
    await settled(() => expect(count()).toBe('25–30 of 30 products'));
    expect(location.search).toBe('?q=product&page=4');
  });

  it('says so when nothing matches, and offers to clear the filters', async () => {
    go('/search?q=zebra&filter=category_s%3Adresses');
    const { host } = createFakeHost();
    mounted = mountSearch(host, slot);
    await settled(() => expect(count()).toBe('No products found'));
    expect($('.vitrine-search__empty')!.textContent).toContain('Nothing matches zebra with these filters.');
    $<HTMLButtonElement>('.vitrine-search__empty .vitrine-search__clear')!.click();
    await settled(() => expect(location.search).toBe('?q=zebra'));
  });

  it('keeps the fallback and reports when the service refuses (403 quota)', async () => {
    go('/search?q=product');
    const { host, failWith } = createFakeHost();
    failWith('quota');
    const errors: CustomEvent[] = [];
    slot.addEventListener('vitrine:error', (e) => errors.push(e as CustomEvent));
    mounted = mountSearch(host, slot);
    await settled(() => expect(errors).toHaveLength(1));
    expect(errors[0].detail).toMatchObject({ kind: 'quota', status: 403 });
    expect($('.fallback')).not.toBeNull();
  });

  it('keeps the last results with a message when a later change fails', async () => {
    go('/search?q=product');
    const { host, failWith } = createFakeHost();
    mounted = mountSearch(host, slot);
    await settled(() => expect(names()).toHaveLength(8));
    failWith('server');
    $<HTMLAnchorElement>('a[rel="next"]')!.click();
    await settled(() => expect($('[role="alert"]')!.textContent).toMatch(/could not be updated/));
    expect(names()).toHaveLength(8);
  });

  it('shows product data as text and drops unsafe URLs', async () => {
    go('/search?q=');
    const { host } = createFakeHost({
      items: [{ name: '<img src=x onerror="alert(1)">Mug', sku: 'X1', price: 12, sale: null, category: 'candles', url: 'javascript:alert(1)' }],
    });
    mounted = mountSearch(host, slot);
    await settled(() => expect(names()).toHaveLength(1));
    expect(names()[0]).toBe('<img src=x onerror="alert(1)">Mug');
    expect(slot.querySelector('[onerror]')).toBeNull();
    expect(slot.querySelector('a[href^="javascript"]')).toBeNull();
    expect($('.vitrine-search__price')!.textContent).toBe('€12.00');
  });

  it('renders cards through a card theme, escaping product text, and scopes its CSS', async () => {
    go('/search?q=');
    const cardTheme: Theme = {
      id: 't1', orgId: 'org-1', orgName: 'Shop', name: 'Card', type: 'Custom', displayType: 'carousel', payload: null,
      description: null, themeId: 'shop-card', divisionId: null, jsTemplate: null,
      htmlTemplate: '<a class="tc" href="{{product_currentPageUrl}}"><b>{{product_name}}</b> {{product_price}}</a>',
      cssTemplate: '.vitrine-theme--shop-card .tc{color:red}',
    };
    const wholeWidget: Theme = { ...cardTheme, id: 't0', themeId: 'grid', displayType: 'matrix', htmlTemplate: '{{#products}}<i>{{product_name}}</i>{{/products}}' };
    const { host } = createFakeHost({
      themes: [wholeWidget, cardTheme],
      items: [{ name: 'Tea <b>cup</b>', sku: 'T1', price: 9.5, sale: null, category: 'candles', url: '/products/tea' }],
    });
    mounted = mountSearch(host, slot);
    await settled(() => expect($('.tc')).not.toBeNull());
    expect($('.tc b')!.textContent).toBe('Tea <b>cup</b>');
    expect($('.tc')!.getAttribute('href')).toBe('/products/tea');
    expect($('.vitrine-search__list')!.classList.contains('vitrine-theme--shop-card')).toBe(true);
    expect(document.getElementById('vitrine-style-shop-card')!.textContent).toContain('.tc{color:red}');
  });

  it('a card theme\'s cards are made before the paint and shown as made: each result\'s markup is sanitised once, a next page\'s too', async () => {
    go('/search?q=product');
    const cardTheme: Theme = {
      id: 't1', orgId: 'org-1', orgName: 'Shop', name: 'Card', type: 'Custom', displayType: 'carousel', payload: null,
      description: null, themeId: 'shop-card', divisionId: null, jsTemplate: null, cssTemplate: null,
      htmlTemplate: '<a class="tc" href="{{product_currentPageUrl}}" data-place="{{product_index}}">{{product_name}}</a>',
    };
    const { host } = createFakeHost({ themes: [cardTheme] });
    const sanitised: string[] = [];
    const sanitize = host.sanitize;
    host.sanitize = (html, doc) => (sanitised.push(html), sanitize(html, doc));
    mounted = mountSearch(host, slot);
    await settled(() => expect($$('.tc')).toHaveLength(8));
    expect($$('.tc').map((a) => a.textContent)).toEqual(names8(1));
    expect(sanitised).toHaveLength(8);
    $<HTMLAnchorElement>('a[rel="next"]')!.click();
    await settled(() => expect(count()).toBe('9–16 of 30 products'));
    await settled(() => expect($$('.tc').map((a) => a.textContent)).toEqual(names8(9)));
    // The loading repaint kept page 1's nodes; page 2's were made once, ahead.
    expect(sanitised).toHaveLength(16);
    expect(new Set(sanitised).size).toBe(16);
  });

  it('a card theme whose template does not parse shows the built-in card for every result', async () => {
    go('/search?q=product');
    const broken: Theme = {
      id: 't1', orgId: 'org-1', orgName: 'Shop', name: 'Card', type: 'Custom', displayType: 'carousel', payload: null,
      description: null, themeId: 'shop-card', divisionId: null, jsTemplate: null, cssTemplate: null,
      htmlTemplate: '<b>{{#products}}{{product_name}}</b>',
    };
    const { host } = createFakeHost({ themes: [broken] });
    mounted = mountSearch(host, slot);
    await settled(() => expect(names()).toHaveLength(8));
    expect($('.vitrine-search__themed')).toBeNull();
  });

  it('puts the included widgets below the results, anchored on the top result', async () => {
    go('/search?q=product');
    const { host, rendered } = createFakeHost();
    slot.dataset.vitrineIncludeWidgets = 'siteRecentView, siteCategoryBasedRecommendation siteUpSell bogus';
    mounted = mountSearch(host, slot);
    await settled(() => expect(rendered).toHaveLength(3));
    expect(rendered.map((el) => el.dataset.vitrine)).toEqual(['recentviews', 'categoryreco', 'contentbasedreco']);
    expect(rendered.map((el) => el.id)).toEqual(['search-recentviews', 'search-categoryreco', 'search-contentbasedreco']);
    expect(rendered[1].dataset).toMatchObject({ vitrineSku: 'SKU-1', vitrinePname: 'Product 01' });
    expect(rendered.every((el) => el.parentElement!.classList.contains('vitrine-search__widgets'))).toBe(true);
    // A new top result re-renders the anchored widgets only.
    $<HTMLSelectElement>('.vitrine-search__select')!.value = 'price_d desc';
    $<HTMLSelectElement>('.vitrine-search__select')!.dispatchEvent(new Event('change', { bubbles: true }));
    await settled(() => expect(rendered).toHaveLength(5));
    expect(rendered[3].dataset.vitrineSku).toBe('SKU-30');
  });

  it('includes the default widgets when the slot lists none, and none for "none"', async () => {
    go('/search?q=product');
    const first = createFakeHost();
    mounted = mountSearch(first.host, slot);
    await settled(() => expect(first.rendered.map((el) => el.dataset.vitrine)).toEqual(['recentviews', 'categoryreco']));
    mounted.destroy();
    document.body.innerHTML = '<div id="s2" data-vitrine-search data-vitrine-include-widgets="none"></div>';
    slot = document.getElementById('s2')!;
    const second = createFakeHost();
    mounted = mountSearch(second.host, slot);
    await settled(() => expect(names()).toHaveLength(8));
    expect(second.rendered).toHaveLength(0);
  });

  it('falls back to 12 per page when the service refuses rows "0"', async () => {
    go('/search?q=product&page=2');
    const { host, calls } = createFakeHost({ refuseZeroRows: true });
    mounted = mountSearch(host, slot);
    await settled(() => expect(count()).toBe('13–24 of 30 products'));
    expect(calls.map((c) => [c.request.start, c.request.rows])).toEqual([
      ['0', '0'],
      ['0', '12'],
      ['12', '12'],
    ]);
  });

  it('uses data-vitrine-page-size when the merchant sets one', async () => {
    go('/search?q=product&page=2');
    slot.dataset.vitrinePageSize = '5';
    const { host, calls } = createFakeHost();
    mounted = mountSearch(host, slot);
    await settled(() => expect(count()).toBe('6–10 of 30 products'));
    expect(calls).toHaveLength(1);
    expect(calls[0].request).toMatchObject({ start: '5', rows: '5' });
  });
});

describe('search box', () => {
  it('renders a labelled search form that submits to the search page', async () => {
    go('/');
    const { host } = createFakeHost({ settings: { searchPage: '/find', searchParam: 'term' } });
    searchPlugin(host);
    // Drawn in a task after the one that runs the plugin (the results' request goes first).
    expect(document.querySelector('[data-vitrine-searchbox] form')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve));
    const form = document.querySelector<HTMLFormElement>('[data-vitrine-searchbox] form')!;
    expect(form.getAttribute('role')).toBe('search');
    expect(form.getAttribute('action')).toBe('/find');
    expect(form.method).toBe('get');
    const input = form.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(input.name).toBe('term');
    const label = form.querySelector('label')!;
    expect(label.htmlFor).toBe(input.id);
    expect(label.textContent).toBe('Search products');
  });

  it('speaks the page\'s words when the host has them; a data attribute still wins', async () => {
    go('/');
    document.body.insertAdjacentHTML('beforeend', '<div data-vitrine-searchbox data-vitrine-button="Go"></div>');
    const { host } = createFakeHost();
    host.strings = async () => ({ searchBoxLabel: 'Rechercher des produits', searchBoxButton: 'Rechercher' });
    searchPlugin(host);
    await settled(() => expect(document.querySelectorAll('[data-vitrine-searchbox] form')).toHaveLength(2));
    const boxes = Array.from(document.querySelectorAll('[data-vitrine-searchbox] form'));
    await settled(() => expect(boxes[0].querySelector('label')!.textContent).toBe('Rechercher des produits'));
    expect(boxes.map((f) => f.querySelector('button')!.textContent)).toEqual(['Rechercher', 'Go']);
    expect(boxes[0].querySelector('input')!.placeholder).toBe('Rechercher des produits');
  });

  it('on the search page, updates the results in place and keeps the box in step', async () => {
    go('/search?q=product');
    const { host, calls } = createFakeHost();
    searchPlugin(host);
    await settled(() => expect(names()).toHaveLength(8));
    const input = document.querySelector<HTMLInputElement>('[data-vitrine-searchbox] input')!;
    expect(input.value).toBe('product');
    input.value = '2';
    input.form!.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
    await settled(() => expect(calls.at(-1)!.request.query).toBe('2'));
    expect(location.search).toBe('?q=2');
    await settled(() => expect($('.vitrine-search__title')!.textContent).toBe('Results for 2'));
    go('/search?q=product');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settled(() => expect(input.value).toBe('product'));
    // A second run of the plugin (or a second copy of the chunk) mounts nothing twice:
    // no second search is made.
    const callsBefore = calls.length;
    searchPlugin(host);
    const secondCopy = (await import('../../../../src/browser/search/searchPlugin?copy' as string)) as { searchPlugin: typeof searchPlugin };
    expect(secondCopy.searchPlugin).not.toBe(searchPlugin);
    secondCopy.searchPlugin(host);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(callsBefore);
    expect(document.querySelectorAll('.vitrine-searchbox')).toHaveLength(1);
    expect(document.querySelectorAll('.vitrine-search')).toHaveLength(1);
  });
});

describe('single-page apps', () => {
  /** A body of its own: the plugins of earlier tests still watch the one before. */
  const freshBody = (html: string) => {
    const body = document.createElement('body');
    body.innerHTML = html;
    document.documentElement.replaceChild(body, document.body);
  };

  it('a box drawn before the results searches in place once they appear, and not after they left', async () => {
    freshBody('<header><div data-vitrine-searchbox></div></header><main id="app"></main>');
    go('/');
    const { host, calls } = createFakeHost();
    searchPlugin(host);
    await settled(() => expect(document.querySelector('.vitrine-searchbox')).not.toBeNull());
    const input = document.querySelector<HTMLInputElement>('.vitrine-searchbox input')!;
    // The app goes to its search route.
    go('/search?q=product');
    document.getElementById('app')!.innerHTML = '<div id="later" data-vitrine-search></div>';
    slot = document.getElementById('later')!;
    await settled(() => expect(names()).toHaveLength(8));
    input.value = '2';
    const submit = new Event('submit', { cancelable: true, bubbles: true });
    input.form!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await settled(() => expect(calls.at(-1)!.request.query).toBe('2'));
    expect(location.search).toBe('?q=2');
    // Back: the box follows the address.
    go('/search?q=product');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await settled(() => expect(input.value).toBe('product'));
    // The app leaves the route: the box submits to the search page as a form does.
    slot.remove();
    go('/cart');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const left = new Event('submit', { cancelable: true, bubbles: true });
    input.form!.dispatchEvent(left);
    expect(left.defaultPrevented).toBe(false);
    input.value = 'kept';
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(input.value).toBe('kept');
  });

  it('a results slot taken out and put back (a kept-alive route) shows results again', async () => {
    freshBody('<main id="app"><div id="kept" data-vitrine-search></div></main>');
    go('/search?q=product');
    const { host, calls } = createFakeHost();
    searchPlugin(host);
    slot = document.getElementById('kept')!;
    await settled(() => expect(names()).toHaveLength(8));
    const app = document.getElementById('app')!;
    slot.remove();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = calls.length;
    app.append(slot);
    await settled(() => expect(calls.length).toBe(before + 1));
    await settled(() => expect(names()).toHaveLength(8));
    expect(slot.querySelectorAll('.vitrine-search')).toHaveLength(1);
  });

  it('a box removed before its turn to be drawn is drawn when it comes back', async () => {
    freshBody('<header id="top"><div id="box" data-vitrine-searchbox></div></header>');
    go('/');
    const { host } = createFakeHost();
    searchPlugin(host);
    const box = document.getElementById('box')!;
    box.remove();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(box.querySelector('form')).toBeNull();
    document.getElementById('top')!.append(box);
    await settled(() => expect(box.querySelector('form.vitrine-searchbox')).not.toBeNull());
    expect(document.querySelectorAll('.vitrine-searchbox')).toHaveLength(1);
  });

  it('follows a query the app wrote to the address when setContext tells it, asking once a state, the box in step', async () => {
    freshBody('<header><div data-vitrine-searchbox></div></header><main><div id="followed" data-vitrine-search></div></main>');
    go('/search?q=product');
    const { host, calls } = createFakeHost();
    searchPlugin(host);
    slot = document.getElementById('followed')!;
    await settled(() => expect(names()).toHaveLength(8));
    await settled(() => expect(document.querySelector('.vitrine-searchbox')).not.toBeNull());
    const input = document.querySelector<HTMLInputElement>('.vitrine-searchbox input')!;
    const before = calls.length;
    // The same address said again (StrictMode's second effect, a setContext with no new query): nothing asked.
    host.search!.follow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(before);
    go('/search?q=2');
    host.search!.follow();
    host.search!.follow();
    await settled(() => expect($('.vitrine-search__title')!.textContent).toBe('Results for 2'));
    expect(calls.slice(before).map((c) => c.request.query)).toEqual(['2']);
    expect(input.value).toBe('2');
  });

  it('mounts a results slot added later, and stops listening when it is removed', async () => {
    document.body.innerHTML = '<main id="app"></main>';
    go('/search?q=product');
    const { host, calls } = createFakeHost();
    searchPlugin(host);
    expect(calls).toHaveLength(0);
    document.getElementById('app')!.innerHTML = '<div id="later" data-vitrine-search></div>';
    slot = document.getElementById('later')!;
    await settled(() => expect(names()).toHaveLength(8));
    slot.remove();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = calls.length;
    window.dispatchEvent(new PopStateEvent('popstate'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(before);
  });
});
