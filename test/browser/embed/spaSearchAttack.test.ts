// Attacks on the search chunk's load in a single-page app: the ways React, Vue and other
// routers really change a page, tried against the built embed (dist/) in Chromium, on
// fixtures/spa-search.html. Each case holds (`it`) or is a known defect (`it.fails`, with
// what breaks). Nothing here waits for time: the chunk's load is seen as its request, its
// scan as a box it draws, and "not loaded" is checked once a widget added in the same
// change has rendered (the observer has seen the change by then).
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { expectRendered, newRecordedPage, settled } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const suite = useFixtureSuite('spa-search');
let context: BrowserContext | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
});

interface Opened {
  page: Page;
  errors: string[];
  chunks: string[];
  searches: string[];
  /** Lets the held search chunk through (only with `hold`). */
  release: () => void;
}

/** The fixture, its first carousel rendered; `hold` keeps the search chunk on the wire until `release()`. */
async function open(options: { hold?: boolean; init?: () => void } = {}): Promise<Opened> {
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { page, errors } = await newRecordedPage(context);
  if (options.init) await page.addInitScript(options.init);
  const chunks: string[] = [];
  const searches: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/\/vitrine-search\.js$/.test(url.pathname)) chunks.push(url.pathname);
    if (url.pathname.endsWith('/getsearchresult')) searches.push(decodeURIComponent(url.search + (r.postData() || '')));
  });
  let release = () => {};
  if (options.hold) {
    const held = new Promise<void>((done) => (release = done));
    await page.route(/\/vitrine-search\.js$/, async (route: Route) => {
      await held;
      await route.continue();
    });
  }
  await page.goto(suite.fixtures.page('spa-search'));
  expectRendered(await settled(page, ['home-picks']), ['home-picks']);
  return { page, errors, chunks, searches, release };
}

/** Runs `change` in the page together with a product carousel's route, and waits for that carousel: the observer has seen the change. */
let markers = 0;
async function changeAndSettle(page: Page, change: string): Promise<void> {
  const id = 'marker-picks-' + ++markers;
  await page.evaluate(([id, code]) => {
    document.getElementById('header')!.insertAdjacentHTML('afterend', '<div id="' + id + '" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="2"></div>');
    new Function(code)();
  }, [id, change]);
  expectRendered(await settled(page, [id]), [id]);
}

const results = (page: Page, selector = '#search') =>
  page.waitForFunction((s) => document.querySelectorAll(s + ' .vitrine-search__item').length > 0 && !document.querySelector('.vitrine-search--loading'), selector, { timeout: 15_000 });

describe('attacks on the search chunk\'s load in a single-page app', () => {
  it('a route that builds its view with createElement and sets the slot\'s attributes after insertion, in the same task, draws its results', async () => {
    const { page, errors, chunks } = await open();
    await page.evaluate(() => {
      history.pushState({}, '', location.pathname + '?q=linen');
      const app = document.getElementById('app')!;
      const slot = document.createElement('div');
      app.replaceChildren(slot);
      slot.id = 'search';
      slot.setAttribute('data-vitrine-search', '');
      slot.setAttribute('data-vitrine-include-widgets', 'none');
    });
    await results(page);
    expect(chunks).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('an element already on the page that becomes the results slot in a later task (a framework patching attributes) draws its results', async () => {
    const { page, errors, chunks } = await open();
    await page.evaluate(() => {
      history.pushState({}, '', location.pathname + '?q=linen');
      document.getElementById('app')!.innerHTML = '<h1>Search</h1><div id="search" data-vitrine-include-widgets="none"></div>';
    });
    // The framework's next render, a task later, gives the element its role.
    await page.evaluate(() => new Promise((done) => setTimeout(done)));
    await page.evaluate(() => document.getElementById('search')!.setAttribute('data-vitrine-search', ''));
    await results(page);
    expect(chunks).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('with the chunk already loaded, an element that becomes the results slot in a later task draws its results', async () => {
    const { page, searches } = await open();
    await page.evaluate(() => document.getElementById('header')!.insertAdjacentHTML('beforeend', '<div id="box" data-vitrine-searchbox></div>'));
    await page.locator('#box form[role="search"]').waitFor({ timeout: 15_000 });
    await page.evaluate(() => {
      history.pushState({}, '', location.pathname + '?q=linen');
      document.getElementById('app')!.innerHTML = '<h1>Search</h1><div id="search" data-vitrine-include-widgets="none"></div>';
    });
    await page.evaluate(() => new Promise((done) => setTimeout(done)));
    // The chunk would ask for the results in the task after it sees the change; the
    // marker's widget, added with it, renders only after a round trip to the service.
    await changeAndSettle(page, `document.getElementById('search').setAttribute('data-vitrine-search', '')`);
    expect(searches.some((s) => s.includes('linen'))).toBe(true);
  });

  it('a header element that becomes a search box in a later task is drawn as one', async () => {
    const { page, errors, chunks } = await open();
    await page.evaluate(() => document.getElementById('header')!.insertAdjacentHTML('beforeend', '<div id="box"></div>'));
    await page.evaluate(() => new Promise((done) => setTimeout(done)));
    await page.evaluate(() => document.getElementById('box')!.setAttribute('data-vitrine-searchbox', ''));
    await page.locator('#box form[role="search"] input').waitFor({ timeout: 15_000 });
    expect(chunks).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('a search slot kept in a <template> asks for nothing; the route that stamps it draws its results', async () => {
    const { page, errors, chunks } = await open();
    await changeAndSettle(page, `document.body.insertAdjacentHTML('beforeend', '<template id="search-route"><h1>Search</h1><div id="search" data-vitrine-search data-vitrine-include-widgets="none"></div><div data-vitrine-searchbox></div></template>')`);
    expect(chunks).toEqual([]);
    await page.evaluate(() => {
      history.pushState({}, '', location.pathname + '?q=linen');
      document.getElementById('app')!.replaceChildren((document.getElementById('search-route') as HTMLTemplateElement).content.cloneNode(true));
    });
    await results(page);
    expect(chunks).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  // The core's observer does not look past a shadow boundary (a walk of every added
  // subtree on every page): a box only in a shadow root does not load the chunk by itself.
  it('a search box inside a component\'s open shadow root is drawn, styled inside that root, once the chunk is on the page', async () => {
    const { page, chunks } = await open();
    await changeAndSettle(page, `
      const host = document.createElement('site-header');
      document.getElementById('header').append(host);
      host.attachShadow({ mode: 'open' }).innerHTML = '<div id="shadow-box" data-vitrine-searchbox></div>';`);
    // A box in the light DOM, added afterwards: once it is drawn the chunk has scanned.
    await page.evaluate(() => document.getElementById('header')!.insertAdjacentHTML('beforeend', '<div id="box" data-vitrine-searchbox></div>'));
    await page.locator('#box form[role="search"]').waitFor({ timeout: 15_000 });
    expect(chunks).toHaveLength(1);
    await page.waitForFunction(() => !!document.querySelector('site-header')!.shadowRoot!.querySelector('#shadow-box form[role="search"] input'), undefined, { timeout: 15_000 });
    // The page's styles stop at the boundary: the box looks as the one outside does.
    const looks = await page.evaluate(() => [document.querySelector('#box form')!, document.querySelector('site-header')!.shadowRoot!.querySelector('#shadow-box form')!].map((form) => getComputedStyle(form).display));
    expect(looks).toEqual(['flex', 'flex']);
  });

  // The roots already on the page are looked for a slice at a time, so a big page's walk
  // is no long task: the last element of 30,000 is reached, and a root inside a root.
  it('a box in a shadow root inside another, after 30,000 elements of a page, is drawn once the chunk is on the page', async () => {
    const { page, chunks, errors } = await open();
    await page.evaluate(() => {
      const filler = document.createElement('div');
      for (let i = 0; i < 30_000; i++) filler.appendChild(document.createElement('span'));
      document.body.append(filler);
      const outer = document.createElement('site-footer');
      document.body.append(outer);
      const inner = document.createElement('footer-search');
      outer.attachShadow({ mode: 'open' }).append(inner);
      inner.attachShadow({ mode: 'open' }).innerHTML = '<div id="deep-box" data-vitrine-searchbox></div>';
    });
    await page.evaluate(() => document.getElementById('header')!.insertAdjacentHTML('beforeend', '<div id="box" data-vitrine-searchbox></div>'));
    await page.locator('#box form[role="search"]').waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => !!document.querySelector('site-footer')!.shadowRoot!.querySelector('footer-search')!.shadowRoot!.querySelector('#deep-box form[role="search"] input'), undefined, { timeout: 15_000 });
    expect(chunks).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('a results slot inside an open shadow root added after the chunk arrived draws its results, styled inside that root', async () => {
    const { page, errors, chunks, searches } = await open();
    await page.evaluate(() => document.getElementById('header')!.insertAdjacentHTML('beforeend', '<div id="box" data-vitrine-searchbox></div>'));
    await page.locator('#box form[role="search"]').waitFor({ timeout: 15_000 });
    await changeAndSettle(page, `
      history.pushState({}, '', location.pathname + '?q=linen');
      const open = document.createElement('search-route');
      document.getElementById('app').replaceChildren(open);
      open.attachShadow({ mode: 'open' }).innerHTML = '<div id="search" data-vitrine-search data-vitrine-include-widgets="none"></div>';`);
    await page.waitForFunction(() => document.querySelector('search-route')!.shadowRoot!.querySelectorAll('#search .vitrine-search__item').length > 0, undefined, { timeout: 15_000 });
    expect(searches.some((s) => s.includes('linen'))).toBe(true);
    expect(await page.evaluate(() => !!document.querySelector('search-route')!.shadowRoot!.getElementById('vitrine-style-search'))).toBe(true);
    expect(chunks).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('history.pushState to a search URL without a change to the page asks for nothing', async () => {
    const { page, errors, chunks } = await open();
    await changeAndSettle(page, `history.pushState({}, '', location.pathname + '?q=linen')`);
    expect(chunks).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the old route removed and the search slot added as separate changes of one task draws the results, with one chunk', async () => {
    const { page, errors, chunks } = await open();
    await page.evaluate(() => {
      history.pushState({}, '', location.pathname + '?q=linen');
      const app = document.getElementById('app')!;
      app.firstElementChild!.remove();
      document.getElementById('home-picks')!.remove();
      app.insertAdjacentHTML('beforeend', '<h1>Search</h1>');
      app.insertAdjacentHTML('beforeend', '<div id="search" data-vitrine-search data-vitrine-include-widgets="none"></div>');
      app.insertAdjacentHTML('beforeend', '<div id="box" data-vitrine-searchbox></div>');
    });
    await results(page);
    await page.locator('#box form[role="search"]').waitFor({ timeout: 15_000 });
    expect(chunks).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('a box added then removed before the chunk arrives leaves nothing behind, and is drawn when it comes back', async () => {
    const { page, errors, chunks, release } = await open({ hold: true });
    await page.evaluate(() => document.getElementById('header')!.insertAdjacentHTML('beforeend', '<div id="box" data-vitrine-searchbox></div>'));
    await expect.poll(() => chunks.length).toBe(1);
    const box = await page.evaluateHandle(() => {
      const el = document.getElementById('box')!;
      el.remove();
      return el;
    });
    release();
    // A second box, put in after the first left: once it is drawn the chunk has scanned.
    await page.evaluate(() => document.getElementById('header')!.insertAdjacentHTML('beforeend', '<div id="other-box" data-vitrine-searchbox></div>'));
    await page.locator('#other-box form[role="search"]').waitFor({ timeout: 15_000 });
    expect(await box.evaluate((el) => el.childElementCount)).toBe(0);
    await page.evaluate((el) => document.getElementById('header')!.append(el), box);
    await page.locator('#box form[role="search"] input').waitFor({ timeout: 15_000 });
    expect(chunks).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('two boxes added at once load the chunk once and are both drawn, each with its own label', async () => {
    const { page, errors, chunks } = await open();
    await page.evaluate(() => {
      document.getElementById('header')!.insertAdjacentHTML('beforeend', '<div id="box" data-vitrine-searchbox></div>');
      document.getElementById('app')!.insertAdjacentHTML('afterbegin', '<div id="box-2" data-vitrine-searchbox></div>');
    });
    await page.locator('#box form[role="search"] input').waitFor({ timeout: 15_000 });
    await page.locator('#box-2 form[role="search"] input').waitFor({ timeout: 15_000 });
    const ids = await page.$$eval('[data-vitrine-searchbox] input', (inputs) => inputs.map((i) => i.id));
    expect(new Set(ids).size).toBe(2);
    expect(chunks).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('a route of <vitrine-widget> elements renders them and asks for no search chunk', async () => {
    const { page, errors, chunks } = await open();
    await page.evaluate(() => {
      document.getElementById('app')!.innerHTML = '<h1>Product</h1><vitrine-widget id="element-picks" algorithm="trending" layout="matrix" max="2">Our picks</vitrine-widget>';
    });
    expectRendered(await settled(page, ['element-picks']), ['element-picks']);
    expect(chunks).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a results slot added before the route\'s pushState in the same task searches for the new query', async () => {
    const { page, errors, searches } = await open();
    await page.evaluate(() => {
      document.getElementById('app')!.innerHTML = '<h1>Search</h1><div id="search" data-vitrine-search data-vitrine-include-widgets="none"></div>';
      // Next.js's App Router commits the view, then writes the URL in the same commit.
      history.pushState({}, '', location.pathname + '?q=linen');
    });
    await results(page);
    expect(searches.some((s) => s.includes('linen'))).toBe(true);
    expect(errors).toEqual([]);
  });

  // The app's own search field, or router.push to the same route: no node changes, only
  // the address and the app's setContext.
  it('a results slot drawn for one query follows the app\'s pushState of another, announced with setContext', async () => {
    const { page, searches } = await open();
    await page.evaluate(() => {
      history.pushState({}, '', location.pathname + '?q=shirt');
      document.getElementById('app')!.innerHTML = '<h1>Search</h1><div id="search" data-vitrine-search data-vitrine-include-widgets="none"></div>';
    });
    await results(page);
    await page.evaluate(() => {
      history.pushState({}, '', location.pathname + '?q=linen');
      (window as unknown as { Vitrine: { setContext: (next: object) => void } }).Vitrine.setContext({ pageType: 'search_page' });
    });
    // A second carousel, rendered after setContext: if no search was asked for by then, none is coming.
    await changeAndSettle(page, '');
    expect(searches.some((s) => s.includes('linen'))).toBe(true);
  });

  it('an answer for an older query that arrives after a newer one\'s is never shown over it', async () => {
    const { page, errors, searches } = await open({
      init: () => {
        const shown: string[] = ((window as unknown as { shown: string[] }).shown = []);
        document.addEventListener('vitrine:search', (e) => shown.push((e as CustomEvent<{ query: string }>).detail.query));
      },
    });
    await page.evaluate(() => {
      history.pushState({}, '', location.pathname + '?q=shirt');
      document.getElementById('app')!.innerHTML = '<h1>Search</h1><div id="search" data-vitrine-search data-vitrine-include-widgets="none"></div>';
    });
    await results(page);
    // The answer for "wool" is held on the wire until the one for "linen" is on screen.
    const ofWool = (r: { url(): string; postData(): string | null }) => r.url().includes('/getsearchresult') && decodeURIComponent(r.url() + (r.postData() || '')).includes('wool');
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route(/\/getsearchresult/, async (route: Route) => {
      if (ofWool(route.request())) await held;
      await route.continue();
    });
    // The app's own field: the address, then the same page said again (setContext each time).
    const search = (query: string) => page.evaluate((q) => {
      history.pushState({}, '', location.pathname + '?q=' + q);
      (window as unknown as { Vitrine: { setContext: (next: object) => void } }).Vitrine.setContext({ pageType: 'search_page' });
    }, query);
    await search('wool');
    await expect.poll(() => searches.some((s) => s.includes('wool'))).toBe(true);
    await search('linen');
    await page.waitForFunction(() => (window as unknown as { shown: string[] }).shown.includes('linen'), undefined, { timeout: 15_000 });
    const woolAnswered = page.waitForResponse((r) => ofWool(r.request()));
    release();
    await woolAnswered;
    // A carousel rendered after a round trip of its own: the late answer has been handled by then.
    await changeAndSettle(page, '');
    expect(await page.evaluate(() => (window as unknown as { shown: string[] }).shown)).toEqual(['shirt', 'linen']);
    expect(await page.locator('#search .vitrine-search__title').textContent()).toContain('linen');
    expect(searches.filter((s) => s.includes('linen'))).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('the shop\'s own form box replaced by a div box (a header that changes with sign-in) is drawn; the form alone asked for nothing', async () => {
    const { page, errors, chunks } = await open();
    await changeAndSettle(page, `document.getElementById('header').insertAdjacentHTML('beforeend', '<form id="own-box" action="/search" role="search" data-vitrine-searchbox><input type="search" name="q" aria-label="Search"></form>')`);
    expect(chunks).toEqual([]);
    // The framework keeps the box's node and only changes what wraps it: a form around a box div.
    await changeAndSettle(page, `document.getElementById('own-box').outerHTML = '<form action="/search"><div id="box" data-vitrine-searchbox></div></form>'`);
    expect(chunks).toHaveLength(1);
    await page.locator('#box form[role="search"] input').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  it('a page whose Element.prototype.matches and querySelector count every call still draws a route\'s box, with one chunk', async () => {
    const { page, errors, chunks } = await open({
      init: () => {
        const calls = ((window as unknown as { calls: number }).calls = 0);
        void calls;
        const proto = Element.prototype as unknown as Record<string, (this: Element, selector: string) => unknown>;
        for (const name of ['matches', 'querySelector']) {
          const own = proto[name];
          proto[name] = function (this: Element, selector: string) {
            (window as unknown as { calls: number }).calls++;
            return own.call(this, selector);
          };
        }
      },
    });
    await page.evaluate(() => document.getElementById('header')!.insertAdjacentHTML('beforeend', '<div id="box" data-vitrine-searchbox></div>'));
    await page.locator('#box form[role="search"] input').waitFor({ timeout: 15_000 });
    expect(chunks).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('a page whose Element.prototype.matches throws on the selectors it does not know sees no error of Vitrine\'s when its app adds nodes', async () => {
    const { page, errors } = await open();
    await page.evaluate(() => {
      const own = Element.prototype.matches;
      // An old selector shim that knows no :not().
      Element.prototype.matches = function (this: Element, selector: string) {
        if (selector.includes(':not(')) throw new SyntaxError('unsupported selector ' + selector);
        return own.call(this, selector);
      };
    });
    await changeAndSettle(page, `document.getElementById('app').insertAdjacentHTML('beforeend', '<p>New content</p>')`);
    expect(errors).toEqual([]);
  });

  it('a flood of 10,000 nodes added one by one: the watcher looks at each once for search before the chunk, and never after', async () => {
    const { page, errors, chunks } = await open({
      init: () => {
        const counts = ((window as unknown as { searchLooks: number[] }).searchLooks = [0]);
        const proto = Element.prototype as unknown as Record<string, (this: Element, selector: string) => unknown>;
        for (const name of ['matches', 'querySelector', 'querySelectorAll']) {
          const own = proto[name];
          proto[name] = function (this: Element, selector: string) {
            // The core's own selector for what needs the search chunk (the chunk's lacks :not(form)).
            if (typeof selector == 'string' && selector.includes('[data-vitrine-searchbox]:not(form)')) counts[0]++;
            return own.call(this, selector);
          };
        }
      },
    });
    const flood = `
      const list = document.createElement('ul');
      document.getElementById('app').append(list);
      window.searchLooks[0] = 0;
      for (let i = 0; i < 10000; i++) { const li = document.createElement('li'); li.textContent = 'row ' + i; list.append(li); }`;
    await changeAndSettle(page, flood);
    const before = await page.evaluate(() => (window as unknown as { searchLooks: number[] }).searchLooks[0]);
    // matches and querySelector on each added element (the list, the marker, 10,000 rows),
    // and on the few nodes the marker's render adds: nothing more.
    expect(before).toBeLessThanOrEqual(2 * 10_002 + 50);
    expect(before).toBeGreaterThan(0);
    await page.evaluate(() => document.getElementById('header')!.insertAdjacentHTML('beforeend', '<div id="box" data-vitrine-searchbox></div>'));
    await page.locator('#box form[role="search"] input').waitFor({ timeout: 15_000 });
    await page.evaluate(() => ((window as unknown as { searchLooks: number[] }).searchLooks[0] = 0));
    await changeAndSettle(page, flood.replace('window.searchLooks[0] = 0;', ''));
    expect(await page.evaluate(() => (window as unknown as { searchLooks: number[] }).searchLooks[0])).toBe(0);
    expect(chunks).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
