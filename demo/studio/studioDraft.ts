import type { Theme } from '../../src/types/interface';
import { isEdgeCase, type EdgeCase } from './data/edgeEnvelope';

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

/** Work in progress, kept in localStorage so a reload loses nothing. */
export interface StudioDraft {
  theme: Theme;
  layout: Layout;
  viewport: Viewport;
  data: DataChoice;
}

export const LAYOUTS: readonly Layout[] = ['carousel', 'matrix', 'bundle'];
export const VIEWPORTS: Readonly<Record<Viewport, number>> = { phone: 375, tablet: 768, desktop: 1200 };

const KEY = 'vitrine-studio:draft:v1';

const isString = (v: unknown): v is string => typeof v === 'string';
const isNullableString = (v: unknown): v is string | null => v === null || typeof v === 'string';

function readTheme(v: unknown): Theme | null {
  if (!v || typeof v !== 'object') return null;
  const t = v as Record<string, unknown>;
  const strings = ['id', 'orgId', 'orgName', 'htmlTemplate', 'type', 'displayType', 'themeId'] as const;
  const nullable = ['name', 'description', 'divisionId', 'jsTemplate', 'cssTemplate'] as const;
  if (!strings.every((k) => isString(t[k])) || !nullable.every((k) => isNullableString(t[k]))) return null;
  return { ...(t as unknown as Theme), payload: t.payload ?? null };
}

function readData(v: unknown): DataChoice | null {
  if (!v || typeof v !== 'object') return null;
  const d = v as Record<string, unknown>;
  if (!['sample', 'sandbox', 'pasted'].includes(d.source as string)) return null;
  const fields = ['algorithm', 'sku', 'pname', 'siteUid', 'pastedText'] as const;
  if (!fields.every((k) => isString(d[k]))) return null;
  return { ...(d as unknown as DataChoice), edge: isEdgeCase(d.edge) ? d.edge : null };
}

/** Reads the saved draft; anything missing, old or hand-edited into nonsense gives null. */
export function loadDraft(storage: Pick<Storage, 'getItem'> | null): StudioDraft | null {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return null;
    const d = JSON.parse(raw) as Record<string, unknown>;
    const theme = readTheme(d.theme);
    const data = readData(d.data);
    const layout = LAYOUTS.find((l) => l === d.layout);
    const viewport = (Object.keys(VIEWPORTS) as Viewport[]).find((v) => v === d.viewport);
    if (!theme || !data || !layout || !viewport) return null;
    return { theme, data, layout, viewport };
  } catch {
    return null;
  }
}

/** Saves the draft; a full or blocked storage costs only persistence, never the session. */
export function saveDraft(storage: Pick<Storage, 'setItem'> | null, draft: StudioDraft): boolean {
  try {
    storage?.setItem(KEY, JSON.stringify(draft));
    return storage !== null;
  } catch {
    return false;
  }
}
