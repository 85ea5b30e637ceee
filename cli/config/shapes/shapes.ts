// Small combinators that check a jsonc-parser tree against the fields interface.md
// lists, reporting each problem at the node it is about (so at its line and column).
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { closestName } from '../../../src/lint/closestName';
import type { Path, Report } from '../readJsonFile';

export interface ShapeContext {
  report: Report;
  /** The widget's `timeZone`, when valid, for its bundles' local dates. */
  timeZone?: string;
}

export type Shape = (node: Node, path: Path, ctx: ShapeContext) => void;

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

const typed = (test: (n: Node) => boolean, expected: string): Shape => (node, path, ctx) => {
  if (!test(node)) ctx.report(node, path, 'error', `must be ${expected}, found ${kindOf(node)}`);
};

export const anything: Shape = () => {};
export const string = typed((n) => n.type === 'string', 'a string');
export const boolean = typed((n) => n.type === 'boolean', 'true or false');
export const object = typed((n) => n.type === 'object', 'an object');

export function integer(min = -Infinity): Shape {
  return (node, path, ctx) => {
    if (node.type === 'string' && /^\d+$/.test(node.value)) {
      ctx.report(node, path, 'error', `must be a whole number, found the text "${node.value}"`, `write ${node.value} without quotes`);
    } else if (node.type !== 'number' || !Number.isInteger(node.value)) {
      ctx.report(node, path, 'error', `must be a whole number, found ${kindOf(node)}`);
    } else if (node.value < min) {
      ctx.report(node, path, 'error', `must be ${min} or more, found ${node.value}`, `write ${min} or more`);
    }
  };
}

export function nullable(shape: Shape): Shape {
  return (node, path, ctx) => (node.type === 'null' ? undefined : shape(node, path, ctx));
}

/** Any of `choices` (a string); `severity` warning where the interface says "values seen". */
export function oneOf(choices: readonly string[], severity: 'error' | 'warning' = 'error'): Shape {
  return (node, path, ctx) => {
    if (node.type !== 'string') return string(node, path, ctx);
    if (choices.includes(node.value)) return;
    const near = closestName(node.value, choices);
    ctx.report(node, path, severity, `"${node.value}" is not one of ${choices.join(', ')}`, near ? `write "${near}"` : undefined);
  };
}

export function matching(pattern: RegExp, expected: string, fix?: (text: string) => string | undefined): Shape {
  return (node, path, ctx) => {
    if (node.type !== 'string') return string(node, path, ctx);
    if (!pattern.test(node.value)) ctx.report(node, path, 'error', `"${node.value}" is not ${expected}`, fix?.(node.value));
  };
}

export function arrayOf(item: Shape): Shape {
  return (node, path, ctx) => {
    if (node.type !== 'array') return ctx.report(node, path, 'error', `must be an array, found ${kindOf(node)}`);
    (node.children ?? []).forEach((child, i) => item(child, [...path, i], ctx));
  };
}

export interface ObjectOptions {
  required?: readonly string[];
  /** Other spellings the interface shows: `{ orgID: 'orgId' }`. A spelling counts as its field. */
  aliases?: Readonly<Record<string, string>>;
  /** What the object is, for "not a field of …". */
  what: string;
  /** Checks across the fields, after each field's own. */
  also?: Shape;
}

/** An object whose fields are `fields`; a missing required field is an error, an unknown one a warning. */
export function shaped(fields: Readonly<Record<string, Shape>>, options: ObjectOptions): Shape {
  const aliases = options.aliases ?? {};
  const known = [...Object.keys(fields), ...Object.keys(aliases)];
  return (node, path, ctx) => {
    if (node.type !== 'object') return ctx.report(node, path, 'error', `must be ${options.what} (an object), found ${kindOf(node)}`);
    const present = fieldsOf(node);
    for (const [name, { key, value }] of present) {
      const field = Object.hasOwn(aliases, name) ? aliases[name] : name;
      if (Object.hasOwn(fields, field)) fields[field](value, [...path, name], ctx);
      else {
        const near = closestName(name, known);
        ctx.report(key, [...path, name], 'warning', `"${name}" is not a field of ${options.what} in the interface`, near ? `rename it "${near}"` : 'remove it');
      }
    }
    for (const name of options.required ?? []) {
      const spellings = [name, ...Object.keys(aliases).filter((a) => aliases[a] === name)];
      if (!spellings.some((s) => present.has(s))) {
        ctx.report(node, [...path, name], 'error', `required field "${name}" is missing`, `add "${name}"`);
      }
    }
    options.also?.(node, path, ctx);
  };
}

/** A value the interface lets be either an object or a JSON string of one (`includeRules`). */
export function objectOrJsonString(shape: Shape): Shape {
  return (node, path, ctx) => {
    if (node.type !== 'string') return shape(node, path, ctx);
    if (node.value.trim() === '') return;
    const errors: ParseError[] = [];
    const inner = parseTree(node.value, errors, { disallowComments: true });
    if (errors.length > 0 || !inner) {
      return ctx.report(node, path, 'error', `is a string that is not JSON (at character ${(errors[0]?.offset ?? 0) + 1} of the string)`, 'write it as an object instead of a string');
    }
    // Positions inside the string cannot be mapped back through its escapes; every
    // problem inside it is reported at the string itself, with the path inside it.
    shape(inner, path, { ...ctx, report: (_n, p, severity, message, fix) => ctx.report(node, p, severity, `${message} (inside the JSON string)`, fix) });
  };
}
