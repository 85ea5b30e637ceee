import { describe, expect, it } from 'vitest';
import { chooseTheme } from '../../../../src/core/theme/chooseTheme';
import { createThemeStore } from '../../../../src/browser/theme/createThemeStore';
import { builtinThemes } from '../../../../src/core/theme/builtinThemes';
import type { Theme } from '../../../../src/types/interface';

const theme = (themeId: string, displayType: string, divisionId: string | null = null): Theme => ({ ...builtinThemes.carousel, id: themeId, themeId, displayType, divisionId });
const themes = [theme('grid', 'matrix'), theme('slider', 'carousel'), theme('mine', 'bundle', 'pdp-x')];

describe('chooseTheme', () => {
  it('follows the order: named, made for the slot, matching layout, built-in', () => {
    expect(chooseTheme(themes, { divisionId: 'a', themeId: 'grid' }, 'carousel')).toMatchObject({ layout: 'matrix', theme: { themeId: 'grid' } });
    expect(chooseTheme(themes, { divisionId: 'pdp-x' }, 'carousel').theme.themeId).toBe('mine');
    expect(chooseTheme(themes, { divisionId: 'a', layout: 'matrix' }, 'carousel').theme.themeId).toBe('grid');
    expect(chooseTheme([], { divisionId: 'a', themeId: 'gone' }, 'bundle')).toEqual({ theme: builtinThemes.bundle, layout: 'bundle' });
  });
});

describe('createThemeStore', () => {
  it('fetches once per page and serves later page views from storage', async () => {
    localStorage.clear();
    let loads = 0;
    const load = async () => (loads++, themes);
    expect(await createThemeStore(window, 'o', load).get()).toEqual(themes);
    const again = createThemeStore(window, 'o', load);
    await again.get();
    await again.get();
    expect(loads).toBe(1);
  });
  it('serves a stale copy at once and refreshes it behind', async () => {
    localStorage.setItem('vitrine:themes:o', JSON.stringify({ at: 0, themes: [themes[0]] }));
    let loads = 0;
    const store = createThemeStore(window, 'o', async () => (loads++, themes), () => 11 * 60_000);
    expect(await store.get()).toEqual([themes[0]]);
    await new Promise((r) => setTimeout(r));
    expect(loads).toBe(1);
    expect(JSON.parse(localStorage.getItem('vitrine:themes:o')!).themes).toHaveLength(3);
  });
  it('resolves to no themes when the endpoint fails, so built-ins render', async () => {
    localStorage.clear();
    expect(await createThemeStore(window, 'o', () => Promise.reject(new Error('500'))).get()).toEqual([]);
  });
});
