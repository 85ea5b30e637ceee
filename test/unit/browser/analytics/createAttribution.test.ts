import { afterEach, describe, expect, it } from 'vitest';
import { createAttributionStore, type Attribution } from '../../../../src/browser/analytics/createAttribution';

const click: Attribution = { slot: 'pdp-also-viewed', algorithm: 'viewedalsoviewed', position: 2, sku: 'MV-KNI-002', name: 'Colmar Cardigan', at: 1_790_000_000_000 };
const KEY = 'vitrine_attribution';

/** A tab of the shop at `path`, with this tab's sessionStorage (happy-dom's own). */
function tab(path: string) {
  history.replaceState(null, '', path);
  return window;
}

afterEach(() => sessionStorage.clear());

describe('createAttributionStore', () => {
  it('keeps a click in sessionStorage when storage is allowed; the product page it opened finds it', () => {
    createAttributionStore(tab('/collections/knitwear'), () => true).record(click, '/products/colmar-cardigan?variant=3');
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toMatchObject(click);
    const next = createAttributionStore(tab('/products/colmar-cardigan'), () => true);
    expect(next.current(undefined)).toEqual(click);
    // Another page of the tab was not opened by that click, unless it shows the same product.
    expect(createAttributionStore(tab('/products/other'), () => true).current('MV-1')).toBeNull();
    expect(createAttributionStore(tab('/p/1234'), () => true).current('MV-KNI-002')).toEqual(click);
  });

  it('before consent keeps the click in memory only', () => {
    const store = createAttributionStore(tab('/'), () => false);
    store.record(click, '/');
    expect(sessionStorage.length).toBe(0);
    expect(store.current(undefined)).toEqual(click);
    // Granted later: the click in memory is stored; withdrawn: it is removed again.
    store.consent(true);
    expect(sessionStorage.getItem(KEY)).not.toBeNull();
    store.consent(false);
    expect(sessionStorage.length).toBe(0);
    expect(store.current(undefined)).toEqual(click);
  });

  it('ignores a stored entry that is not a click it wrote', () => {
    for (const bad of ['not json', '[]', '{"slot":1}', '{"slot":"x"}', 'null']) {
      sessionStorage.setItem(KEY, bad);
      expect(createAttributionStore(tab('/'), () => true).current(undefined)).toBeNull();
    }
    // Only the documented fields come back, whatever else the entry holds.
    sessionStorage.setItem(KEY, JSON.stringify({ ...click, path: '/', extra: '<img src=x>' }));
    expect(createAttributionStore(tab('/'), () => true).current(undefined)).toEqual(click);
  });

  it('works on, in memory, when storage throws', () => {
    const blocked = new Proxy(tab('/products/colmar-cardigan'), {
      get: (target, key) => {
        if (key == 'sessionStorage') throw new DOMException('blocked', 'SecurityError');
        const value = Reflect.get(target, key);
        return typeof value == 'function' ? value.bind(target) : value;
      },
    });
    const store = createAttributionStore(blocked, () => true);
    expect(() => store.record(click, '/products/colmar-cardigan')).not.toThrow();
    expect(store.current(undefined)).toEqual(click);
  });
});
