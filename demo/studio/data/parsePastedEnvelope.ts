import { parseWidgetEnvelope } from '../../../src/client/index';
import type { WidgetEnvelope } from '../../../src/types/interface';

export type PastedEnvelope = { ok: true; envelope: WidgetEnvelope } | { ok: false; error: string };

/**
 * Reads a widget envelope pasted by the author. The shape check is the typed
 * client's, so the studio accepts exactly what the embed accepts.
 */
export function parsePastedEnvelope(text: string): PastedEnvelope {
  if (!text.trim()) return { ok: false, error: 'Paste the JSON answer of a widget endpoint first.' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `This is not JSON: ${(e as Error).message}` };
  }
  try {
    const envelope = parseWidgetEnvelope(body, 'pasted envelope');
    if (envelope.products.length === 0) return { ok: false, error: 'The envelope has no products, so there is nothing to preview.' };
    return { ok: true, envelope };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}
