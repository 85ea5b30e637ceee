import type { Theme } from '../../types/interface';
import { parseJson } from '../../core/api/parseJson';
import { toJson } from '../../core/util/toJson';

/** Themes change rarely; within this age a cached copy is used without asking. */
const FRESH_MS = 10 * 60 * 1000;

export interface ThemeStore {
  get(): Promise<Theme[]>;
}

/**
 * The org's themes, fetched at most once per page and kept in localStorage across page
 * views (stale-while-revalidate: a stale copy renders now and is refreshed behind it).
 * A failed fetch resolves to the cached copy or [] so slots fall back to built-ins.
 */
export function createThemeStore(win: Window, orgId: string, load: () => Promise<Theme[]>, now = Date.now): ThemeStore {
  const key = 'vitrine:themes:' + orgId;
  let pending: Promise<Theme[]> | undefined;
  let cached: { at: number; themes: Theme[] } | undefined;
  // Read when a slot first needs themes, not as the script starts: a page whose slots are
  // all far below never touches localStorage for them.
  const readKept = () => {
    try {
      // Kept copies are read like an answer: fields on null-prototype objects.
      const parsed = parseJson(win.localStorage.getItem(key) || 'null') as typeof cached;
      if (parsed && Array.isArray(parsed.themes) && typeof parsed.at === 'number') cached = parsed;
    } catch {
      /* storage blocked or corrupt: fetch */
    }
  };
  const fetchAndKeep = () =>
    load().then((themes) => {
      try {
        // Own fields: a page's `toJSON` (Prototype.js puts one on arrays) would write something else.
        win.localStorage.setItem(key, toJson({ at: now(), themes }));
      } catch {
        /* quota or blocked: this page still has them */
      }
      return themes;
    });
  return {
    get() {
      if (!pending) {
        readKept();
        if (cached) {
          pending = Promise.resolve(cached.themes);
          if (now() - cached.at > FRESH_MS) fetchAndKeep().catch(() => {});
        } else pending = fetchAndKeep().catch(() => []);
      }
      return pending;
    },
  };
}
