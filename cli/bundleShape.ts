// `includeRules.bundledProductPlacements` (interface.md, "Recommendation widget
// configuration"): `duration` holds UTC instants, `date`/`endDate` the same instants as
// local times of the widget's `timeZone`; the sandbox skips a bundle outside its duration.
import type { Node } from 'jsonc-parser';
import { localDateTime } from './localDateTime';
import { boolean, fieldsOf, integer, matching, shaped, string, arrayOf, object, type Shape } from './shapes';

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
