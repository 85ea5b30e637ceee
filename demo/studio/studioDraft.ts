import type { Theme } from '../../src/types/interface';
import { isEdgeCase, type EdgeCase } from './data/edgeEnvelope';
import type { SlotSettings } from './preview/previewProtocol';

export type Layout = 'carousel' | 'matrix' | 'bundle';
export type Viewport = 'phone' | 'tablet' | 'desktop';
export type DataSource = 'sample' | 'sandbox' | 'pasted';

/** What the preview is fed: a source, optionally bent into an edge case. */
export interface DataChoice {
  source: DataSource;
  algorithm: string;
  sku: string;
  pname: string;
  siteUid: string;
  pastedText: string;
  edge: EdgeCase | null;
}

/** A theme in the making: what it is now, what it started from, and its editors' undo history. */
export interface Draft {
  /** Local to this browser; the theme's own `id` may repeat across drafts of one theme. */
  key: string;
  theme: Theme;
  /** The version the draft began as (a built-in, a sandbox theme, a file), for the diff and revert. */
  origin: { label: string; theme: Theme };
  savedAt: number;
  /** Each editor's state as CodeMirror's `EditorState.toJSON` gives it (text, selection, history). */
  editors?: Partial<Record<'html' | 'css' | 'js', unknown>>;
}

/** Work in progress, kept in localStorage so a reload or a closed tab loses nothing. */
export interface StudioState {
  drafts: Draft[];
  /** Key of the draft on screen. */
  current: string;
  layout: Layout;
  viewport: Viewport;
  data: DataChoice;
  slot: SlotSettings;
}

export const LAYOUTS: readonly Layout[] = ['carousel', 'matrix', 'bundle'];
export const VIEWPORTS: Readonly<Record<Viewport, number>> = { phone: 375, tablet: 768, desktop: 1200 };
/** The demo shop's settings (demo/shop/renderPage.ts): what a shopper there sees. */
export const DEFAULT_SLOT: SlotSettings = { title: 'You may also like', locale: 'en-IE', currency: 'EUR', max: 0 };

const KEY = 'vitrine-studio:v2';
/** The single draft of earlier versions of the studio, still read once. */
const OLD_KEY = 'vitrine-studio:draft:v1';

const isString = (v: unknown): v is string => typeof v === 'string';
const isNullableString = (v: unknown): v is string | null => v === null || typeof v === 'string';
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function readTheme(v: unknown): Theme | null {
  if (!isObject(v)) return null;
  const strings = ['id', 'orgId', 'orgName', 'htmlTemplate', 'type', 'displayType', 'themeId'] as const;
  const nullable = ['name', 'description', 'divisionId', 'jsTemplate', 'cssTemplate'] as const;
  if (!strings.every((k) => isString(v[k])) || !nullable.every((k) => isNullableString(v[k]))) return null;
  return { ...(v as unknown as Theme), payload: v.payload ?? null };
}

function readData(v: unknown): DataChoice | null {
  if (!isObject(v)) return null;
  if (!['sample', 'sandbox', 'pasted'].includes(v.source as string)) return null;
  const fields = ['algorithm', 'sku', 'pname', 'siteUid', 'pastedText'] as const;
  if (!fields.every((k) => isString(v[k]))) return null;
  return { ...(v as unknown as DataChoice), edge: isEdgeCase(v.edge) ? v.edge : null };
}

function readSlot(v: unknown): SlotSettings {
  if (!isObject(v)) return DEFAULT_SLOT;
  const max = typeof v.max === 'number' && Number.isInteger(v.max) && v.max >= 0 && v.max <= 100 ? v.max : 0;
  return {
    title: isString(v.title) ? v.title : DEFAULT_SLOT.title,
    locale: isString(v.locale) && v.locale ? v.locale : DEFAULT_SLOT.locale,
    currency: isString(v.currency) && /^[A-Z]{3}$/.test(v.currency) ? v.currency : DEFAULT_SLOT.currency,
    max,
  };
}

function readDraft(v: unknown): Draft | null {
  if (!isObject(v) || !isString(v.key) || !isObject(v.origin) || !isString(v.origin.label)) return null;
  const theme = readTheme(v.theme);
  const origin = readTheme(v.origin.theme);
  if (!theme || !origin) return null;
  return {
    key: v.key,
    theme,
    origin: { label: v.origin.label, theme: origin },
    savedAt: typeof v.savedAt === 'number' ? v.savedAt : 0,
    ...(isObject(v.editors) ? { editors: v.editors } : {}),
  };
}

function readSettings(d: Record<string, unknown>): Omit<StudioState, 'drafts' | 'current'> | null {
  const data = readData(d.data);
  const layout = LAYOUTS.find((l) => l === d.layout);
  const viewport = (Object.keys(VIEWPORTS) as Viewport[]).find((v) => v === d.viewport);
  if (!data || !layout || !viewport) return null;
  return { data, layout, viewport, slot: readSlot(d.slot) };
}

/** The one draft an earlier studio kept, as the first of the list. */
function migrate(raw: string): StudioState | null {
  const d = JSON.parse(raw) as unknown;
  if (!isObject(d)) return null;
  const theme = readTheme(d.theme);
  const settings = readSettings(d);
  if (!theme || !settings) return null;
  const draft: Draft = { key: 'draft-1', theme, origin: { label: 'the draft kept by an earlier studio', theme }, savedAt: 0 };
  return { drafts: [draft], current: draft.key, ...settings };
}

/** Reads the saved drafts and settings; anything missing, old or hand-edited into nonsense gives null. */
export function loadStudio(storage: Pick<Storage, 'getItem'> | null): StudioState | null {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) {
      const old = storage?.getItem(OLD_KEY);
      return old ? migrate(old) : null;
    }
    const d = JSON.parse(raw) as unknown;
    if (!isObject(d) || !Array.isArray(d.drafts)) return null;
    // One draft spoiled by hand costs only that draft.
    const drafts = d.drafts.map(readDraft).filter((x): x is Draft => x !== null);
    const settings = readSettings(d);
    if (!drafts.length || !settings) return null;
    const current = drafts.some((x) => x.key === d.current) ? (d.current as string) : drafts[0].key;
    return { drafts, current, ...settings };
  } catch {
    return null;
  }
}

/** Saves drafts and settings; a full or blocked storage costs only persistence, never the session. */
export function saveStudio(storage: Pick<Storage, 'setItem'> | null, state: StudioState): boolean {
  try {
    storage?.setItem(KEY, JSON.stringify(state));
    return storage !== null;
  } catch {
    return false;
  }
}
