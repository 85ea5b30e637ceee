import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Theme } from '../../../src/types/interface';
import { loadStudio, saveStudio, type Draft, type StudioState } from '../studioDraft';

/** The state is written this long after the last change, not on every key; leaving the page writes at once. */
const SAVE_DELAY_MS = 400;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface StudioStore {
  state: StudioState;
  draft: Draft;
  /** Bumped whenever the draft on screen is replaced as a whole (switched, opened, reverted). */
  resetKey: number;
  saved: boolean | null;
  update(patch: Partial<Omit<StudioState, 'drafts' | 'current'>>): void;
  setTheme(change: (theme: Theme) => Theme): void;
  /** Starts a draft from `theme` and shows it; nothing else is lost. */
  addDraft(theme: Theme, originLabel: string): void;
  switchDraft(key: string): void;
  deleteDraft(key: string): void;
  revertDraft(): void;
}

/**
 * Every draft and setting of the studio, saved in localStorage 400 ms after a change
 * and at once when the page is hidden or closed (an edit just before closing the tab
 * is kept). `editorStates` gives the editors' text and undo history to save with the draft.
 */
export function useStudioState(fresh: () => StudioState, editorStates: () => Draft['editors']): StudioStore {
  const [state, setState] = useState<StudioState>(() => loadStudio(storage()) ?? fresh());
  const [resetKey, setResetKey] = useState(0);
  const [saved, setSaved] = useState<boolean | null>(null);
  const latest = useRef(state);
  latest.current = state;

  const draft = useMemo(() => state.drafts.find((d) => d.key === state.current) ?? state.drafts[0], [state]);

  const save = (): void => {
    const s = latest.current;
    const editors = editorStates();
    const drafts = s.drafts.map((d) => (d.key === s.current && editors ? { ...d, editors } : d));
    setSaved(saveStudio(storage(), { ...s, drafts }));
  };

  useEffect(() => {
    const timer = setTimeout(save, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    const flush = (): void => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', flush);
    return () => {
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', flush);
    };
  }, []);

  const replace = (next: (s: StudioState) => StudioState): void => {
    // The editors of the draft being left keep their history in its record.
    const editors = editorStates();
    setState((s) => next({ ...s, drafts: s.drafts.map((d) => (d.key === s.current && editors ? { ...d, editors } : d)) }));
    setResetKey((k) => k + 1);
  };

  return {
    state,
    draft,
    resetKey,
    saved,
    update: (patch) => setState((s) => ({ ...s, ...patch })),
    setTheme: (change) =>
      setState((s) => ({
        ...s,
        drafts: s.drafts.map((d) => (d.key === s.current ? { ...d, theme: change(d.theme), savedAt: Date.now() } : d)),
      })),
    addDraft: (theme, label) =>
      replace((s) => {
        const key = `draft-${crypto.randomUUID()}`;
        return { ...s, current: key, drafts: [...s.drafts, { key, theme, origin: { label, theme }, savedAt: Date.now() }] };
      }),
    switchDraft: (key) => replace((s) => ({ ...s, current: key })),
    deleteDraft: (key) =>
      replace((s) => {
        const drafts = s.drafts.filter((d) => d.key !== key);
        if (!drafts.length) return fresh();
        return { ...s, drafts, current: s.current === key ? drafts[drafts.length - 1].key : s.current };
      }),
    revertDraft: () =>
      replace((s) => ({
        ...s,
        drafts: s.drafts.map((d) => (d.key === s.current ? { key: d.key, theme: d.origin.theme, origin: d.origin, savedAt: Date.now() } : d)),
      })),
  };
}
