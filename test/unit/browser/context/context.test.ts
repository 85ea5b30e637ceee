import { afterEach, describe, expect, it } from 'vitest';
import { Window as HappyWindow } from 'happy-dom';
import { detectPageType } from '../../../../src/browser/context/detectPageType';
import { readPageKind } from '../../../../src/browser/context/readPageKind';
import { readProduct, pageReader } from '../../../../src/browser/context/readProduct';
import { readPage } from '../../../../src/browser/context/readPage';
import { readSource } from '../../../../src/browser/context/readSource';
import { forgetVisitorId, readVisitorId } from '../../../../src/browser/context/readVisitorId';

const pages: HappyWindow[] = [];
function open(url: string, head = '', body = ''): Window {
  const win = new HappyWindow({ url });
  pages.push(win);
  win.document.head.innerHTML = head;
  win.document.body.innerHTML = body;
  return win as unknown as Window;
}

afterEach(async () => {
  pageReader.read = undefined;
  await Promise.all(pages.splice(0).map((p) => p.happyDOM.close()));
  localStorage.clear();
  document.cookie = 'vitrine_uid=; max-age=0; path=/';
});

describe('detectPageType', () => {
  it.each([
    ['/products/wool-coat', 'product_page'],
    ['/collections/knitwear', 'collection_page'],
    ['/cart', 'cart_page'],
    ['/orders/1042/confirmation', 'order_page'],
    ['/checkouts/abc/thank_you', 'order_page'],
    ['/', 'home_page'],
  ])('%s is a %s', (path, page) => {
    expect(detectPageType(open('https://shop.example' + path), false)).toBe(page);
  });
  it('takes a page that describes a product as a product page, and says nothing of a page that gives no sign', () => {
    expect(detectPageType(open('https://shop.example/p/123'), true)).toBe('product_page');
    expect(detectPageType(open('https://shop.example/p/123'), false)).toBeUndefined();
  });
});

describe('readPageKind (the page chunk: blogs and 404 pages)', () => {
  it('knows a blog path, after the product, collection, cart and order paths', () => {
    expect(readPageKind(open('https://shop.example/blogs/journal/caring-for-wool'), false)).toBe('blogs_articles_page');
    expect(readPageKind(open('https://shop.example/blogs/journal/caring-for-wool'), true)).toBe('blogs_articles_page');
    expect(readPageKind(open('https://shop.example/products/news/'), false)).toBeUndefined();
  });
  it('knows a 404 page by its title or template class, unless the URL or a product says otherwise', () => {
    const missing = (path: string, product = false, title = '404 Not Found') => {
      const win = open('https://shop.example' + path);
      win.document.title = title;
      return readPageKind(win, product);
    };
    expect(missing('/no-such-page')).toBe('404_page');
    expect(missing('/no-such-page', true)).toBeUndefined();
    expect(missing('/collections/gone')).toBeUndefined();
    expect(missing('/')).toBeUndefined();
    expect(missing('/about-us', false, 'About us')).toBeUndefined();
  });
});

describe('readProduct (the core: JSON-LD)', () => {
  it('reads a schema.org Product in JSON-LD, also inside @graph, skipping a broken block', () => {
    const win = open('https://shop.example/', `<script type="application/ld+json">{ broken</script>
      <script type="application/ld+json">{"@graph":[{"@type":"WebPage"},{"@type":"Product","name":"Wool Coat","sku":"C-1","image":["/c.png"],"offers":{"price":"120.00","priceCurrency":"EUR"}}]}</script>`);
    expect(readProduct(win)).toMatchObject({ name: 'Wool Coat', sku: 'C-1', price: '120.00', currency: 'EUR', smallImage: '/c.png' });
  });
  it('names a ProductGroup by the group and prices it by its first variant; offers may be a list', () => {
    const win = open('https://shop.example/', `<script type="application/ld+json">{"@type":"ProductGroup","name":"Coat","productGroupID":"G1","hasVariant":[{"@type":"Product","sku":"C-RED","offers":[{"@type":"Offer","price":"99","priceCurrency":"SEK"}]},{"@type":"Product","sku":"C-BLUE"}]}</script>`);
    expect(readProduct(win)).toMatchObject({ name: 'Coat', sku: 'C-RED', price: '99', currency: 'SEK' });
  });
  it('leaves microdata and meta tags to the page chunk', () => {
    const head = '<meta property="og:type" content="product"><meta property="og:title" content="Mug"><meta property="product:retailer_item_id" content="M-9">';
    expect(readProduct(open('https://shop.example/', head))).toEqual({ currentPageUrl: 'https://shop.example/' });
    pageReader.read = readPage;
    expect(readProduct(open('https://shop.example/', head))).toMatchObject({ name: 'Mug', sku: 'M-9' });
  });
});

describe('readPage (the page chunk)', () => {
  it('gives a property to the nearest item above it: a brand or a breadcrumb name is not the product name', () => {
    const win = open('https://shop.example/', '', `<div itemscope itemtype="https://schema.org/Product">
      <div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Acme</span></div>
      <h1 itemprop="name">Anvil</h1><span itemprop="sku">A-1</span>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="USD"><span itemprop="url">/offer</span></div></div>`);
    expect(readPage(win)).toMatchObject({ name: 'Anvil', sku: 'A-1', currency: 'USD' });
  });
  it('reads nothing through a polluted prototype or a throwing getter', () => {
    const win = open('https://shop.example/');
    (Object.prototype as Record<string, unknown>).active = 'XXX';
    try {
      Object.defineProperty(win, 'Shopify', { value: { currency: {} }, configurable: true });
      Object.defineProperty(win, 'BCData', { get() { throw new Error('no'); }, configurable: true });
      expect(readSource(win, 'window.Shopify.currency.active')).toBeUndefined();
      expect(readSource(win, 'window.BCData.product_attributes.sku')).toBeUndefined();
    } finally {
      delete (Object.prototype as Record<string, unknown>).active;
    }
  });
  it('reads an attribute as JSON, and the first of several places that holds something', () => {
    const win = open('https://shop.example/', '', `<div id="d" data-product='{"reference":"R-7"}'></div><div id="bad" data-product="{not json"></div>`);
    expect(readSource(win, '#bad @data-product.reference || #d @data-product.reference')).toBe('R-7');
  });
});

/** The task after this one: where the id read in it is written. */
const nextTask = () => new Promise((next) => setTimeout(next));

describe('readVisitorId', () => {
  it('creates an id once and keeps it, written in the task after the one that read it', async () => {
    const id = readVisitorId(window, true);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(readVisitorId(window, true)).toBe(id);
    expect(document.cookie).not.toContain('vitrine_uid');
    expect(localStorage.getItem('vitrine_uid')).toBeNull();
    await nextTask();
    expect(document.cookie).toContain('vitrine_uid=' + id);
    expect(localStorage.getItem('vitrine_uid')).toBe(id);
    expect(readVisitorId(window, true)).toBe(id);
  });
  it('takes the id from the cookie a shop server set, the visitor its widgets were rendered for, without reading localStorage', async () => {
    localStorage.setItem('vitrine_uid', '99999999-2222-4333-8444-555555555555');
    document.cookie = 'vitrine_uid=11111111-2222-4333-8444-555555555555; path=/';
    const reads: string[] = [];
    const watched = {
      crypto: window.crypto,
      location: window.location,
      document,
      get localStorage(): Storage {
        reads.push('localStorage');
        return window.localStorage;
      },
    } as unknown as Window;
    expect(readVisitorId(watched, true)).toBe('11111111-2222-4333-8444-555555555555');
    await nextTask();
    expect(reads).toEqual([]);
    // Without the cookie, localStorage's copy is the visitor (a cookie cleared or capped).
    document.cookie = 'vitrine_uid=; max-age=0; path=/';
    expect(readVisitorId(watched, true)).toBe('99999999-2222-4333-8444-555555555555');
    await nextTask();
    expect(document.cookie).toContain('vitrine_uid=99999999-2222-4333-8444-555555555555');
  });
  it('still gives an id when storage and cookies throw, and throws nothing when it writes it', async () => {
    const blocked = {
      crypto: window.crypto,
      location: window.location,
      get localStorage(): Storage { throw new DOMException('denied', 'SecurityError'); },
      document: { get cookie(): string { throw new DOMException('denied', 'SecurityError'); }, set cookie(_: string) { throw new DOMException('denied', 'SecurityError'); } },
    } as unknown as Window;
    const errors: unknown[] = [];
    const heard = (e: ErrorEvent) => errors.push(e.error);
    window.addEventListener('error', heard);
    const id = readVisitorId(blocked, true);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await nextTask();
    window.removeEventListener('error', heard);
    expect(errors).toEqual([]);
    // Nowhere to keep it: the page keeps it in memory no longer than the write.
    expect(readVisitorId(blocked, true)).not.toBe(id);
  });
  it('a new visitor read twice before the write is one visitor, stored once', async () => {
    const written: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const watched = {
      crypto: window.crypto,
      location: window.location,
      localStorage: window.localStorage,
      document: { get cookie() { return cookie.get!.call(document); }, set cookie(value: string) { written.push(value); cookie.set!.call(document, value); } },
    } as unknown as Window;
    const id = readVisitorId(watched, true);
    expect(readVisitorId(watched, true)).toBe(id);
    expect(written).toEqual([]);
    await nextTask();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(new RegExp('^vitrine_uid=' + id + '; max-age=31536000; path=/; SameSite=Lax'));
    expect(readVisitorId(watched, true)).toBe(id);
  });
  it('consent withdrawn between the read and the write: nothing is written', async () => {
    const id = readVisitorId(window, true);
    forgetVisitorId(window);
    await nextTask();
    expect(document.cookie).not.toMatch(/vitrine_uid=[\w-]/);
    expect(localStorage.getItem('vitrine_uid')).toBeNull();
    // Asked again (consent given again), it is a new visitor, stored.
    const next = readVisitorId(window, true);
    expect(next).not.toBe(id);
    await nextTask();
    expect(localStorage.getItem('vitrine_uid')).toBe(next);
  });
  it('gives a plain-http page, whose crypto has no randomUUID, a random id of 32 hex digits that the next page view reads back', async () => {
    // Browsers leave crypto.randomUUID out of insecure contexts; getRandomValues stays.
    const insecure = { crypto: { getRandomValues: window.crypto.getRandomValues.bind(window.crypto) }, location: window.location, document, localStorage: window.localStorage } as unknown as Window;
    const id = readVisitorId(insecure, true);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(readVisitorId(insecure, false)).not.toBe(id);
    expect(readVisitorId(insecure, false)).toMatch(/^[0-9a-f]{32}$/);
    await nextTask();
    localStorage.clear();
    expect(readVisitorId(insecure, true)).toBe(id);
  });
});
