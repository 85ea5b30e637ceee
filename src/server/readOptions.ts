import type { RenderSlotsOptions, ServerPage, ServerSlot, SlotError } from '../types/server';
import { bare } from '../core/util/bare';
import { PAGES } from '../core/api/endpoints';
import { LAYOUTS } from '../core/slots/slotSpec';

/** The whole call's budget: the default, and the range a value is clamped to. */
export const TIMEOUT_MS = { default: 800, min: 50, max: 10_000 };
/** What a slot's `max` may be (as `data-vitrine-max`). */
const MAX = { min: 1, max: 100 };
/**
 * The most slots one call takes: a page has a handful. A longer array (`slots.length =
 * 1e9` makes one of holes) would otherwise be walked, one result per hole, far past the
 * call's budget.
 */
export const MAX_SLOTS = 1000;

/** A slot as `renderSlots` reads it: own data only, checked, or the reason it cannot render. */
export interface ReadSlot {
  slot: ServerSlot;
  /** The slot's element id, '' when it has none. */
  id: string;
  error?: string;
  warning?: string;
}

/** The options as the call uses them: own data only, checked. */
export interface ReadOptions {
  options: RenderSlotsOptions;
  /** What is wrong with the call as a whole: every slot fails with it (kind `input`). */
  error?: string;
  /** What was wrong but had a default (a `timeoutMs` out of range): every slot says so. */
  warning?: string;
  /** One per slot; absent when `slots` is no array (the call gives one result). */
  slots?: ReadSlot[];
}

const isObject = (value: unknown): value is object => !!value && typeof value == 'object' && !Array.isArray(value);
/** A value as a message shows it: JSON where it can, short. */
const shown = (value: unknown): string => {
  let text: string | undefined;
  try {
    text = typeof value == 'function' ? 'a function' : typeof value == 'number' || typeof value == 'bigint' ? String(value) : JSON.stringify(value);
  } catch {}
  text ??= typeof value;
  return text.length > 60 ? text.slice(0, 57) + '…' : text;
};
const own = <T extends object>(value: unknown): T => bare(value as T);
const text = (value: unknown) => typeof value == 'string';
/** Absent, null (as a missing cookie or header gives) or a string. */
const optionalText = (value: unknown) => value == null || text(value);
const fine = (test: () => unknown) => {
  try {
    test();
    return true;
  } catch {
    return false;
  }
};

/** The first problem of the page, naming the option. */
function pageProblem(page: ServerPage | undefined): string | undefined {
  if (!isObject(page)) return `page must be an object (got ${shown(page)})`;
  if (!PAGES.includes(page.pageType)) return `page.pageType must be one of ${PAGES.join(', ')} (got ${shown(page.pageType)})`;
  if (!text(page.domain) || !page.domain) return `page.domain is required: the storefront's host name (got ${shown(page.domain)})`;
  for (const name of ['pname', 'sku', 'siteUid', 'locale', 'currency'] as const) {
    if (!optionalText(page[name])) return `page.${name} must be a string (got ${shown(page[name])})`;
  }
  if (page.locale != null && !fine(() => Intl.getCanonicalLocales(page.locale))) return `page.locale must be a BCP 47 language tag (got ${shown(page.locale)})`;
  if (page.currency != null && !fine(() => new Intl.NumberFormat('en', { style: 'currency', currency: page.currency }))) {
    return `page.currency must be an ISO 4217 code (got ${shown(page.currency)})`;
  }
  if (page.product != null && !isObject(page.product)) return `page.product must be an object (got ${shown(page.product)})`;
}

/** The first problem of the call's other options, naming the option. */
function callProblem(o: RenderSlotsOptions): string | undefined {
  const base = o.baseUrl as unknown;
  let http = false;
  fine(() => (http = text(base) && /^https?:$/.test(new URL(base as string).protocol)));
  if (!http) return `baseUrl must be the service's http(s) URL (got ${shown(base)})`;
  if (!text(o.orgId) || !o.orgId) return `orgId is required (got ${shown(o.orgId)})`;
  // The key is a secret: the message never shows it.
  if (!text(o.apiKey) || !o.apiKey) return 'apiKey is required (a non-empty string)';
  for (const name of ['nonce', 'cart'] as const) if (!optionalText(o[name])) return `${name} must be a string (got ${shown(o[name])})`;
  if (o.styles !== undefined && o.styles !== 'once' && o.styles !== 'each' && o.styles !== 'link') return `styles must be 'once', 'each' or 'link' (got ${shown(o.styles)})`;
  if (o.strings !== undefined && !isObject(o.strings)) return `strings must be an object of strings (got ${shown(o.strings)})`;
  if (o.fetch !== undefined && typeof o.fetch != 'function') return `fetch must be a function (got ${shown(o.fetch)})`;
  return pageProblem(o.page);
}

/** One slot, as own data, with the first problem that keeps it from rendering. */
function readSlot(value: unknown, i: number): ReadSlot {
  const where = `slots[${i}]`;
  if (!isObject(value)) return { slot: own({}), id: '', error: `${where} must be an object (got ${shown(value)})` };
  let slot: ServerSlot;
  try {
    slot = own<ServerSlot>(value);
  } catch (error) {
    // A getter or a Proxy trap that throws: this slot fails, the others still render.
    return { slot: own({}), id: '', error: `${where} could not be read: ${shown(String((error as Error)?.message ?? error))}` };
  }
  const id = text(slot.id) ? slot.id : '';
  const read: ReadSlot = { slot, id };
  if (!id) read.error = `${where}.id is required: the slot element's id, its divisionId (got ${shown(slot.id)})`;
  else if (slot.layout !== undefined && !LAYOUTS.includes(slot.layout)) read.error = `${where}.layout must be one of ${LAYOUTS.join(', ')} (got ${shown(slot.layout)})`;
  else {
    for (const name of ['algorithm', 'title', 'theme', 'pname', 'sku'] as const) {
      if (!optionalText(slot[name])) {
        read.error = `${where}.${name} must be a string (got ${shown(slot[name])})`;
        break;
      }
    }
  }
  // As `data-vitrine-max` reads: a number or its digits.
  const max = slot.max as unknown;
  const n = typeof max == 'number' || typeof max == 'string' ? Number(max) : NaN;
  if (max != null && !(Number.isInteger(n) && n >= MAX.min && n <= MAX.max)) {
    read.warning = `${where}.max must be a whole number from ${MAX.min} to ${MAX.max} (got ${shown(max)}): ignored, the service's count shows`;
    slot.max = undefined;
  } else if (max != null) slot.max = n;
  return read;
}

/**
 * `renderSlots`' options read as own data (null-prototype copies: a name added to
 * `Object.prototype` in the server process is never read as an option) and checked, so
 * that the call can answer every mistake with a result instead of throwing.
 */
export function readOptions(input: unknown): ReadOptions {
  if (!isObject(input)) return { options: own({}), error: `options must be an object (got ${shown(input)})` };
  let options: RenderSlotsOptions;
  try {
    options = own<RenderSlotsOptions>(input);
    if (isObject(options.page)) options.page = own<ServerPage>(options.page);
    if (isObject(options.page) && isObject(options.page.product)) options.page.product = own(options.page.product);
    if (isObject(options.strings)) options.strings = own<Record<string, string>>(options.strings);
  } catch (error) {
    // A getter or a Proxy trap that throws: no option is read, the call says why.
    return { options: own({}), error: `options could not be read: ${shown(String((error as Error)?.message ?? error))}` };
  }
  const read: ReadOptions = { options, error: callProblem(options) };
  const timeout = options.timeoutMs as unknown;
  if (timeout === undefined) options.timeoutMs = TIMEOUT_MS.default;
  else if (typeof timeout != 'number' || Number.isNaN(timeout)) {
    read.warning = `timeoutMs must be a number of milliseconds (got ${shown(timeout)}): ${TIMEOUT_MS.default} used`;
    options.timeoutMs = TIMEOUT_MS.default;
  } else if (timeout < TIMEOUT_MS.min || timeout > TIMEOUT_MS.max) {
    options.timeoutMs = Math.min(TIMEOUT_MS.max, Math.max(TIMEOUT_MS.min, timeout));
    read.warning = `timeoutMs must be from ${TIMEOUT_MS.min} to ${TIMEOUT_MS.max} (got ${shown(timeout)}): ${options.timeoutMs} used`;
  }
  const slots = options.slots as unknown;
  if (!Array.isArray(slots)) read.error ||= `slots must be an array of slots (got ${shown(slots)})`;
  else {
    let length: unknown;
    try {
      length = slots.length;
    } catch {}
    if (typeof length != 'number' || !(length <= MAX_SLOTS)) read.error ||= `slots must hold at most ${MAX_SLOTS} slots (got ${shown(length)})`;
    else {
      try {
        read.slots = Array.from(slots, readSlot);
      } catch (error) {
        read.error ||= `slots could not be read: ${shown(String((error as Error)?.message ?? error))}`;
      }
    }
  }
  return read;
}

/** Two warnings as one (a slot has one `warning`): the first one's kind, both messages. */
export const joinWarnings = (a: SlotError | undefined, b: SlotError | undefined): SlotError | undefined =>
  a && b ? { ...a, message: a.message + '; ' + b.message } : a || b;
