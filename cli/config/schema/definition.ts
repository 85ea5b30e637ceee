// The configuration files' shapes as data: each field's type, range, choices and words,
// written once in JSON Schema's own keywords. Two things are derived from them:
// `checkDefinition` below (what `vitrine config check` reports, at the line and column
// of the value, with a fix) and `toJsonSchema.ts` (the schemas shipped in
// dist/schema/, which editors use to complete and underline fields). A few checks that
// JSON Schema cannot say (a range's ends, a bundle's dates in its time zone) are
// functions under `check`; the schema leaves them out, `check` runs them.
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { closestName } from '../../../src/lint/closestName';
import type { Path, Report } from '../readJsonFile';

export interface CheckContext {
  report: Report;
  /** The widget's `timeZone`, when valid, for its bundles' local dates. */
  timeZone?: string;
}

/** A check beyond the data: runs after the value's own type and format checks. */
export type Check = (node: Node, path: Path, ctx: CheckContext) => void;

interface Common {
  /** Shown by editors on hover; from interface.md. */
  description?: string;
  /** null is accepted too. */
  nullable?: boolean;
  check?: Check;
}

export interface StringDefinition extends Common {
  type: 'string';
  enum?: readonly string[];
  /** `warning` where interface.md says "values seen": other values may exist. */
  severity?: 'warning';
  pattern?: RegExp;
  /** What `pattern` asks for, in words: "a UUID (8-4-4-4-12 hex digits)". */
  expected?: string;
  /** The fix for a text that misses `pattern`, when one can be guessed. */
  fix?: (text: string) => string | undefined;
}

export interface ObjectDefinition extends Common {
  type: 'object';
  /** What the object is, in messages: "a facet group". */
  title: string;
  properties: Readonly<Record<string, Definition>>;
  required?: readonly string[];
  /** Other spellings interface.md shows: `{ orgID: 'orgId' }`. A spelling counts as its field. */
  aliases?: Readonly<Record<string, string>>;
  /** The value may also be a JSON string of the object (`includeRules`). */
  jsonString?: boolean;
}

export type Definition =
  | StringDefinition
  | ObjectDefinition
  | (Common & { type: 'integer'; minimum?: number })
  | (Common & { type: 'boolean' })
  | (Common & { type: 'array'; items: Definition })
  /** Any object at all (`customValues`). */
  | (Common & { type: 'freeObject' })
  | (Common & { type: 'stringOrNumber' })
  | (Common & { type: 'any' });

/** What a node holds, in the words of a message: "a string", "a whole number"… */
export function kindOf(node: Node): string {
  if (node.type === 'number') return Number.isInteger(node.value) ? 'a whole number' : 'a number';
  if (node.type === 'null') return 'null';
  if (node.type === 'boolean') return node.value ? 'true' : 'false';
  return { object: 'an object', array: 'an array', string: 'a string', property: 'a field' }[node.type];
}

/** The fields of an object node by name: their key node and value node. */
export function fieldsOf(node: Node): Map<string, { key: Node; value: Node }> {
  const out = new Map<string, { key: Node; value: Node }>();
  for (const p of node.children ?? []) {
    const [key, value] = p.children ?? [];
    if (key && value) out.set(String(key.value), { key, value });
  }
  return out;
}

function checkString(d: StringDefinition, node: Node, path: Path, ctx: CheckContext): boolean {
  if (node.type !== 'string') {
    ctx.report(node, path, 'error', `must be a string, found ${kindOf(node)}`);
    return false;
  }
  if (d.enum && !d.enum.includes(node.value)) {
    const near = closestName(node.value, d.enum);
    ctx.report(node, path, d.severity ?? 'error', `"${node.value}" is not one of ${d.enum.join(', ')}`, near ? `write "${near}"` : undefined);
    return false;
  }
  if (d.pattern && !d.pattern.test(node.value)) {
    ctx.report(node, path, 'error', `"${node.value}" is not ${d.expected ?? `of the form ${d.pattern.source}`}`, d.fix?.(node.value));
    return false;
  }
  return true;
}

function checkInteger(minimum: number | undefined, node: Node, path: Path, ctx: CheckContext): boolean {
  if (node.type === 'string' && /^\d+$/.test(node.value)) {
    ctx.report(node, path, 'error', `must be a whole number, found the text "${node.value}"`, `write ${node.value} without quotes`);
  } else if (node.type !== 'number' || !Number.isInteger(node.value)) {
    ctx.report(node, path, 'error', `must be a whole number, found ${kindOf(node)}`);
  } else if (minimum !== undefined && node.value < minimum) {
    ctx.report(node, path, 'error', `must be ${minimum} or more, found ${node.value}`, `write ${minimum} or more`);
  } else return true;
  return false;
}

function checkObject(d: ObjectDefinition, node: Node, path: Path, ctx: CheckContext): boolean {
  if (node.type !== 'object') {
    ctx.report(node, path, 'error', `must be ${d.title} (an object), found ${kindOf(node)}`);
    return false;
  }
  const aliases = d.aliases ?? {};
  const known = [...Object.keys(d.properties), ...Object.keys(aliases)];
  const present = fieldsOf(node);
  for (const [name, { key, value }] of present) {
    const field = Object.hasOwn(aliases, name) ? aliases[name] : name;
    if (Object.hasOwn(d.properties, field)) checkDefinition(d.properties[field], value, [...path, name], ctx);
    else {
      const near = closestName(name, known.filter((k) => !k.startsWith('$')));
      ctx.report(key, [...path, name], 'warning', `"${name}" is not a field of ${d.title} in the interface`, near ? `rename it "${near}"` : 'remove it');
    }
  }
  for (const name of d.required ?? []) {
    const spellings = [name, ...Object.keys(aliases).filter((a) => aliases[a] === name)];
    if (!spellings.some((s) => present.has(s))) ctx.report(node, [...path, name], 'error', `required field "${name}" is missing`, `add "${name}"`);
  }
  return true;
}

/** A JSON string holding the object: its problems are reported at the string, with the path inside it. */
function checkJsonString(d: ObjectDefinition, node: Node, path: Path, ctx: CheckContext): void {
  if (node.value.trim() === '') return;
  const errors: ParseError[] = [];
  const inner = parseTree(node.value, errors, { disallowComments: true });
  if (errors.length > 0 || !inner) {
    ctx.report(node, path, 'error', `is a string that is not JSON (at character ${(errors[0]?.offset ?? 0) + 1} of the string)`, 'write it as an object instead of a string');
    return;
  }
  // Positions inside the string cannot be mapped back through its escapes.
  checkDefinition({ ...d, jsonString: false }, inner, path, { ...ctx, report: (_n, p, severity, message, fix) => ctx.report(node, p, severity, `${message} (inside the JSON string)`, fix) });
}

/** Reports every way `node` differs from `d`, each at the node it is about. */
export function checkDefinition(d: Definition, node: Node, path: Path, ctx: CheckContext): void {
  if (d.nullable && node.type === 'null') return;
  let ok: boolean;
  switch (d.type) {
    case 'string': ok = checkString(d, node, path, ctx); break;
    case 'integer': ok = checkInteger(d.minimum, node, path, ctx); break;
    case 'boolean':
      ok = node.type === 'boolean';
      if (!ok) ctx.report(node, path, 'error', `must be true or false, found ${kindOf(node)}`);
      break;
    case 'object':
      if (d.jsonString && node.type === 'string') return checkJsonString(d, node, path, ctx);
      ok = checkObject(d, node, path, ctx);
      break;
    case 'array':
      ok = node.type === 'array';
      if (ok) (node.children ?? []).forEach((child, i) => checkDefinition(d.items, child, [...path, i], ctx));
      else ctx.report(node, path, 'error', `must be an array, found ${kindOf(node)}`);
      break;
    case 'freeObject':
      ok = node.type === 'object';
      if (!ok) ctx.report(node, path, 'error', `must be an object, found ${kindOf(node)}`);
      break;
    case 'stringOrNumber':
      ok = node.type === 'string' || node.type === 'number';
      if (!ok) ctx.report(node, path, 'error', 'must be a string or a number');
      break;
    default: ok = true;
  }
  if (ok) d.check?.(node, path, ctx);
}
