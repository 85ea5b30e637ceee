import type { ServerState } from '../../types/server';
import { parseJson } from '../../core/api/parseJson';
import { LAYOUTS } from '../../core/slots/slotSpec';

type Check = (value: unknown) => boolean;

const isString: Check = (v) => typeof v == 'string';
const optional = (check: Check): Check => (v) => v === undefined || check(v);
const isObject: Check = (v) => !!v && typeof v == 'object' && !Array.isArray(v);
const listOf = (check: Check): Check => (v) => Array.isArray(v) && v.every(check);
/** An object whose own fields are all of `keys`, each passing `check`. */
const record = (keys: string[] | null, check: Check): Check => (v) =>
  isObject(v) && Object.keys(v as object).every((k) => (!keys || keys.includes(k)) && check((v as Record<string, unknown>)[k]));
const text: Check = (v) => isString(v) || (typeof v == 'number' && isFinite(v));
const product = record(['name', 'sku', 'price', 'discountedPrice', 'currentPageUrl', 'smallImage', 'variantName'], text);
/** An algorithm's name: text the render event passes on (a name the browser does not know is no personal one). */
const algorithm = isString;

/** Every field the resume path reads, and what it must be (as `renderWidget` writes it). */
const FIELDS: Record<keyof ServerState, Check> = {
  v: (v) => v === 2,
  algorithm,
  page: isString,
  theme: isString,
  layout: (v) => LAYOUTS.includes(v as never),
  skipped: listOf((s) => isObject(s) && algorithm((s as { algorithm: unknown }).algorithm) && isString((s as { why: unknown }).why)),
  substituted: listOf(algorithm),
  personal: (v) => typeof v == 'boolean',
  products: (v) => listOf(product)(v) && (v as unknown[]).length > 0,
  widgetName: optional(isString),
  cartIds: optional(record(null, isString)),
  cart: optional(isString),
  title: optional(isString),
  locale: isString,
  currency: optional(isString),
  anchor: optional(product),
  whole: (v) => v === undefined || v === true,
  script: (v) => v === undefined || v === true || isString(v),
};

/**
 * The resume state from its element's text, every field checked (null-prototype objects,
 * own fields only); a string saying what is wrong when it is not what `vitrine/server`
 * writes. Never throws.
 */
export function readState(json: string): ServerState | string {
  let state: unknown;
  try {
    state = parseJson(json);
  } catch {
    return 'its state is not JSON';
  }
  if (!isObject(state)) return 'its state is not an object';
  const s = state as Record<string, unknown>;
  if (s.v !== 2) return `its state is version ${JSON.stringify(s.v)}, not 2`;
  const bad = Object.keys(FIELDS).find((key) => !FIELDS[key as keyof ServerState](s[key]));
  return bad ? `its state's "${bad}" is not as vitrine/server writes it` : (state as ServerState);
}
