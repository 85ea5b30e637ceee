// @vitest-environment node
// The server's theme cache: what a process rendering for many shops keeps of their themes.
import { describe, expect, it } from 'vitest';
import type { Theme } from '../../../src/types/interface';
import { loadThemes } from '../../../src/server/loadThemes';

const fetched: string[] = [];
const ask = (key: string, now = 0) =>
  loadThemes(
    key,
    async () => {
      fetched.push(key);
      return [{ themeId: key } as Theme];
    },
    now,
  );

describe('loadThemes', () => {
  it('keeps the 500 orgs rendered for last, out of 10,000', async () => {
    fetched.length = 0;
    for (let i = 0; i < 10_000; i++) await ask('org-' + i);
    expect(fetched).toHaveLength(10_000);
    fetched.length = 0;
    // The newest 500, newest first: all kept.
    for (let i = 9_999; i >= 9_500; i--) expect((await ask('org-' + i))[0].themeId).toBe('org-' + i);
    expect(fetched).toEqual([]);
    // The one before them, and the first of all, are asked for again.
    await ask('org-9499');
    await ask('org-0');
    expect(fetched).toEqual(['org-9499', 'org-0']);
  });

  it('keeps an org it renders for all the time, however many others pass', async () => {
    fetched.length = 0;
    await ask('busy-shop');
    for (let i = 0; i < 5_000; i++) {
      await ask('passing-' + i);
      if (i % 400 == 0) await ask('busy-shop');
    }
    expect(fetched.filter((key) => key == 'busy-shop')).toHaveLength(1);
  });

  it('asks again after a minute, and keeps no failed answer', async () => {
    fetched.length = 0;
    await ask('a', 0);
    await ask('a', 59_999);
    await ask('a', 60_000);
    expect(fetched).toEqual(['a', 'a']);
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('down'));
    };
    expect(await loadThemes('down', failing, 0)).toEqual([]);
    expect(await loadThemes('down', failing, 1)).toEqual([]);
    expect(calls).toBe(2);
  });
});
