// `includeRules.bundledProductPlacements` (interface.md, "Recommendation widget
// configuration"): `duration` holds UTC instants, `date`/`endDate` the same instants as
// local times of the widget's `timeZone`; the sandbox skips a bundle outside its duration.
import type { Node } from 'jsonc-parser';
import { boolean, fieldsOf, integer, matching, shaped, string, arrayOf, object, type Shape } from './shapes';

/**
 * Whether `name` is an IANA zone name. `Intl.DateTimeFormat` also takes offsets such as
 * `+01:00` in recent engines, which are not zone names, so the form is checked first.
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time of `instant` in `timeZone`, as `YYYY-MM-DDTHH:MM` (the bundles' local form). */
export function localDateTime(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;
const local = matching(LOCAL, 'a local date-time of the form YYYY-MM-DDTHH:MM');
const utc = matching(UTC, 'an ISO 8601 UTC timestamp such as 2025-06-01T08:00:00Z', (t) => {
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? `write "${new Date(ms).toISOString()}"` : undefined;
});

const instant = (n: Node | undefined) => (n?.type === 'string' && UTC.test(n.value) ? Date.parse(n.value) : NaN);

const duration = shaped({ startDate: utc, endDate: utc }, {
  what: 'a bundle duration',
  required: ['startDate', 'endDate'],
  also: (node, path, ctx) => {
    const f = fieldsOf(node);
    const start = instant(f.get('startDate')?.value);
    const end = instant(f.get('endDate')?.value);
    if (start >= end) ctx.report(f.get('endDate')!.value, [...path, 'endDate'], 'error', 'the bundle ends before (or when) it starts', 'make endDate later than startDate');
  },
});

/** `date` and `endDate` must be `duration`'s instants read in the widget's time zone. */
const consistentDates: Shape = (node, path, ctx) => {
  const f = fieldsOf(node);
  const d = f.get('duration')?.value;
  if (!d || d.type !== 'object') return;
  const times = fieldsOf(d);
  for (const [name, from] of [['date', 'startDate'], ['endDate', 'endDate']] as const) {
    const shown = f.get(name)?.value;
    const at = instant(times.get(from)?.value);
    if (!shown || shown.type !== 'string' || !LOCAL.test(shown.value) || !Number.isFinite(at)) continue;
    if (!ctx.timeZone) {
      ctx.report(shown, [...path, name], 'warning', 'a local date, but the widget has no valid timeZone to read it in', 'add "timeZone" (an IANA zone such as "Europe/Paris") to the widget');
      continue;
    }
    const expected = localDateTime(at, ctx.timeZone);
    if (expected !== shown.value) {
      ctx.report(shown, [...path, name], 'error', `is ${shown.value} but duration.${from} is ${expected} in ${ctx.timeZone}`, `write "${expected}"`);
    }
  }
};

const bundledProduct = shaped({
  index: integer(0), date: local, endDate: local, date1: local, date2: local, id: string, name: string, proName: string,
  duration, showLabel: boolean, proId: integer(), $$hashKey: string,
}, { what: 'a bundled product', also: consistentDates });

export const bundlePlacement = shaped({
  customValues: object, name: string, anchorProname: string, id: string, show: boolean, bundledProducts: arrayOf(bundledProduct),
}, { what: 'a bundled product placement', required: ['anchorProname', 'bundledProducts'] });
