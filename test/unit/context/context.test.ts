import { afterEach, describe, expect, it } from 'vitest';
import { detectPageType } from '../../../src/context/detectPageType';
import { readProduct } from '../../../src/context/readProduct';
import { readVisitorId } from '../../../src/context/readVisitorId';

afterEach(() => {
  document.head.innerHTML = '';
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
    ['/blogs/journal/caring-for-wool', 'blogs_articles_page'],
    ['/', 'home_page'],
  ])('%s is a %s', (path, page) => {
    expect(detectPageType(path, document, false)).toBe(page);
  });
  it('takes a page that describes a product as a product page', () => {
    expect(detectPageType('/p/123', document, true)).toBe('product_page');
  });
});

describe('readProduct', () => {
  it('reads a schema.org Product in JSON-LD, also inside @graph', () => {
    document.head.innerHTML = `<script type="application/ld+json">{ broken</script>
      <script type="application/ld+json">{"@graph":[{"@type":"WebPage"},{"@type":"Product","name":"Wool Coat","sku":"C-1","image":["/c.png"],"offers":{"price":"120.00","priceCurrency":"EUR"}}]}</script>`;
    expect(readProduct(document)).toMatchObject({ name: 'Wool Coat', sku: 'C-1', price: '120.00', currency: 'EUR', smallImage: '/c.png' });
  });
  it('falls back to Open Graph product tags', () => {
    document.head.innerHTML = '<meta property="og:type" content="product"><meta property="og:title" content="Mug"><meta property="product:retailer_item_id" content="M-9">';
    expect(readProduct(document)).toMatchObject({ name: 'Mug', sku: 'M-9' });
  });
  it('finds nothing on a page without a product', () => {
    expect(readProduct(document)).toBeNull();
  });
});

describe('readVisitorId', () => {
  it('creates an id once and keeps it', () => {
    const id = readVisitorId(window, true);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(readVisitorId(window, true)).toBe(id);
    expect(document.cookie).toContain('vitrine_uid=' + id);
  });
  it('still gives an id when storage and cookies throw', () => {
    const blocked = {
      crypto: window.crypto,
      get localStorage(): Storage { throw new DOMException('denied', 'SecurityError'); },
      document: { get cookie(): string { throw new DOMException('denied', 'SecurityError'); }, set cookie(_: string) { throw new DOMException('denied', 'SecurityError'); } },
    } as unknown as Window;
    expect(readVisitorId(blocked, true)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
