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

/** Messages from the studio to its preview frame. */
export type ToPreview =
  | { type: 'render'; seq: number; envelope: WidgetEnvelope; layout: Layout; theme: Theme; anchor: WidgetProduct | null }
  | { type: 'audit'; seq: number };

/** Messages from the preview frame to the studio. */
export type FromPreview =
  | { type: 'ready' }
  | { type: 'rendered'; seq: number; ok: true; ms: number; warning?: string }
  | { type: 'rendered'; seq: number; ok: false; error: string }
  | { type: 'runtime-error'; message: string }
  | { type: 'audit-result'; seq: number; violations: PlainViolation[]; error?: string };
