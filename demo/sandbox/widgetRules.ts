// Widget configuration: validation of the update body and the rules the fetch
// endpoints apply. interface.md leaves the elements of `rules`,
// `productPlacements` and `categoryPlacements` open; the sandbox reads them as:
//
//   includeRules.productPlacements  [{ sku?, proName?, position? }]  pin products (0-based position, default first)
//   includeRules.categoryPlacements [{ category }]                   only these departments (slug or name)
//   includeRules.rules              [{ field, operator, value }]     keep products matching every rule
//   excludeRules.categoryPlacements [{ category }]                   never these departments
//   excludeRules.rules              [{ field, operator, value }]     drop products matching any rule
//
// Rule fields: sku, name, category, gender, colour, price (selling price),
// rating, inventory. Operators: = != < <= > >= contains.
// `bundledProductPlacements` feed the crosssell endpoint: a placement whose
// `anchorProname` is the requested product's name supplies the bundle, each
// bundled product found by `proId`, else `proName`, else `name`; placements
// with `show: false` or outside their `duration` are skipped.
import type { BundledProductPlacement, ExcludeRules, IncludeRules, WidgetConfiguration } from '../../src/types/interface';
import { sellingPrice, type SampleProduct } from './createCatalogue';
import { httpError } from './httpError';

export interface StoredWidget extends WidgetConfiguration {
  includeRules: IncludeRules;
  excludeRules: ExcludeRules;
}

interface Rule { field: string; operator: string; value: string | number }

const REQUIRED = ['id', 'name', 'divisionId', 'orgName', 'algoName', 'widgetShowType', 'displayTitle', 'themeId', 'pageId'] as const;
const RULE_FIELDS = ['sku', 'name', 'category', 'gender', 'colour', 'price', 'rating', 'inventory'];
const OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'contains'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function rulesObject(value: unknown, name: string): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw httpError(400, `${name} is not valid JSON`);
    }
  }
  if (!isObject(v)) throw httpError(400, `${name} must be an object or a JSON string of one`);
  return v;
}

function list(obj: Record<string, unknown>, key: string, owner: string): unknown[] {
  const v = obj[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw httpError(400, `${owner}.${key} must be an array`);
  return v;
}

function checkRules(rules: unknown[], owner: string): void {
  rules.forEach((r, i) => {
    if (!isObject(r) || typeof r.field !== 'string' || !RULE_FIELDS.includes(r.field)) {
      throw httpError(400, `${owner}.rules[${i}].field must be one of ${RULE_FIELDS.join(', ')}`);
    }
    if (typeof r.operator !== 'string' || !OPERATORS.includes(r.operator)) {
      throw httpError(400, `${owner}.rules[${i}].operator must be one of ${OPERATORS.join(' ')}`);
    }
    if (typeof r.value !== 'string' && typeof r.value !== 'number') throw httpError(400, `${owner}.rules[${i}].value must be a string or number`);
  });
}

/** Validates the body of `POST /v1/widget/custom/update`. */
export function parseWidgetConfiguration(body: unknown, orgId: string): StoredWidget {
  if (!isObject(body)) throw httpError(400, 'Body must be a JSON object (a widget configuration)');
  const org = body.orgId ?? body.orgID;
  if (org === undefined) throw httpError(400, 'Missing required field: orgId');
  if (org !== orgId) throw httpError(400, 'orgId does not match the X-Service-orgId header');
  const missing: string[] = REQUIRED.filter((f) => typeof body[f] !== 'string' || body[f] === '');
  if (body.maxProducts === undefined) missing.push('maxProducts');
  if (missing.length > 0) throw httpError(400, `Missing required field${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  const maxProducts = Number(body.maxProducts);
  if (!Number.isInteger(maxProducts) || maxProducts < 1 || maxProducts > 100) {
    throw httpError(400, 'maxProducts must be a whole number from 1 to 100');
  }
  const include = rulesObject(body.includeRules, 'includeRules');
  const exclude = rulesObject(body.excludeRules, 'excludeRules');
  const includeRules: IncludeRules = {
    productPlacements: list(include, 'productPlacements', 'includeRules'),
    rules: list(include, 'rules', 'includeRules'),
    categoryPlacements: list(include, 'categoryPlacements', 'includeRules'),
    bundledProductPlacements: list(include, 'bundledProductPlacements', 'includeRules') as BundledProductPlacement[],
  };
  const excludeRules: ExcludeRules = {
    rules: list(exclude, 'rules', 'excludeRules'),
    categoryPlacements: list(exclude, 'categoryPlacements', 'excludeRules'),
  };
  checkRules(includeRules.rules, 'includeRules');
  checkRules(excludeRules.rules, 'excludeRules');
  includeRules.bundledProductPlacements.forEach((b, i) => {
    if (!isObject(b) || typeof b.anchorProname !== 'string' || !Array.isArray(b.bundledProducts)) {
      throw httpError(400, `includeRules.bundledProductPlacements[${i}] needs anchorProname (string) and bundledProducts (array)`);
    }
  });
  return { ...(body as unknown as WidgetConfiguration), orgId, maxProducts, includeRules, excludeRules };
}

function ruleValue(p: SampleProduct, field: string): string | number | string[] {
  switch (field) {
    case 'sku': return p.sku;
    case 'name': return p.name;
    case 'category': return [p.category, p.categoryName];
    case 'gender': return p.genders;
    case 'colour': return p.colour;
    case 'price': return sellingPrice(p);
    case 'rating': return p.rating;
    default: return p.inventory;
  }
}

function matches(p: SampleProduct, rule: Rule): boolean {
  // "Not equal" means no value equals: a unisex product is both women and men.
  if (rule.operator === '!=') return !matches(p, { ...rule, operator: '=' });
  const actual = ruleValue(p, rule.field);
  return (Array.isArray(actual) ? actual : [actual]).some((a) => {
    if (typeof a === 'number') {
      const b = Number(rule.value);
      switch (rule.operator) {
        case '=': return a === b;
        case '<': return a < b;
        case '<=': return a <= b;
        case '>': return a > b;
        case '>=': return a >= b;
        default: return String(a).includes(String(rule.value));
      }
    }
    const x = a.toLowerCase();
    const y = String(rule.value).toLowerCase();
    return rule.operator === 'contains' ? x.includes(y) : x === y;
  });
}

const inDepartments = (p: SampleProduct, placements: unknown[]) =>
  placements.some((c) => isObject(c) && typeof c.category === 'string'
    && [p.category, p.categoryName.toLowerCase()].includes(c.category.toLowerCase()));

/** Applies a widget's include and exclude rules and pinned products, in that order. */
export function applyWidgetRules(products: SampleProduct[], widget: StoredWidget, catalogue: readonly SampleProduct[], anchor?: SampleProduct): SampleProduct[] {
  const { includeRules: inc, excludeRules: exc } = widget;
  let out = products.filter((p) =>
    (inc.categoryPlacements.length === 0 || inDepartments(p, inc.categoryPlacements))
    && !inDepartments(p, exc.categoryPlacements)
    && (inc.rules as Rule[]).every((r) => matches(p, r))
    && !(exc.rules as Rule[]).some((r) => matches(p, r)));
  for (const placement of inc.productPlacements) {
    if (!isObject(placement)) continue;
    const pinned = catalogue.find((p) => p.sku === placement.sku || p.name === placement.proName);
    if (!pinned || pinned.sku === anchor?.sku) continue;
    out = out.filter((p) => p.sku !== pinned.sku);
    const at = typeof placement.position === 'number' ? Math.max(0, Math.min(out.length, placement.position)) : 0;
    out.splice(at, 0, pinned);
  }
  return out;
}

/** The bundle a merchant placed for `anchor`, if one is active now. */
export function placedBundle(widget: StoredWidget | undefined, anchor: SampleProduct, catalogue: readonly SampleProduct[], now = Date.now()): SampleProduct[] | null {
  const placement = widget?.includeRules.bundledProductPlacements.find((b) =>
    b.show !== false && b.anchorProname.trim().toLowerCase() === anchor.name.toLowerCase());
  if (!placement) return null;
  const found: SampleProduct[] = [];
  for (const b of placement.bundledProducts) {
    const start = Date.parse(b.duration?.startDate ?? '');
    const end = Date.parse(b.duration?.endDate ?? '');
    if ((Number.isFinite(start) && now < start) || (Number.isFinite(end) && now > end)) continue;
    const p = catalogue.find((c) => c.id === b.proId) ?? catalogue.find((c) => c.name === b.proName || c.name === b.name);
    if (p && p.sku !== anchor.sku && !found.includes(p)) found.push(p);
  }
  return found;
}
