import type { Theme } from '../types/interface';

/** Themes change rarely; a server rendering many pages a second asks once a minute at most. */
const FRESH_MS = 60_000;

const kept = new Map<string, { at: number; themes: Promise<Theme[]> }>();

/**
 * The org's themes for one call: a copy younger than a minute from this process, else a
 * fetch (shared by the calls that ask meanwhile). A failed fetch is not kept and gives
 * [], so the slots render with the built-in themes, as in the browser.
 */
export function loadThemes(key: string, fetchThemes: () => Promise<Theme[]>, now = Date.now()): Promise<Theme[]> {
  const hit = kept.get(key);
  if (hit && now - hit.at < FRESH_MS) return hit.themes;
  const themes = fetchThemes().catch(() => {
    if (kept.get(key)?.themes == themes) kept.delete(key);
    return [] as Theme[];
  });
  kept.set(key, { at: now, themes });
  return themes;
}
