// The recommendation widget configuration of interface.md, with the rule elements the
// project documents: the format the sandbox applies, written at the top of
// demo/sandbox/widgetRules.ts (kept in step with it by hand: the lists are short).
import { closestName } from '../../../src/lint/closestName';
import { bundlePlacement, isTimeZone } from './bundleShape';
import { arrayOf, fieldsOf, integer, nullable, objectOrJsonString, oneOf, shaped, string, type Shape } from './shapes';
import { uuid } from './searchShape';

const RULE_FIELDS = ['sku', 'name', 'category', 'gender', 'colour', 'price', 'rating', 'inventory'];
const OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'contains'];

const ruleValue: Shape = (node, path, ctx) => {
  if (node.type !== 'string' && node.type !== 'number') ctx.report(node, path, 'error', 'must be a string or a number');
};
const rule = shaped({ field: oneOf(RULE_FIELDS), operator: oneOf(OPERATORS), value: ruleValue }, { what: 'a rule', required: ['field', 'operator', 'value'] });
const categoryPlacement = shaped({ category: string }, { what: 'a category placement', required: ['category'] });
const productPlacement = shaped({ sku: string, proName: string, position: integer(0) }, {
  what: 'a product placement',
  also: (node, path, ctx) => {
    const f = fieldsOf(node);
    if (!f.has('sku') && !f.has('proName')) ctx.report(node, path, 'error', 'a product placement names its product by "sku" or "proName"', 'add "sku"');
  },
});

const includeRules = objectOrJsonString(shaped({
  productPlacements: arrayOf(productPlacement),
  rules: arrayOf(rule),
  categoryPlacements: arrayOf(categoryPlacement),
  bundledProductPlacements: arrayOf(bundlePlacement),
}, { what: 'includeRules' }));
const excludeRules = objectOrJsonString(shaped({ rules: arrayOf(rule), categoryPlacements: arrayOf(categoryPlacement) }, { what: 'excludeRules' }));

const timeZone: Shape = (node, path, ctx) => {
  if (node.type !== 'string') return string(node, path, ctx);
  if (isTimeZone(node.value)) return;
  const near = closestName(node.value, Intl.supportedValuesOf('timeZone'));
  ctx.report(node, path, 'error', `"${node.value}" is not an IANA time zone`, near ? `write "${near}"` : 'write a zone such as "Europe/Paris"');
};

const fields = {
  id: string, name: string, divisionId: string, orgId: uuid, orgName: string, algoName: string,
  widgetShowType: oneOf(['carousel', 'matrix']), displayTitle: string, maxProducts: integer(1), themeId: string,
  pageId: string, includeRules, excludeRules, description: nullable(string), displayMode: string,
  pageMappings: shaped({ pageMappingList: arrayOf(shaped({ pageId: string }, { what: 'a page mapping', required: ['pageId'] })) }, { what: 'pageMappings' }),
  timeZone, widgetTypes: arrayOf(string),
};

const checkFields = shaped(fields, {
  what: 'a widget configuration',
  required: ['id', 'name', 'divisionId', 'orgId', 'orgName', 'algoName', 'widgetShowType', 'displayTitle', 'maxProducts', 'themeId', 'pageId'],
  aliases: { orgID: 'orgId' },
});

/** A widget file: its `timeZone` is read first, so bundle dates are checked in it. */
export const widgetShape: Shape = (node, path, ctx) => {
  const zone = node.type === 'object' ? fieldsOf(node).get('timeZone')?.value.value : undefined;
  checkFields(node, path, { ...ctx, timeZone: typeof zone === 'string' && isTimeZone(zone) ? zone : undefined });
};
