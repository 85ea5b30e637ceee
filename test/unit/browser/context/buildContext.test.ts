import { afterEach, describe, expect, it } from 'vitest';
import { Window as HappyWindow } from 'happy-dom';
import { buildContext } from '../../../../src/browser/context/buildContext';
import { pageReader } from '../../../../src/browser/context/readProduct';
import { readPage } from '../../../../src/browser/context/readPage';
import type { Config } from '../../../../src/browser/host';

const config = (settings: Partial<Config> = {}): Config => ({ baseUrl: 'https://api.example', orgId: 'org-1', apiKey: 'key-1', debug: false, endpoints: {}, assetBase: '/', setting: () => undefined, ...settings });

const coat =
  '<script type="application/ld+json">{"@type":"Product","name":"Wool Coat","sku":"C-1","offers":{"price":"120.00","priceCurrency":"EUR"}}</script>';
const mug = '<meta property="og:type" content="product"><meta property="og:title" content="Mug"><meta property="product:retailer_item_id" content="M-9"><meta property="product:price:currency" content="GBP">';

// Each test is a page view of its own: its own URL, head, storage and cookies.
const pages: HappyWindow[] = [];
function open(url: string, head = '', lang = ''): Window {
  const win = new HappyWindow({ url });
  pages.push(win);
  win.document.head.innerHTML = head;
  win.document.documentElement.lang = lang;
  return win as unknown as Window;
}
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.happyDOM.close()));
});

describe('buildContext', () => {
  it('reads a product page from its URL, JSON-LD, host and lang', () => {
    const win = open('https://shop.example/products/wool-coat', coat, 'de-AT');
    expect(buildContext(win, config())).toMatchObject({
      pageType: 'product_page',
      pname: 'Wool Coat',
      sku: 'C-1',
      domain: 'shop.example',
      locale: 'de-AT',
      currency: 'EUR',
      product: { name: 'Wool Coat', sku: 'C-1', price: '120.00' },
    });
  });

  it('takes the page type from the URL before the product', () => {
    expect(buildContext(open('https://shop.example/cart', coat), config()).pageType).toBe('cart_page');
    expect(buildContext(open('https://shop.example/p/123', coat), config()).pageType).toBe('product_page');
    expect(buildContext(open('https://shop.example/p/123'), config())).toMatchObject({ pageType: 'home_page', product: null, pname: undefined, sku: undefined, currency: undefined });
  });

  it('says when JSON-LD, the URL and the settings leave the page type, the currency or the product unknown', () => {
    expect(buildContext(open('https://shop.example/products/wool-coat', coat), config()).gap).toBe(false);
    // A product on a page the URL calls a collection: the platform's markers settle which it is.
    expect(buildContext(open('https://shop.example/shop/wool-coat', coat), config())).toMatchObject({ pageType: 'collection_page', gap: true });
    // Meta tags are read by the page chunk: without it the core knows nothing of the mug.
    expect(buildContext(open('https://shop.example/p/123', mug), config())).toMatchObject({ pageType: 'home_page', gap: true });
    expect(buildContext(open('https://shop.example/p/123'), config({ pageType: 'home_page', currency: 'EUR' })).gap).toBe(false);
    pageReader.read = readPage;
    try {
      expect(buildContext(open('https://shop.example/p/123', mug), config())).toMatchObject({ pageType: 'product_page', pname: 'Mug', sku: 'M-9', currency: 'GBP', gap: false });
    } finally {
      pageReader.read = undefined;
    }
  });

  it('lets the merchant settings beat what the page says', () => {
    const win = open('https://shop.example/products/wool-coat', coat, 'de-AT');
    const settings = config({ pageType: 'cart_page', pname: 'Scarf', sku: 'S-2', siteUid: 'crm-7', domain: 'brand.example', locale: 'fr-FR', currency: 'CHF' });
    expect(buildContext(win, settings)).toMatchObject({ pageType: 'cart_page', pname: 'Scarf', sku: 'S-2', siteUid: 'crm-7', domain: 'brand.example', locale: 'fr-FR', currency: 'CHF' });
  });

  it('lets setContext beat the merchant settings and the page', () => {
    const win = open('https://shop.example/products/wool-coat', coat, 'de-AT');
    const settings = config({ pageType: 'cart_page', pname: 'Scarf', domain: 'brand.example' });
    const context = buildContext(win, settings, { pageType: 'order_page', pname: 'Hat', sku: 'H-3', siteUid: 'app-9', domain: 'app.example', locale: 'it-IT', currency: 'USD' });
    expect(context).toMatchObject({ pageType: 'order_page', pname: 'Hat', sku: 'H-3', siteUid: 'app-9', domain: 'app.example', locale: 'it-IT', currency: 'USD' });
    // The page and product it leaves out are read from the page again: the start-up
    // settings described the first page. Site-wide settings (the domain) still hold.
    expect(buildContext(win, settings, { pageType: 'order_page' })).toMatchObject({ pname: 'Wool Coat', sku: 'C-1', domain: 'brand.example' });
    expect(buildContext(win, settings, {})).toMatchObject({ pageType: 'product_page', pname: 'Wool Coat' });
  });

  it("falls back to the browser's language when the page has no lang", () => {
    const win = open('https://shop.example/');
    Object.defineProperty(win.navigator, 'language', { value: 'pt-BR', configurable: true });
    expect(buildContext(win, config()).locale).toBe('pt-BR');
  });

  it('keeps one visitor id across page views, in a cookie and localStorage', async () => {
    const win = open('https://shop.example/');
    const { siteUid } = buildContext(win, config());
    expect(siteUid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Written in the task after the one that read it.
    await new Promise((next) => setTimeout(next));
    expect(win.localStorage.getItem('vitrine_uid')).toBe(siteUid);
    expect(win.document.cookie).toContain('vitrine_uid=' + siteUid);
    expect(buildContext(win, config()).siteUid).toBe(siteUid);
    // A visitor whose localStorage was cleared is still known by the cookie.
    win.localStorage.clear();
    expect(buildContext(win, config()).siteUid).toBe(siteUid);
  });

  it('stores no visitor id of its own when the merchant gives one', () => {
    const win = open('https://shop.example/');
    expect(buildContext(win, config({ siteUid: 'crm-7' })).siteUid).toBe('crm-7');
    expect(win.localStorage.getItem('vitrine_uid')).toBeNull();
    expect(win.document.cookie).not.toContain('vitrine_uid');
  });

  it('writes the visitor cookie Secure on https, and without it on plain http', async () => {
    for (const [url, secure] of [['https://shop.example/', true], ['http://shop.example/', false]] as const) {
      const win = open(url);
      const written: string[] = [];
      Object.defineProperty(win.document, 'cookie', { configurable: true, get: () => '', set: (value: string) => written.push(value) });
      const context = buildContext(win, config());
      // Written once the id is first asked for (a widget request), not before, and in the
      // task after the one that asked.
      await new Promise((next) => setTimeout(next));
      expect(written, url).toHaveLength(0);
      expect(context.siteUid, url).toMatch(/^[\w-]{36}$/);
      expect(written, url).toHaveLength(0);
      await new Promise((next) => setTimeout(next));
      expect(written, url).toHaveLength(1);
      expect(written[0], url).toMatch(/^vitrine_uid=[\w-]+; max-age=31536000; path=\/; SameSite=Lax/);
      expect(written[0].endsWith('; Secure'), url).toBe(secure);
    }
  });
});

