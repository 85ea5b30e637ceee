// Attacks on search in a single-page app once the search chunk is on the page: elements
// that gain a slot's or a box's attribute, boxes in components' shadow roots, and a
// results slot that follows the queries the app writes to the address itself and
// announces with `Vitrine.setContext`. Tried as a real shop's theme or a hostile page
// would, against the built embed (dist/) in Chromium, on fixtures/spa-search.html. Each
// case holds (`it`) or is a known defect (`it.fails`, with what breaks). "Nothing more
// was asked" is checked once a carousel added after the change has rendered: a round
// trip of its own, by which time the chunk has seen the change and sent what it would.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { expectRendered, newRecordedPage, records, settled } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

// csp.html (three widgets and a box, its one script by nonce) under a strict nonce policy
// with Trusted Types enforced.
const suite = useFixtureSuite('spa-search-follow', (api) => ({
  csp: [
    "require-trusted-types-for 'script'",
    'trusted-types vitrine',
    "default-src 'none'",
    "script-src 'nonce-%NONCE%'",
    "style-src 'nonce-%NONCE%'",
    `img-src ${api}`,
    `connect-src ${api}`,
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'self'",
  ].join('; '),
}));
let context: BrowserContext | undefined;
/** Boxes put in the header by `lightBox`, counted from each `open`. */
let lightBoxes = 0;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

interface Opened {
  page: Page;
  errors: string[];
  /** The search chunk's requests. */
  chunks: string[];
  /**
   * The query of each request for results, in the order they were sent; not the one-row
   * counts of shorter queries the page asks for when a query of several words finds nothing.
   */
  queries: string[];
}

/** The query a request for results carries, or undefined for any other request. */
function queryOf(request: Request): string | undefined {
  const url = new URL(request.url());
  if (!url.pathname.endsWith('/getsearchresult')) return undefined;
  const asked = JSON.parse(url.searchParams.get('request') || '{}') as { query?: string; rows?: string };
  return asked.rows === '1' ? undefined : (asked.query ?? '');
}

/**
 * The fixture (or csp.html, `strict`), its first widgets rendered. Every `vitrine:search`
 * the page hears is kept in `window.shown` (its query).
 */
async function open(options: { strict?: boolean } = {}): Promise<Opened> {
  lightBoxes = 0;
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { page, errors } = await newRecordedPage(context);
  await page.addInitScript(() => {
    const shown: string[] = ((window as unknown as { shown: string[] }).shown = []);
    document.addEventListener('vitrine:search', (e) => shown.push((e as CustomEvent<{ query: string }>).detail.query));
  });
  const chunks: string[] = [];
  const queries: string[] = [];
  page.on('request', (r) => {
    if (/\/vitrine-search\.js$/.test(new URL(r.url()).pathname)) chunks.push(r.url());
    const query = queryOf(r);
    if (query !== undefined) queries.push(query);
  });
  await page.goto(suite.fixtures.page(options.strict ? 'csp' : 'spa-search'));
  const first = options.strict ? ['csp-carousel', 'csp-matrix', 'csp-bundle'] : ['home-picks'];
  expectRendered(await settled(page, first), first);
  return { page, errors, chunks, queries };
}

/** Runs `change` in the page with a carousel added beside it, and waits for that carousel. */
let markers = 0;
async function changeAndSettle(page: Page, change: string): Promise<void> {
  const id = 'marker-picks-' + ++markers;
  await page.evaluate(([id, code]) => {
    document.getElementById('header')!.insertAdjacentHTML('afterend', '<div id="' + id + '" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="2"></div>');
    new Function(code)();
  }, [id, change]);
  expectRendered(await settled(page, [id]), [id]);
}

/** A box in the header, drawn: the chunk is on the page and has scanned. */
async function lightBox(page: Page): Promise<void> {
  const id = 'light-box-' + ++lightBoxes;
  await page.evaluate((id) => document.getElementById('header')!.insertAdjacentHTML('beforeend', '<div id="' + id + '" data-vitrine-searchbox></div>'), id);
  await page.locator('#' + id + ' form[role="search"] input').waitFor({ timeout: 15_000 });
}

/** Waits until the page has shown the results for `query` (a `vitrine:search` for it), `times` times in all. */
async function shown(page: Page, query: string, times = 1): Promise<void> {
  await page.waitForFunction(
    ([q, n]) => (window as unknown as { shown: string[] }).shown.filter((s) => s === q).length >= (n as number),
    [query, times] as const,
    { timeout: 15_000 },
  );
}

/** The app's search route for `query`, drawn by the fixture's router, its results on screen. */
async function searchRoute(page: Page, query: string): Promise<void> {
  await page.evaluate((q) => (window as unknown as { showRoute: (route: string, query: string) => void }).showRoute('search', q), query);
  await shown(page, query);
}

/** The app's own search field: the address written, then setContext for the same page. */
function say(page: Page, query: string, rest = ''): Promise<void> {
  return page.evaluate(([q, r]) => {
    history.pushState({}, '', location.pathname + '?q=' + encodeURIComponent(q) + r);
    (window as unknown as { Vitrine: { setContext: (next: object) => void } }).Vitrine.setContext({ pageType: 'search_page' });
  }, [query, rest]);
}

const shownSoFar = (page: Page) => page.evaluate(() => (window as unknown as { shown: string[] }).shown);

describe('attacks on search following a single-page app once the chunk is on the page', () => {
  it('a box two shadow roots deep (a shell component around a search component) is drawn and styled in the inner root; a box the inner component adds later is drawn too', async () => {
    const { page, errors } = await open();
    await lightBox(page);
    await page.evaluate(() => {
      const shell = document.createElement('site-shell');
      const inner = document.createElement('site-search');
      const root = ((window as unknown as { inner: ShadowRoot }).inner = inner.attachShadow({ mode: 'open' }));
      root.innerHTML = '<div id="deep-box" data-vitrine-searchbox></div>';
      shell.attachShadow({ mode: 'open' }).append(inner);
      document.getElementById('header')!.append(shell);
    });
    const inner = (page: Page, selector: string) => page.waitForFunction((s) => !!(window as unknown as { inner: ShadowRoot }).inner.querySelector(s), selector, { timeout: 15_000 });
    await inner(page, '#deep-box form[role="search"] input');
    // The component renders a second box into its own root later: a node, then its attribute.
    await page.evaluate(() => (window as unknown as { inner: ShadowRoot }).inner.append(Object.assign(document.createElement('div'), { id: 'deep-box-2' })));
    await page.evaluate(() => (window as unknown as { inner: ShadowRoot }).inner.getElementById('deep-box-2')!.setAttribute('data-vitrine-searchbox', ''));
    await inner(page, '#deep-box-2 form[role="search"] input');
    const looks = await page.evaluate(() => {
      const root = (window as unknown as { inner: ShadowRoot }).inner;
      return {
        display: [...root.querySelectorAll('form')].map((f) => getComputedStyle(f).display),
        styles: root.querySelectorAll('style#vitrine-style-search').length,
        outer: document.querySelector('site-shell')!.shadowRoot!.querySelectorAll('style').length,
      };
    });
    expect(looks).toEqual({ display: ['flex', 'flex'], styles: 1, outer: 0 });
    expect(errors).toEqual([]);
  });

  // An upgrade attaches the root, but no node is added anywhere the chunk watches: the
  // chunk waits for the definition of each custom element it saw undefined.
  it('a header component defined after the chunk arrived (a lazily loaded custom element) has the box in its open shadow root drawn', async () => {
    const { page, errors } = await open();
    await lightBox(page);
    await page.evaluate(() => document.getElementById('header')!.append(document.createElement('lazy-header')));
    await page.evaluate(() => new Promise((done) => setTimeout(done)));
    await page.evaluate(() => {
      customElements.define('lazy-header', class extends HTMLElement {
        constructor() {
          super();
          this.attachShadow({ mode: 'open' }).innerHTML = '<div id="shadow-box" data-vitrine-searchbox></div>';
        }
      });
    });
    // A light box added afterwards: once it is drawn, the chunk has scanned.
    await lightBox(page);
    expect(await page.evaluate(() => !!document.querySelector('lazy-header')!.shadowRoot!.querySelector('#shadow-box form[role="search"]'))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a drawn box moved into a component\'s open shadow root keeps its one form and looks the same there, and again once moved back', async () => {
    const { page, errors } = await open();
    await lightBox(page);
    await changeAndSettle(page, `
      const host = document.createElement('site-header');
      host.attachShadow({ mode: 'open' }).innerHTML = '<nav>Menu</nav>';
      document.getElementById('header').append(host);`);
    // The header's upgrade adopts the box the theme drew before it (light-box-1), and adds
    // a second box to the page in the same task: once that is drawn the chunk has scanned.
    await page.evaluate(() => document.querySelector('site-header')!.shadowRoot!.append(document.getElementById('light-box-1')!));
    await lightBox(page);
    const inRoot = await page.evaluate(() => {
      const root = document.querySelector('site-header')!.shadowRoot!;
      return { forms: root.querySelectorAll('#light-box-1 form').length, display: getComputedStyle(root.querySelector('#light-box-1 form')!).display };
    });
    expect(inRoot).toEqual({ forms: 1, display: 'flex' });
    await page.evaluate(() => document.getElementById('header')!.append(document.querySelector('site-header')!.shadowRoot!.getElementById('light-box-1')!));
    await lightBox(page);
    expect(await page.evaluate(() => [document.querySelectorAll('#light-box-1 form').length, getComputedStyle(document.querySelector('#light-box-1 form')!).display])).toEqual([1, 'flex']);
    expect(errors).toEqual([]);
  });

  it('a box in a closed shadow root is left alone: nothing drawn in it, nothing thrown, the light box beside it drawn', async () => {
    const { page, errors } = await open();
    await lightBox(page);
    await page.evaluate(() => {
      const host = document.createElement('closed-header');
      const root = host.attachShadow({ mode: 'closed' });
      root.innerHTML = '<div id="closed-box" data-vitrine-searchbox></div>';
      (window as unknown as { closedRoot: ShadowRoot }).closedRoot = root;
      document.getElementById('header')!.append(host);
    });
    await lightBox(page);
    expect(await page.evaluate(() => (window as unknown as { closedRoot: ShadowRoot }).closedRoot.getElementById('closed-box')!.childElementCount)).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a component that replaces its whole shadow root\'s content (its own stylesheet of ours with it) has the new box drawn once and styled again', async () => {
    const { page, errors } = await open();
    await lightBox(page);
    await page.evaluate(() => {
      const host = document.createElement('site-header');
      host.attachShadow({ mode: 'open' }).innerHTML = '<div id="shadow-box" data-vitrine-searchbox></div>';
      document.getElementById('header')!.append(host);
    });
    await page.waitForFunction(() => !!document.querySelector('site-header')!.shadowRoot!.querySelector('#shadow-box form[role="search"]'), undefined, { timeout: 15_000 });
    // The component's next render: innerHTML of its root, our <style> gone with the rest.
    await page.evaluate(() => (document.querySelector('site-header')!.shadowRoot!.innerHTML = '<nav>Menu</nav><div id="shadow-box" data-vitrine-searchbox data-vitrine-label="Find"></div>'));
    await page.waitForFunction(() => !!document.querySelector('site-header')!.shadowRoot!.querySelector('#shadow-box form[role="search"]'), undefined, { timeout: 15_000 });
    const looks = await page.evaluate(() => {
      const root = document.querySelector('site-header')!.shadowRoot!;
      return { forms: root.querySelectorAll('form').length, styles: root.querySelectorAll('style').length, display: getComputedStyle(root.querySelector('form')!).display, label: root.querySelector('label')!.textContent };
    });
    expect(looks).toEqual({ forms: 1, styles: 1, display: 'flex', label: 'Find' });
    expect(errors).toEqual([]);
  });

  it('under a strict nonce policy with Trusted Types enforced, a results slot and a box in a route\'s open shadow root are drawn and styled there, with no violation', async () => {
    const { page, errors, chunks } = await open({ strict: true });
    await page.locator('[data-vitrine-searchbox] form[role="search"]').first().waitFor({ timeout: 15_000 });
    // The route, built node by node: a string to innerHTML is refused under Trusted Types.
    await page.evaluate(() => {
      history.pushState({}, '', location.pathname + '?q=linen');
      const route = document.createElement('search-route');
      const root = route.attachShadow({ mode: 'open' });
      const box = Object.assign(document.createElement('div'), { id: 'route-box' });
      box.setAttribute('data-vitrine-searchbox', '');
      const slot = Object.assign(document.createElement('div'), { id: 'search' });
      slot.setAttribute('data-vitrine-search', '');
      slot.setAttribute('data-vitrine-include-widgets', 'none');
      root.append(Object.assign(document.createElement('h1'), { textContent: 'Search' }), box, slot);
      document.querySelector('main')!.replaceChildren(route);
    });
    await page.waitForFunction(() => {
      const root = document.querySelector('search-route')!.shadowRoot!;
      return !!root.querySelector('#route-box form[role="search"]') && root.querySelectorAll('#search .vitrine-search__item').length > 0;
    }, undefined, { timeout: 15_000 });
    const looks = await page.evaluate(() => {
      const root = document.querySelector('search-route')!.shadowRoot!;
      const style = root.getElementById('vitrine-style-search') as HTMLStyleElement | null;
      return {
        styles: root.querySelectorAll('style#vitrine-style-search').length,
        nonce: !!style?.nonce,
        header: getComputedStyle(root.querySelector('#search .vitrine-search__header')!).display,
        box: getComputedStyle(root.querySelector('#route-box form')!).display,
        items: root.querySelectorAll('#search .vitrine-search__item').length > 0,
      };
    });
    expect(looks).toEqual({ styles: 1, nonce: true, header: 'flex', box: 'flex', items: true });
    await page.waitForLoadState('load');
    expect((await records(page)).violations).toEqual([]);
    expect(chunks).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('a page listening on the document hears the search answered in a results slot inside an open shadow root', async () => {
    const { page, errors } = await open();
    await lightBox(page);
    await page.evaluate(() => {
      history.pushState({}, '', location.pathname + '?q=linen');
      const route = document.createElement('search-route');
      document.getElementById('app')!.replaceChildren(route);
      route.attachShadow({ mode: 'open' }).innerHTML = '<div id="search" data-vitrine-search data-vitrine-include-widgets="none"></div>';
    });
    // The answer on screen, in the root: its event was sent in the same task.
    await page.waitForFunction(() => document.querySelector('search-route')!.shadowRoot!.querySelectorAll('#search .vitrine-search__item').length > 0, undefined, { timeout: 15_000 });
    expect(await shownSoFar(page)).toEqual(['linen']);
    expect(errors).toEqual([]);
  });

  it('twenty queries the app writes in a row, each with setContext (search as you type), are each asked once, and the last one is what the page shows', async () => {
    const { page, errors, queries } = await open();
    await searchRoute(page, 'shirt');
    const words = ['li', 'lin', 'line', 'linen', 'linen s', 'linen sh', 'linen shi', 'linen shir', 'linen shirt', 'linen shir', 'wool', 'woo', 'wool k', 'wool kn', 'wool kni', 'wool knit', 'knit', 'kni', 'knitw', 'knitwear'];
    await page.evaluate(async (list) => {
      for (const q of list) {
        history.pushState({}, '', location.pathname + '?q=' + encodeURIComponent(q));
        (window as unknown as { Vitrine: { setContext: (next: object) => void } }).Vitrine.setContext({ pageType: 'search_page' });
        // A keystroke a task.
        await new Promise((done) => setTimeout(done));
      }
    }, words);
    await shown(page, 'knitwear');
    await changeAndSettle(page, '');
    // Each distinct query once: "linen shir", typed twice, twice.
    expect(queries.filter((q) => q === 'linen shir')).toHaveLength(2);
    for (const word of words.filter((w) => w !== 'linen shir')) expect(queries.filter((q) => q === word), word).toHaveLength(1);
    expect(queries).toHaveLength(words.length + 1);
    expect((await shownSoFar(page)).at(-1)).toBe('knitwear');
    expect(await page.locator('#search .vitrine-search__title').textContent()).toContain('knitwear');
    expect(errors).toEqual([]);
  });

  it('the address written again with the same query (a hash, a campaign tag, setContext said twice) asks for nothing new', async () => {
    const { page, errors, queries } = await open();
    await searchRoute(page, 'linen');
    await say(page, 'linen');
    await say(page, 'linen', '&utm_source=mail');
    await say(page, 'linen', '#reviews');
    await page.evaluate(() => (window as unknown as { Vitrine: { setContext: (next: object) => void } }).Vitrine.setContext({ pageType: 'search_page' }));
    await changeAndSettle(page, '');
    expect(queries.filter((q) => q === 'linen')).toHaveLength(1);
    expect(await shownSoFar(page)).toEqual(['linen']);
    expect(errors).toEqual([]);
  });

  // The app's router hears popstate first (it listened from the page's start) and calls
  // setContext, which asks for the query the address now holds; the results' own popstate
  // listener, added when they were mounted, comes after it.
  it('back to the previous query, in an app whose router calls setContext on popstate, asks for it once', async () => {
    const { page, errors, queries } = await open();
    await page.evaluate(() => addEventListener('popstate', () => (window as unknown as { Vitrine: { setContext: (next: object) => void } }).Vitrine.setContext({ pageType: 'search_page' })));
    await searchRoute(page, 'shirt');
    await say(page, 'linen');
    await shown(page, 'linen');
    await page.evaluate(() => history.back());
    await shown(page, 'shirt', 2);
    await changeAndSettle(page, '');
    expect(await page.locator('#search .vitrine-search__title').textContent()).toContain('shirt');
    // Once for the route, once for the way back.
    expect(queries.filter((q) => q === 'shirt')).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it('back and forward through queries the app wrote show each query\'s results, the box in step', async () => {
    const { page, errors } = await open();
    await searchRoute(page, 'shirt');
    await lightBox(page);
    await say(page, 'linen');
    await shown(page, 'linen');
    await page.evaluate(() => history.back());
    await shown(page, 'shirt', 2);
    expect(await page.locator('#light-box-1 input').inputValue()).toBe('shirt');
    await page.evaluate(() => history.forward());
    await shown(page, 'linen', 2);
    expect(await page.locator('#light-box-1 input').inputValue()).toBe('linen');
    expect(await page.locator('#search .vitrine-search__title').textContent()).toContain('linen');
    expect(errors).toEqual([]);
  });

  // A "Skip to content" link, as most shop themes have, on the search page: a fragment
  // navigation fires popstate, with the same query in the address.
  it('a skip link to #app on the search page asks for nothing new', async () => {
    const { page, errors, queries } = await open();
    await searchRoute(page, 'linen');
    await page.evaluate(() => document.body.insertAdjacentHTML('afterbegin', '<a id="skip" href="#app">Skip to content</a>'));
    await page.locator('#skip').click();
    await page.waitForFunction(() => location.hash === '#app');
    await changeAndSettle(page, '');
    expect(queries.filter((q) => q === 'linen')).toHaveLength(1);
    expect(await shownSoFar(page)).toEqual(['linen']);
    expect(errors).toEqual([]);
  });

  it('a query with &, #, a plus, accents, an emoji and markup, written by the app, is asked as typed and shown as text, in the title and the box too', async () => {
    const { page, errors, queries } = await open();
    await searchRoute(page, 'shirt');
    await lightBox(page);
    const hostile = 'a&b=c #1 c++ café 👗 <img src=x onerror=__pwned(1)><script>__pwned(2)</script>';
    await say(page, hostile);
    await shown(page, hostile);
    expect(queries).toContain(hostile);
    const seen = await page.evaluate(() => ({
      markup: document.querySelectorAll('#search script, #search img[src="x"]').length,
      title: document.title,
      heading: document.querySelector('#search .vitrine-search__title')!.textContent,
      box: (document.querySelector('#light-box-1 input') as HTMLInputElement).value,
    }));
    expect(seen.markup).toBe(0);
    expect(seen.title).toContain(hostile);
    expect(seen.heading).toContain(hostile);
    expect(seen.box).toBe(hostile);
    expect((await records(page)).pwned).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the results slot taken away while its answer is on the wire shows nothing, throws nothing, and a query written afterwards asks for nothing', async () => {
    const { page, errors, queries } = await open();
    await searchRoute(page, 'shirt');
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route(/\/getsearchresult/, async (route: Route) => {
      if (queryOf(route.request()) === 'wool') await held;
      await route.continue();
    });
    await say(page, 'wool');
    await expect.poll(() => queries.includes('wool')).toBe(true);
    // The app leaves for the home route; the slot is kept by a reference only.
    await page.evaluate(() => {
      (window as unknown as { oldSlot: Element }).oldSlot = document.getElementById('search')!;
      history.pushState({}, '', location.pathname);
      document.getElementById('app')!.innerHTML = '<h1>Home</h1>';
    });
    const answered = page.waitForResponse((r) => queryOf(r.request()) === 'wool');
    release();
    await answered;
    await say(page, 'knit');
    await changeAndSettle(page, '');
    expect(queries).not.toContain('knit');
    expect(await shownSoFar(page)).toEqual(['shirt']);
    expect(await page.evaluate(() => (window as unknown as { oldSlot: Element }).oldSlot.textContent)).not.toContain('wool');
    expect(errors).toEqual([]);
  });

  it('a box whose attribute the framework takes off and puts back (a prop toggled) keeps one form, and one that gains it inside an open shadow root is drawn', async () => {
    const { page, errors } = await open();
    await lightBox(page);
    await page.evaluate(() => document.getElementById('light-box-1')!.removeAttribute('data-vitrine-searchbox'));
    await page.evaluate(() => new Promise((done) => setTimeout(done)));
    await page.evaluate(() => document.getElementById('light-box-1')!.setAttribute('data-vitrine-searchbox', ''));
    await changeAndSettle(page, `
      const host = document.createElement('site-header');
      host.attachShadow({ mode: 'open' }).innerHTML = '<div id="later"></div>';
      document.getElementById('header').append(host);`);
    await page.evaluate(() => document.querySelector('site-header')!.shadowRoot!.getElementById('later')!.setAttribute('data-vitrine-searchbox', ''));
    await page.waitForFunction(() => !!document.querySelector('site-header')!.shadowRoot!.querySelector('#later form[role="search"] input'), undefined, { timeout: 15_000 });
    await lightBox(page);
    expect(await page.locator('#light-box-1 form').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
