import { sanitizeNodes } from '../../../../src/browser/sanitize/sanitizeHtml';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { Window as HappyWindow } from 'happy-dom';
import { h } from 'preact';
import type { Config, EmbedHost, PageContext, Plugin } from '../../../../src/browser/host';
import type { Theme } from '../../../../src/types/interface';
import { builtinThemes } from '../../../../src/core/theme/builtinThemes';
import { themeScript } from '../../../../src/browser/theme/themeScript';
import { cardMaker } from '../../../../src/browser/render/cardMaker';
import { prepareFormat } from '../../../../src/browser/render/prepareFormat';

// The debug chunk as the page gets it: imported after the core has set `window.Vitrine`,
// it plugs in through `use` and explains the events the core sent before and after.

let page: HappyWindow;
let doc: Document;
let info: MockInstance<typeof console.info>;
let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  page = new HappyWindow({ url: 'https://shop.test/products/wool-coat' });
  doc = page.document as unknown as Document;
  info = vi.spyOn(console, 'info').mockImplementation(() => {});
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  delete (window as { Vitrine?: unknown }).Vitrine;
  vi.restoreAllMocks();
  await page.happyDOM.close();
});

const theme = (themeId: string, displayType: string, divisionId: string | null = null): Theme => ({ ...builtinThemes.carousel, id: themeId, themeId, displayType, divisionId });

interface Page {
  html?: string;
  context?: Partial<PageContext>;
  config?: Partial<Config>;
  themes?: Theme[];
  /** Events the core sent before the chunk loaded: [slot id, event name, detail]. */
  history?: [string, string, object][];
}

/** Loads the chunk into a page that has a core, and returns the host it was handed. */
async function load(options: Page = {}): Promise<EmbedHost> {
  doc.body.innerHTML = options.html ?? '';
  const host: EmbedHost = {
    win: page as unknown as Window,
    doc,
    config: { baseUrl: 'https://api.test', orgId: 'org-1', apiKey: 'key', debug: true, endpoints: {}, assetBase: '/dist/', nonce: 'n0nce', setting: () => undefined, ...options.config },
    context: () => ({ pageType: 'product_page', pname: 'Wool Coat', sku: 'C-1', siteUid: 'v-1', domain: 'shop.test', locale: 'en-GB', currency: 'EUR', ...options.context }),
    mayStore: () => true,
    request: async () => ({}),
    themes: async () => options.themes ?? [],
    strings: async () => ({}),
    translations: {},
    render: () => {},
    slots: { track() {}, refresh() {}, sweep() {}, fail() {}, update() {} },
    layouts: {},
    builtinThemes,
    themeScript,
    cards: cardMaker,
    h,
    sanitize: sanitizeNodes,
    prepareFormat,
    log: () => {},
    history: (options.history ?? []).map(([id, name, detail]) => [doc.getElementById(id)!, name, detail]),
  };
  const plugins: Plugin[] = [];
  (window as { Vitrine?: unknown }).Vitrine = { use: (plugin: Plugin) => plugins.push(plugin) };
  vi.resetModules();
  await import('../../../../src/browser/debug/entry');
  expect(plugins).toHaveLength(1);
  plugins[0](host);
  // The theme list arrives as it does from the core: a promise that has already settled.
  await new Promise((r) => setTimeout(r));
  return host;
}

const send = (id: string, name: string, detail: object) =>
  doc.getElementById(id)!.dispatchEvent(new page.CustomEvent('vitrine:' + name, { bubbles: true, detail }) as unknown as Event);
const label = (id: string) => doc.getElementById(id)!.getAttribute('data-vitrine-debug');
const rendered = (algorithm: string, theme = 'vitrine-carousel', layout = 'carousel') => ({ algorithm, page: 'product_page', products: 4, theme, layout, ms: 12 });

describe('debug chunk', () => {
  it('labels a slot rendered before it loaded and one rendered after', async () => {
    await load({
      html: '<div id="similar" data-vitrine="contentbasedreco"></div><div id="picks" data-vitrine></div>',
      history: [['similar', 'render', rendered('contentbasedreco')]],
    });
    expect(label('similar')).toBe(
      '#similar contentbasedreco (named by the slot): 4 products in 12 ms\n' +
        'theme vitrine-carousel (built-in), carousel\n' +
        'query divisionId=similar&orgId=org-1&domain=shop.test&pname=Wool%20Coat',
    );
    expect(label('picks')).toBeNull();
    send('picks', 'render', rendered('recentviews'));
    expect(label('picks')).toBe(
      '#picks recentviews (chosen for product_page): 4 products in 12 ms\n' +
        'theme vitrine-carousel (built-in), carousel\n' +
        'query divisionId=picks&orgId=org-1&site_uid=v-1&domain=shop.test',
    );
    expect(info).toHaveBeenCalledWith('[vitrine] ' + label('similar'));
    expect(info).toHaveBeenCalledWith('[vitrine] ' + label('picks'));
  });

  it("shows the slot's own product in the query", async () => {
    await load({ html: '<div id="also" data-vitrine="viewedcatitemsreco" data-vitrine-pname="Scarf" data-vitrine-sku="S-2"></div>' });
    send('also', 'render', rendered('viewedcatitemsreco'));
    expect(label('also')).toContain('query divisionId=also&orgId=org-1&site_uid=v-1&domain=shop.test&pname=Scarf&sku=S-2');
  });

  it('says why each theme was chosen', async () => {
    await load({
      html:
        '<div id="named" data-vitrine="trending" data-vitrine-theme="summer"></div>' +
        '<div id="gone" data-vitrine="trending" data-vitrine-theme="winter"></div>' +
        '<div id="own" data-vitrine="trending"></div>' +
        '<div id="grid" data-vitrine="trending" data-vitrine-layout="matrix"></div>' +
        '<div id="plain" data-vitrine="trending"></div>',
      themes: [theme('summer', 'carousel'), theme('mine', 'carousel', 'own'), theme('tiles', 'matrix')],
    });
    send('named', 'render', rendered('trending', 'summer'));
    send('gone', 'render', rendered('trending', 'vitrine-carousel'));
    send('own', 'render', rendered('trending', 'mine'));
    send('grid', 'render', rendered('trending', 'tiles', 'matrix'));
    send('plain', 'render', rendered('trending', 'vitrine-carousel'));
    const themeLine = (id: string) => label(id)!.split('\n')[1];
    expect(themeLine('named')).toBe('theme summer (named by the slot), carousel');
    expect(themeLine('gone')).toBe('theme vitrine-carousel (theme "winter" not found), carousel');
    expect(themeLine('own')).toBe('theme mine (made for this slot), carousel');
    expect(themeLine('grid')).toBe('theme tiles (matches the layout), matrix');
    expect(themeLine('plain')).toBe('theme vitrine-carousel (built-in), carousel');
  });

  it('says why the theme was chosen for a slot rendered before it loaded', async () => {
    await load({
      html: '<div id="own" data-vitrine="trending"></div>',
      themes: [theme('mine', 'carousel', 'own')],
      history: [['own', 'render', rendered('trending', 'mine')]],
    });
    expect(label('own')!.split('\n')[1]).toBe('theme mine (made for this slot), carousel');
  });

  it('says why nothing showed, as a warning', async () => {
    await load({
      html: '<div id="quota" data-vitrine="trending"><p>fallback</p></div><div id="typo" data-vitrine="bestsellers"></div>',
      history: [['quota', 'error', { kind: 'quota', message: 'HTTP 403: credit quota exceeded', status: 403, algorithm: 'trending', page: 'product_page' }]],
    });
    send('typo', 'error', { kind: 'slot', message: 'unknown algorithm "bestsellers"', status: 0 });
    expect(label('quota')).toBe(
      '#quota nothing shown (quota): HTTP 403: credit quota exceeded\n' +
        'trending (named by the slot)\n' +
        'query divisionId=quota&orgId=org-1&site_uid=v-1&domain=shop.test&pname=Wool%20Coat&sku=C-1',
    );
    expect(label('typo')).toBe('#typo nothing shown (slot): unknown algorithm "bestsellers"');
    expect(warn).toHaveBeenCalledWith('[vitrine] ' + label('quota'));
    expect(warn).toHaveBeenCalledWith('[vitrine] #typo nothing shown (slot): unknown algorithm "bestsellers"');
    expect(doc.getElementById('quota')!.innerHTML).toBe('<p>fallback</p>');
  });

  it('says which algorithms of a fallback chain were skipped and why', async () => {
    await load({ html: '<div id="chain" data-vitrine="recentviews trending"></div>' });
    send('chain', 'render', { ...rendered('trending'), skipped: [{ algorithm: 'recentviews', why: 'recentviews returned no products' }] });
    expect(label('chain')!.split('\n')).toContain('skipped recentviews: recentviews returned no products');
  });

  it('says when a personal algorithm gave way for lack of consent', async () => {
    await load({ html: '<div id="recent" data-vitrine="recentviews"></div>' });
    send('recent', 'render', { ...rendered('trending'), skipped: [], personal: false, substituted: ['recentviews'] });
    expect(label('recent')!.split('\n')).toContain("no consent yet: recentviews left out (personal, needs the visitor's consent); trending shown instead");
  });

  it('names the consent mode and state on the console, a misspelt mode as required', async () => {
    await load({ config: { consent: 'requird' } });
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/^\[vitrine\] consent mode "requird" \(not required, shopify, tcf or granted: treated as required\): granted/));
  });

  it('shows the latest outcome of a slot', async () => {
    await load({ html: '<div id="s" data-vitrine="trending"></div>' });
    send('s', 'error', { kind: 'theme', message: 'theme "broken": Unclosed section', status: 0, algorithm: 'trending', page: 'product_page' });
    expect(label('s')).toMatch(/^#s nothing shown \(theme\)/);
    send('s', 'render', rendered('trending'));
    expect(label('s')).toMatch(/^#s trending \(named by the slot\): 4 products/);
  });

  it('notes settings the core ignored on the slot', async () => {
    await load({
      html:
        '<div id="home-only" data-vitrine="viewedalsoviewed"></div>' +
        '<div id="slider" data-vitrine="trending" data-vitrine-layout="slider"></div>' +
        '<div id="zero" data-vitrine="trending" data-vitrine-max="0"></div>' +
        '<div id="half" data-vitrine="trending" data-vitrine-max="2.5"></div>' +
        '<div id="fine" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="8"></div>' +
        '<div id="auto" data-vitrine></div>',
    });
    send('home-only', 'render', rendered('viewedalsoviewed'));
    send('slider', 'render', rendered('trending'));
    send('zero', 'render', rendered('trending'));
    send('half', 'error', { kind: 'empty', message: 'trending returned no products', status: 0, algorithm: 'trending', page: 'product_page' });
    send('fine', 'render', rendered('trending', 'vitrine-matrix', 'matrix'));
    send('auto', 'render', rendered('viewedalsoviewed'));
    const notes = (id: string) => label(id)!.split('\n').filter((line) => line.startsWith('note: '));
    expect(notes('home-only')).toEqual(['note: viewedalsoviewed is not listed for product_page; used because the slot names it']);
    expect(notes('slider')).toEqual(['note: layout "slider" is not carousel, matrix or bundle']);
    expect(notes('zero')).toEqual(['note: data-vitrine-max "0" is not a whole number from 1 to 100']);
    expect(notes('half')).toEqual(['note: data-vitrine-max "2.5" is not a whole number from 1 to 100']);
    expect(notes('fine')).toEqual([]);
    // Chosen for the page, not named: nothing to note.
    expect(notes('auto')).toEqual([]);
  });

  it("adds the theme script's warning to the label", async () => {
    await load({ html: '<div id="s" data-vitrine="trending"></div>' });
    send('s', 'render', { ...rendered('trending'), warning: 'theme script failed: Error: boom' });
    expect(label('s')!.split('\n')).toContain('theme script failed: Error: boom');
  });

  it('leaves impressions and clicks alone', async () => {
    await load({ html: '<div id="s" data-vitrine="trending"></div>', history: [['s', 'impression', { products: 4 }]] });
    send('s', 'click', { position: 1 });
    expect(label('s')).toBeNull();
    expect(info.mock.calls.filter(([line]) => String(line).startsWith('[vitrine] #'))).toEqual([]);
  });

  it('draws the labels with a stylesheet that carries the page nonce', async () => {
    await load();
    const style = Array.from(doc.head.querySelectorAll('style')).find((s) => s.textContent!.includes('attr(data-vitrine-debug)'));
    expect(style?.nonce).toBe('n0nce');
  });

  it('logs what it knows of the page and where each value came from, once a slot has used it', async () => {
    await load({ html: '<div id="s" data-vitrine="trending"></div>', context: { pageType: 'cart_page', pname: undefined, sku: undefined }, config: { currency: 'EUR' } });
    expect(info.mock.calls.filter(([line]) => line == '[vitrine] page')).toEqual([]);
    send('s', 'error', { kind: 'network', message: 'offline' });
    send('s', 'error', { kind: 'network', message: 'offline' });
    expect(info.mock.calls.filter(([line]) => line == '[vitrine] page')).toEqual([
      [
        '[vitrine] page',
        { pageType: 'cart_page', pname: undefined, sku: undefined, visitor: 'v-1', domain: 'shop.test', locale: 'en-GB', currency: 'EUR' },
        'read from',
        { pageType: 'URL', pname: 'nowhere', sku: 'nowhere', locale: 'browser', currency: 'setting' },
      ],
    ]);
  });

  it('warns of a page type or currency the core dropped from the script tag', async () => {
    await load({ html: '<script src="/dist/vitrine.js" data-org-id="org-1" data-page-type="pdp" data-currency="euro"></script>' });
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      '[vitrine] setting ignored: page type "pdp" is not one of product_page, home_page, order_page, collection_page, cart_page, ajax_cart_page, blogs_articles_page, 404_page',
      '[vitrine] setting ignored: currency "euro" is not a code like EUR',
    ]);
  });

  it('warns of a page type dropped from window.vitrineConfig, and not of good settings', async () => {
    (page as unknown as { vitrineConfig: object }).vitrineConfig = { pageType: 'checkout', currency: 'EUR' };
    await load({ config: { currency: 'EUR' } });
    expect(warn.mock.calls.map(([line]) => line)).toEqual(['[vitrine] setting ignored: page type "checkout" is not one of product_page, home_page, order_page, collection_page, cart_page, ajax_cart_page, blogs_articles_page, 404_page']);
  });

  it('does nothing when loaded on a page without Vitrine', async () => {
    vi.resetModules();
    await expect(import('../../../../src/browser/debug/entry')).resolves.toBeDefined();
    expect(info).not.toHaveBeenCalled();
  });
});
