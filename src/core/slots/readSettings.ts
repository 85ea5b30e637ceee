import type { Layout } from '../../types/config';
import type { AlgorithmName } from '../../types/interface';
import { isAlgorithm } from '../api/endpoints';
import { bare } from '../util/bare';
import { LAYOUTS, readMax, type SlotSpec } from './slotSpec';

/**
 * A slot's settings as they come: a slot element's attributes in the browser, the
 * `ServerSlot` a merchant's code passes on the server. `algorithm` is a name or a fallback
 * chain separated by white space; `max` may be a number or its text.
 */
export interface SlotSettings {
  id?: unknown;
  algorithm?: unknown;
  layout?: unknown;
  max?: unknown;
  theme?: unknown;
  title?: unknown;
  pname?: unknown;
  sku?: unknown;
}

/**
 * The settings, parsed once into a spec, or why the slot cannot show. Only the object's
 * own properties are read (a name added to `Object.prototype` is no setting); a number
 * counts as its text, and a setting that is empty or neither counts as absent; an unknown layout is left to the
 * theme, and a `max` that is not a whole number from 1 to 100 means no limit.
 */
export function readSettings(settings: SlotSettings): { spec: SlotSpec } | { error: string } {
  const own = bare(settings) as Record<string, unknown>;
  const [id, chain = '', layout, max, themeId, title, pname, sku] = ['id', 'algorithm', 'layout', 'max', 'theme', 'title', 'pname', 'sku'].map(
    (name) => (typeof own[name] == 'number' ? '' + own[name] : typeof own[name] == 'string' && (own[name] as string)) || undefined,
  );
  if (!id) return { error: 'slot has no id (its divisionId)' };
  const names = chain.split(/\s+/).filter(Boolean);
  const unknown = names.find((name) => !isAlgorithm(name));
  if (unknown) return { error: `unknown algorithm "${unknown}"` };
  return {
    spec: {
      divisionId: id,
      algorithms: names as AlgorithmName[],
      layout: LAYOUTS.includes(layout as Layout) ? (layout as Layout) : undefined,
      themeId,
      max: readMax(max),
      title,
      pname,
      sku,
    },
  };
}
