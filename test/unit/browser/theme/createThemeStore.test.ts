import { beforeEach, describe, expect, it } from 'vitest';
import { createThemeStore } from '../../../../src/browser/theme/createThemeStore';
import { builtinThemes } from '../../../../src/core/theme/builtinThemes';
import type { Theme } from '../../../../src/types/interface';

// theme.test.ts covers the fetch once, the stale copy refreshed behind, and [] on failure.
// These are the cases around them: slots asking together, the age limit, and storage
// that is corrupt, full or blocked.

const theme = (themeId: string): Theme => ({ ...builtinThemes.carousel, id: themeId, themeId });
const MINUTE = 60_000;

/** A theme endpoint that counts its calls and can be made to fail. */
function endpoint(themes: Theme[]) {
  const state = { loads: 0, fail: false };
  const load = async () => {
    state.loads++;
    await new Promise((r) => setTimeout(r));
    if (state.fail) throw new Error('HTTP 500');
    return themes;
  };
  return Object.assign(state, { load });
}
const stored = (orgId: string) => JSON.parse(localStorage.getItem('vitrine:themes:' + orgId) || 'null');
const settle = () => new Promise((r) => setTimeout(r, 5));

beforeEach(() => localStorage.clear());

describe('createThemeStore', () => {
  it('makes one request however many slots ask at once', async () => {
    const api = endpoint([theme('warm')]);
    const store = createThemeStore(window, 'o', api.load);
    const answers = await Promise.all([store.get(), store.get(), store.get()]);
    expect(answers).toEqual([[theme('warm')], [theme('warm')], [theme('warm')]]);
    expect(api.loads).toBe(1);
  });

  it('uses a copy younger than ten minutes without asking, and refreshes an older one', async () => {
    localStorage.setItem('vitrine:themes:o', JSON.stringify({ at: 0, themes: [theme('old')] }));
    const api = endpoint([theme('new')]);
    expect(await createThemeStore(window, 'o', api.load, () => 10 * MINUTE).get()).toEqual([theme('old')]);
    await settle();
    expect(api.loads).toBe(0);
    expect(await createThemeStore(window, 'o', api.load, () => 10 * MINUTE + 1).get()).toEqual([theme('old')]);
    await settle();
    expect(api.loads).toBe(1);
    expect(stored('o')).toEqual({ at: 10 * MINUTE + 1, themes: [theme('new')] });
  });

  it('keeps serving the stale copy when its refresh fails', async () => {
    localStorage.setItem('vitrine:themes:o', JSON.stringify({ at: 0, themes: [theme('old')] }));
    const api = endpoint([]);
    api.fail = true;
    const store = createThemeStore(window, 'o', api.load, () => 60 * MINUTE);
    expect(await store.get()).toEqual([theme('old')]);
    await settle();
    expect(await store.get()).toEqual([theme('old')]);
    expect(stored('o').themes).toEqual([theme('old')]);
  });

  it('does not keep a failure: the next page view asks again', async () => {
    const api = endpoint([theme('warm')]);
    api.fail = true;
    const page = createThemeStore(window, 'o', api.load);
    expect(await page.get()).toEqual([]);
    expect(await page.get()).toEqual([]);
    expect(api.loads).toBe(1);
    expect(stored('o')).toBeNull();
    api.fail = false;
    expect(await createThemeStore(window, 'o', api.load).get()).toEqual([theme('warm')]);
  });

  it('fetches when the kept copy is corrupt', async () => {
    const api = endpoint([theme('warm')]);
    for (const junk of ['{not json', '{"themes":"warm","at":1}', '{"themes":[]}']) {
      localStorage.setItem('vitrine:themes:o', junk);
      expect(await createThemeStore(window, 'o', api.load).get()).toEqual([theme('warm')]);
    }
    expect(api.loads).toBe(3);
  });

  it('keeps each org apart', async () => {
    await createThemeStore(window, 'a', endpoint([theme('from-a')]).load).get();
    expect(await createThemeStore(window, 'b', endpoint([theme('from-b')]).load).get()).toEqual([theme('from-b')]);
  });

  it('still renders themes when storage is blocked or full', async () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const blocked = { get localStorage(): Storage { return denied(); } } as unknown as Window;
    expect(await createThemeStore(blocked, 'o', endpoint([theme('warm')]).load).get()).toEqual([theme('warm')]);
    const full = { localStorage: { getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } } } as unknown as Window;
    expect(await createThemeStore(full, 'o', endpoint([theme('cool')]).load).get()).toEqual([theme('cool')]);
  });
});
