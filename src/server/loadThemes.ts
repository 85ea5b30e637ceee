import type { Theme } from '../types/interface';

/** Themes change rarely; a server rendering many pages a second asks once a minute at most. */
const FRESH_MS = 60_000;

/**
 * A server rendering for many shops keeps the themes of the 500 it rendered for last:
 * a bounded memory (some 10,000 orgs an hour would otherwise stay for the life of the
 * process), while the shops a server renders for all the time never leave it.
 */
const KEEP = 500;

const kept = new Map<string, { at: number; themes: Promise<Theme[]> }>();

/**
 * The org's themes for one call: a copy younger than a minute from this process, else a
 * fetch (shared by the calls that ask meanwhile). A failed fetch is not kept and gives
 * [], so the slots render with the built-in themes, as in the browser. The copies are
 * kept in the order they were last used, and the least recently used goes first.
 */
export function loadThemes(key: string, fetchThemes: () => Promise<Theme[]>, now = Date.now()): Promise<Theme[]> {
  const hit = kept.get(key);
  kept.delete(key);
  if (hit && now - hit.at < FRESH_MS) {
    kept.set(key, hit);
    return hit.themes;
  }
  const themes = fetchThemes().catch(() => {
    if (kept.get(key)?.themes == themes) kept.delete(key);
    return [] as Theme[];
  });
  kept.set(key, { at: now, themes });
  if (kept.size > KEEP) kept.delete(kept.keys().next().value!);
  return themes;
}
