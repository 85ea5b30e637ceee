import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmbedHost, Layout, Plugin } from '../../../../src/browser/host';
import { mountWidget } from '../../../../src/browser/render/mountWidget';
import { builtinCard } from '../../../../src/core/theme/builtinCard';
import { builtinThemes } from '../../../../src/core/theme/builtinThemes';
import type { Theme, WidgetEnvelope } from '../../../../src/types/interface';

// The theme chunk as the page gets it: the script tag's built-in themes come without their
// card (build.mjs), and the chunk, imported after the core has set `window.Vitrine`,
// writes it into them.

const envelope: WidgetEnvelope = {
  errMsg: null,
  numberofdocs: 2,
  success: '0',
  widgetType: 'trending',
  widgetName: 'Trending',
  products: [1, 2].map((i) => ({ name: `Product ${i}`, sku: `P-${i}`, price: 10 * i, smallImage: `/p${i}.svg`, currentPageUrl: `/products/p${i}` })),
};

/** The built-in themes as the script tag holds them before the chunk has run. */
const withoutCard = (): Record<Layout, Theme> => ({
  carousel: { ...builtinThemes.carousel, htmlTemplate: undefined as unknown as string },
  matrix: { ...builtinThemes.matrix, htmlTemplate: undefined as unknown as string },
  bundle: { ...builtinThemes.bundle, htmlTemplate: undefined as unknown as string },
});

/** Imports the chunk, fresh, on a page whose `window.Vitrine` is `vitrine`. */
async function loadChunk(vitrine: unknown): Promise<void> {
  if (vitrine) (window as { Vitrine?: unknown }).Vitrine = vitrine;
  vi.resetModules();
  await import('../../../../src/browser/theme/entry');
}

afterEach(() => {
  delete (window as { Vitrine?: unknown }).Vitrine;
  document.body.innerHTML = '';
});

const root = () => document.body.appendChild(document.createElement('div')).appendChild(document.createElement('div'));

describe('theme chunk', () => {
  it("writes the card into the core's built-in themes, which then render it", async () => {
    const plugins: Plugin[] = [];
    await loadChunk({ use: (plugin: Plugin) => plugins.push(plugin) });
    expect(plugins).toHaveLength(1);
    const themes = withoutCard();
    plugins[0]({ builtinThemes: themes } as unknown as EmbedHost);
    expect(Object.values(themes).map((t) => t.htmlTemplate)).toEqual([builtinCard, builtinCard, builtinCard]);
    const el = root();
    const result = mountWidget(el, { envelope, layout: 'matrix', theme: themes.matrix, locale: 'en-US', currency: 'USD' });
    expect(result.ok).toBe(true);
    expect(Array.from(el.querySelectorAll('.vitrine__name'), (n) => n.textContent)).toEqual(['Product 1', 'Product 2']);
  });

  it('a built-in theme whose card did not arrive renders nothing and says which file it waited for', () => {
    const el = root();
    const result = mountWidget(el, { envelope, layout: 'matrix', theme: withoutCard().matrix, locale: 'en-US' });
    expect(result).toEqual({ ok: false, error: 'theme "vitrine-matrix": its template did not load (vitrine-theme.js)' });
    expect(el.childNodes).toHaveLength(0);
  });

  it('does nothing on a page without Vitrine', async () => {
    await expect(loadChunk(undefined)).resolves.toBeUndefined();
    await expect(loadChunk({ version: 'other' })).resolves.toBeUndefined();
  });
});
