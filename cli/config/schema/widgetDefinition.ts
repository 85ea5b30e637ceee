// The recommendation widget configuration of interface.md, with the rule elements the
// project documents: the format the sandbox applies, written at the top of
// demo/sandbox/widgetRules.ts (kept in step with it by hand: the lists are short).
// `includeRules.bundledProductPlacements`: `duration` holds UTC instants, `date`/`endDate`
// the same instants as local times of the widget's `timeZone`; the sandbox skips a bundle
// outside its duration.
import type { Node } from 'jsonc-parser';
import { closestName } from '../../../src/lint/closestName';
import { fieldsOf, type Check, type Definition, type ObjectDefinition, type StringDefinition } from './definition';
import { fileAnnotations, orgFields } from './searchDefinition';

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
function localDateTime(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

const string: Definition = { type: 'string' };
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;
const local: StringDefinition = { type: 'string', pattern: LOCAL, expected: 'a local date-time of the form YYYY-MM-DDTHH:MM', description: 'A local time in the widget\'s timeZone.' };
const utc: StringDefinition = {
  type: 'string', pattern: UTC, expected: 'an ISO 8601 UTC timestamp such as 2025-06-01T08:00:00Z',
  fix: (t) => {
    const ms = Date.parse(t);
    return Number.isFinite(ms) ? `write "${new Date(ms).toISOString()}"` : undefined;
  },
};

const instant = (n: Node | undefined) => (n?.type === 'string' && UTC.test(n.value) ? Date.parse(n.value) : NaN);

const duration: ObjectDefinition = {
  type: 'object', title: 'a bundle duration', required: ['startDate', 'endDate'],
  properties: { startDate: utc, endDate: utc },
  check: (node, path, ctx) => {
    const f = fieldsOf(node);
    const start = instant(f.get('startDate')?.value);
    const end = instant(f.get('endDate')?.value);
    if (start >= end) ctx.report(f.get('endDate')!.value, [...path, 'endDate'], 'error', 'the bundle ends before (or when) it starts', 'make endDate later than startDate');
  },
};

/** `date` and `endDate` must be `duration`'s instants read in the widget's time zone. */
const consistentDates: Check = (node, path, ctx) => {
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

const bundledProduct: ObjectDefinition = {
  type: 'object', title: 'a bundled product', check: consistentDates,
  properties: {
    index: { type: 'integer', minimum: 0 }, date: local, endDate: local, date1: local, date2: local, id: string, name: string, proName: string,
    duration, showLabel: { type: 'boolean' }, proId: { type: 'integer' }, $$hashKey: string,
  },
};

const bundlePlacement: ObjectDefinition = {
  type: 'object', title: 'a bundled product placement', required: ['anchorProname', 'bundledProducts'],
  properties: {
    customValues: { type: 'freeObject' }, name: string, anchorProname: { type: 'string', description: 'The product the bundle shows beside.' }, id: string,
    show: { type: 'boolean' }, bundledProducts: { type: 'array', items: bundledProduct },
  },
};

const rule: ObjectDefinition = {
  type: 'object', title: 'a rule', required: ['field', 'operator', 'value'],
  properties: {
    field: { type: 'string', enum: ['sku', 'name', 'category', 'gender', 'colour', 'price', 'rating', 'inventory'] },
    operator: { type: 'string', enum: ['=', '!=', '<', '<=', '>', '>=', 'contains'] },
    value: { type: 'stringOrNumber' },
  },
};
const categoryPlacement: ObjectDefinition = { type: 'object', title: 'a category placement', required: ['category'], properties: { category: string } };
const productPlacement: ObjectDefinition = {
  type: 'object', title: 'a product placement',
  properties: { sku: string, proName: string, position: { type: 'integer', minimum: 0, description: 'Where the product goes among the recommendations, from 0.' } },
  check: (node, path, ctx) => {
    const f = fieldsOf(node);
    if (!f.has('sku') && !f.has('proName')) ctx.report(node, path, 'error', 'a product placement names its product by "sku" or "proName"', 'add "sku"');
  },
};

const timeZone: StringDefinition = {
  type: 'string', description: 'An IANA time zone such as "Europe/Paris": bundle dates are read in it.',
  check: (node, path, ctx) => {
    if (isTimeZone(node.value)) return;
    const near = closestName(node.value, Intl.supportedValuesOf('timeZone'));
    ctx.report(node, path, 'error', `"${node.value}" is not an IANA time zone`, near ? `write "${near}"` : 'write a zone such as "Europe/Paris"');
  },
};

/** `widgets/<name>.json`. */
export const widgetDefinition: ObjectDefinition = {
  type: 'object', title: 'a widget configuration',
  description: 'Vitrine recommendation widget configuration (widgets/<name>.json): algorithm, page, theme, size and rules.',
  required: ['id', 'name', 'divisionId', 'algoName', 'widgetShowType', 'displayTitle', 'maxProducts', 'themeId', 'pageId'],
  aliases: { orgID: 'orgId' },
  properties: {
    ...fileAnnotations,
    id: { type: 'string', description: 'The recommendation id, unique.' },
    name: { type: 'string', description: 'The widget\'s name, unique.' },
    divisionId: { type: 'string', description: 'The id of the slot\'s HTML element (data-vitrine), unique: the widget\'s identity for updates.' },
    ...orgFields,
    algoName: { type: 'string', description: 'The algorithm\'s display name in /v1/algorithm, such as "Trending Items".' },
    widgetShowType: { type: 'string', enum: ['carousel', 'matrix'] },
    displayTitle: { type: 'string', description: 'The title shown above the products.' },
    maxProducts: { type: 'integer', minimum: 1, description: 'At most this many products.' },
    themeId: { type: 'string', description: 'A themeId of /v1/theme.' },
    pageId: { type: 'string', description: 'The page it shows on: a page name of /v1/algorithm (product_page) or its pageType (PDP).' },
    includeRules: {
      type: 'object', title: 'includeRules', jsonString: true, description: 'Products and categories to show, bundles: an object, or the same as a JSON string.',
      properties: {
        productPlacements: { type: 'array', items: productPlacement },
        rules: { type: 'array', items: rule },
        categoryPlacements: { type: 'array', items: categoryPlacement },
        bundledProductPlacements: { type: 'array', items: bundlePlacement },
      },
    },
    excludeRules: {
      type: 'object', title: 'excludeRules', jsonString: true, description: 'Products and categories never shown: an object, or the same as a JSON string.',
      properties: { rules: { type: 'array', items: rule }, categoryPlacements: { type: 'array', items: categoryPlacement } },
    },
    description: { type: 'string', nullable: true },
    displayMode: string,
    pageMappings: {
      type: 'object', title: 'pageMappings', description: 'More pages the widget shows on.',
      properties: { pageMappingList: { type: 'array', items: { type: 'object', title: 'a page mapping', required: ['pageId'], properties: { pageId: string } } } },
    },
    timeZone,
    widgetTypes: { type: 'array', items: string, description: 'Algorithm names of /v1/algorithm, such as "trending".' },
  },
};
