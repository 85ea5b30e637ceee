import { describe, expect, it } from 'vitest';
import { createSender } from '../../../../src/browser/analytics/createSender';

const params = { item_list_id: 'home-picks', items: [{ item_id: 'MV-1', item_name: 'Mug', price: 12, index: 0 }] };

/** A page with Google's documented globals: `dataLayer` an array, `gtag` pushing its arguments. */
function page(globals: { dataLayer?: boolean; gtag?: boolean }) {
  const gtagCalls: unknown[][] = [];
  const win: Record<string, unknown> = {};
  if (globals.dataLayer) win.dataLayer = [];
  if (globals.gtag) win.gtag = (...args: unknown[]) => void gtagCalls.push(args);
  return { win: win as unknown as Window, layer: () => win.dataLayer as unknown[], gtagCalls };
}

describe('createSender', () => {
  it('pushes a reset, then the event, to the dataLayer', () => {
    const p = page({ dataLayer: true, gtag: true });
    createSender(p.win, 'datalayer')('view_item_list', params);
    expect(p.layer()).toEqual([{ ecommerce: null }, { event: 'view_item_list', ecommerce: params }]);
    expect(p.gtagCalls).toEqual([]);
  });

  it('uses gtag when there is no dataLayer, or when asked to', () => {
    const alone = page({ gtag: true });
    createSender(alone.win, 'datalayer')('select_item', params);
    expect(alone.gtagCalls).toEqual([['event', 'select_item', params]]);
    const both = page({ dataLayer: true, gtag: true });
    createSender(both.win, 'gtag')('select_item', params);
    expect(both.gtagCalls).toEqual([['event', 'select_item', params]]);
    expect(both.layer()).toEqual([]);
  });

  it('finds a tag that loads after Vitrine', () => {
    const p = page({});
    const send = createSender(p.win, 'datalayer');
    (p.win as unknown as { dataLayer: unknown[] }).dataLayer = [];
    send('view_item_list', params);
    expect(p.layer()).toHaveLength(2);
  });

  it('does nothing, and throws nothing, without a tag or with a broken one', () => {
    expect(() => createSender(page({}).win)('view_item_list', params)).not.toThrow();
    const broken = { dataLayer: { push: () => { throw new Error('tag manager crashed'); } } } as unknown as Window;
    expect(() => createSender(broken)('view_item_list', params)).not.toThrow();
  });
});
