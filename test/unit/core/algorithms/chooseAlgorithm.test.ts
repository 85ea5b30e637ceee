import { describe, expect, it } from 'vitest';
import { chooseAlgorithm } from '../../../../src/core/algorithms/chooseAlgorithm';
import { readSlot } from '../../../../src/browser/slots/readSlot';

describe('chooseAlgorithm', () => {
  it('takes the first recommended algorithm whose inputs the page has', () => {
    expect(chooseAlgorithm('product_page', { pname: 'Coat', sku: 'C-1' })).toBe('contentbasedreco');
    expect(chooseAlgorithm('collection_page', { sku: 'C-1' })).toBe('categoryreco');
    expect(chooseAlgorithm('collection_page', {})).toBe('trending');
    expect(chooseAlgorithm('home_page', {})).toBe('recentviews');
    expect(chooseAlgorithm('order_page', {})).toBe('trending');
  });
  it('falls back to an algorithm the page may show, then to trending', () => {
    expect(chooseAlgorithm('blogs_articles_page', {})).toBe('recentviews');
    expect(chooseAlgorithm('ajax_cart_page', {})).toBe('trending');
  });
});

// What a slot's settings mean is the slot lifecycle's (test/unit/core/slots): here, where the browser reads them.
describe('readSlot', () => {
  const slot = (html: string) => {
    document.body.innerHTML = html;
    return readSlot(document.body.firstElementChild as HTMLElement);
  };
  it('reads every slot attribute', () => {
    expect(slot('<div id="s" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="4" data-vitrine-title="Hot" data-vitrine-theme="t1" data-vitrine-pname="Mug" data-vitrine-sku="M"></div>')).toEqual({
      spec: { divisionId: 's', algorithms: ['trending'], layout: 'matrix', max: 4, title: 'Hot', themeId: 't1', pname: 'Mug', sku: 'M' },
    });
  });
});
