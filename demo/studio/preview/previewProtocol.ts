import type { Theme, WidgetEnvelope, WidgetProduct } from '../../../src/types/interface';
import type { Layout } from '../studioDraft';

/** An accessibility finding, already put into plain words for the studio's list. */
export interface PlainViolation {
  id: string;
  impact: string;
  summary: string;
  /** How many elements of the widget have the problem. */
  count: number;
  /** A few CSS selectors of offending elements, to find them. */
  targets: string[];
  helpUrl: string;
}

/**
 * Something the preview saw go wrong at run time: the theme script threw or did not
 * parse, or the frame's Content-Security-Policy blocked something. `line` and `column`
 * are in the jsTemplate when `source` is 'js' (0 when unknown).
 */
export interface RuntimeProblem {
  kind: 'script-error' | 'csp-blocked';
  source: 'html' | 'js';
  message: string;
  line: number;
  column: number;
  /** For a CSP report: the directive and the first characters of what was blocked. */
  directive?: string;
  sample?: string;
}

/** How the widget is set up on the page around it, as a slot's attributes would. */
export interface SlotSettings {
  /** `data-vitrine-title`; empty: the envelope's widgetName. */
  title: string;
  locale: string;
  currency: string;
  /** `data-vitrine-max`; 0: every product. */
  max: number;
}

/** Messages from the studio to its preview frame. */
export type ToPreview =
  | { type: 'render'; seq: number; envelope: WidgetEnvelope; layout: Layout; theme: Theme; anchor: WidgetProduct | null; slot: SlotSettings }
  | { type: 'audit'; seq: number };

/** Messages from the preview frame to the studio. */
export type FromPreview =
  | { type: 'ready' }
  | { type: 'rendered'; seq: number; ok: true; ms: number; warning?: string; problems: RuntimeProblem[] }
  | { type: 'rendered'; seq: number; ok: false; error: string }
  | { type: 'runtime-problem'; problem: RuntimeProblem }
  | { type: 'audit-result'; seq: number; violations: PlainViolation[]; error?: string };
