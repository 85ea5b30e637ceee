import { sanitizeNodes } from '../../../../src/browser/sanitize/sanitizeHtml';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h } from 'preact';
import { layouts } from '../../../../src/browser/layouts/layouts';
import { mountWidget } from '../../../../src/browser/render/mountWidget';
import type { EmbedHost, Plugin } from '../../../../src/browser/host';
import { cartPlugin } from '../../../../src/browser/cart/cartPlugin';
import type { WidgetEnvelope } from '../../../../src/types/interface';
import { builtinThemes } from '../../../../src/core/theme/builtinThemes';
import { themeScript } from '../../../../src/browser/theme/themeScript';
import { cardMaker } from '../../../../src/browser/render/cardMaker';
import { prepareFormat } from '../../../../src/browser/render/prepareFormat';

// The bundle chunk as the page gets it: imported after the core has set `window.Vitrine`.
// In the shipped chunk, `preact` means src/browser/layouts/preact.ts (build.mjs), bound to the
// core's `h` when the chunk plugs in; here the layout's own import is the same Preact.

const envelope: WidgetEnvelope = {
  errMsg: null,
  numberofdocs: 4,
  success: '0',
  widgetType: 'crosssell',
  widgetName: 'Complete the look',
  products: [10, 20, 30, 40].map((price, i) => ({ name: `Add-on ${i + 1}`, sku: `A-${i + 1}`, price, smallImage: '/a.svg', currentPageUrl: `/products/a${i + 1}` })),
};
const anchor = { name: 'Wool Coat', sku: 'C-1', price: '120' };

function fakeHost(): EmbedHost {
  return {
    win: window as unknown as Window,
    doc: document,
    config: { baseUrl: 'https://api.test', orgId: 'org-1', apiKey: 'key', debug: false, endpoints: {}, assetBase: '/dist/', setting: () => undefined },
    context: () => ({ pageType: 'product_page', pname: 'Wool Coat', sku: 'C-1', siteUid: 'v-1', domain: 'shop.test', locale: 'en-GB', currency: 'EUR' }),
    request: async () => ({}),
    mayStore: () => true,
    themes: async () => [],
    strings: async () => ({}),
    translations: {},
    render: () => {},
    slots: { track() {}, refresh() {}, sweep() {}, fail() {}, update() {} },
    // The core hands the chunk the very object mountWidget reads its layouts from.
    layouts,
    builtinThemes,
    themeScript,
    cards: cardMaker,
    h,
    sanitize: sanitizeNodes,
    prepareFormat,
    log: () => {},
    history: [],
  };
}

/** Imports the chunk, fresh, on a page whose `window.Vitrine` is `vitrine`. */
async function loadChunk(vitrine: unknown): Promise<void> {
  if (vitrine) (window as { Vitrine?: unknown }).Vitrine = vitrine;
  vi.resetModules();
  await import('../../../../src/browser/bundle/entry');
}

beforeEach(() => {
  document.body.innerHTML = '<div id="pdp-bundle" data-vitrine="crosssell"></div>';
});
afterEach(() => {
  delete layouts.bundle;
  delete (window as { Vitrine?: unknown }).Vitrine;
});

const slot = () => document.getElementById('pdp-bundle')!;
const total = () => slot().querySelector('.vitrine__total')!.textContent;

async function mountBundle() {
  const plugins: Plugin[] = [];
  await loadChunk({ use: (plugin: Plugin) => plugins.push(plugin) });
  expect(plugins).toHaveLength(1);
  const host = fakeHost();
  plugins[0](host);
  const root = slot().appendChild(document.createElement('div'));
  const result = mountWidget(root, { envelope, layout: 'bundle', anchor, locale: 'en-GB', currency: 'EUR' });
  return { host, result };
}

describe('bundle chunk', () => {
  it('adds the bundle layout to the core when it loads', async () => {
    expect(layouts.bundle).toBeUndefined();
    const { result } = await mountBundle();
    expect(result.ok).toBe(true);
    expect(typeof layouts.bundle).toBe('function');
    expect(slot().querySelector('.vitrine')!.className).toBe('vitrine vitrine--bundle vitrine-theme--vitrine-bundle');
  });

  it("renders the page's product and three add-ons with checkboxes and a total, with the core's Preact", async () => {
    const { host } = await mountBundle();
    // What the shipped chunk calls `h` is the host's own.
    expect((await import('../../../../src/browser/layouts/preact')).h).toBe(host.h);
    const items = Array.from(slot().querySelectorAll('.vitrine__bundle-item'));
    expect(items.map((li) => li.querySelector('.vitrine__sr')!.textContent)).toEqual(['Wool Coat', 'Add-on 1', 'Add-on 2', 'Add-on 3']);
    const boxes = items.map((li) => li.querySelector<HTMLInputElement>('input[type=checkbox]')!);
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([[true, true], [true, false], [true, false], [true, false]]);
    expect(total()).toBe('Total for 4 items: €180.00');
    expect(slot().querySelector('.vitrine__add')!.textContent).toBe('Add all 4 to cart');
  });

  it('keeps the total in step with the ticked add-ons and adds the chosen set to the cart', async () => {
    await mountBundle();
    // The bundle's button is the cart chunk's (the page loads it beside the bundle).
    cartPlugin(fakeHost());
    const added: CustomEvent[] = [];
    slot().addEventListener('vitrine:add-to-cart', (e) => added.push(e as CustomEvent));
    slot().querySelectorAll<HTMLInputElement>('.vitrine__bundle-item input')[2].click(); // Add-on 2
    expect(total()).toBe('Total for 3 items: €160.00');
    slot().querySelector<HTMLButtonElement>('.vitrine__add')!.click();
    expect(added).toHaveLength(1);
    expect(added[0].detail).toMatchObject({ total: 160, currency: 'EUR' });
    expect(added[0].detail.products.map((p: { name: string }) => p.name)).toEqual(['Wool Coat', 'Add-on 1', 'Add-on 3']);
  });

  it('does nothing on a page without Vitrine, and a bundle shows as a grid', async () => {
    await expect(loadChunk(undefined)).resolves.toBeUndefined();
    await expect(loadChunk({ version: 'other' })).resolves.toBeUndefined();
    expect(layouts.bundle).toBeUndefined();
    const root = slot().appendChild(document.createElement('div'));
    expect(mountWidget(root, { envelope, layout: 'bundle', anchor, locale: 'en-GB', currency: 'EUR' }).ok).toBe(true);
    expect(root.querySelector('.vitrine__bundle')).toBeNull();
    expect(root.querySelectorAll('input[type=checkbox]')).toHaveLength(0);
  });
});
