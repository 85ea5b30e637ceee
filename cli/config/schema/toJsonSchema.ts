// The JSON Schemas shipped in dist/schema/ (build.mjs writes them), derived from the
// same definitions `vitrine config check` runs: an editor that reads a file's `$schema`
// completes and underlines the fields the check knows. Draft-07, the draft most editors
// read fully. What JSON Schema cannot say (a range's ends, bundle dates in a time zone,
// the catalogue and theme cross-checks) stays with the check.
import type { Definition } from './definition';
import { searchDefinition } from './searchDefinition';
import { widgetDefinition } from './widgetDefinition';

type Schema = Record<string, unknown>;

function withNull(schema: Schema, nullable: boolean | undefined): Schema {
  if (!nullable) return schema;
  return {
    ...schema,
    type: [schema.type, 'null'],
    ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}),
  };
}

function toSchema(d: Definition): Schema {
  const described = d.description ? { description: d.description } : {};
  switch (d.type) {
    case 'string': {
      if (d.pattern?.flags) throw new Error(`a pattern with flags cannot be written in JSON Schema: ${d.pattern}`);
      return withNull({
        type: 'string',
        ...described,
        // A "values seen" list is a suggestion to editors, not a rule.
        ...(d.enum ? (d.severity === 'warning' ? { examples: [...d.enum] } : { enum: [...d.enum] }) : {}),
        ...(d.pattern ? { pattern: d.pattern.source } : {}),
      }, d.nullable);
    }
    case 'integer': return withNull({ type: 'integer', ...described, ...(d.minimum !== undefined ? { minimum: d.minimum } : {}) }, d.nullable);
    case 'boolean': return withNull({ type: 'boolean', ...described }, d.nullable);
    case 'array': return withNull({ type: 'array', ...described, items: toSchema(d.items) }, d.nullable);
    case 'freeObject': return withNull({ type: 'object', ...described }, d.nullable);
    case 'stringOrNumber': return { type: ['string', 'number'], ...described };
    case 'any': return { ...described };
    case 'object': {
      const aliases = Object.entries(d.aliases ?? {});
      const properties: Record<string, Schema> = {};
      for (const [name, field] of Object.entries(d.properties)) properties[name] = toSchema(field);
      for (const [alias, name] of aliases) properties[alias] = { ...properties[name], description: `Another spelling of ${name}.` };
      const aliased = new Set(aliases.map(([, name]) => name));
      const required = (d.required ?? []).filter((r) => !aliased.has(r));
      const either = (d.required ?? []).filter((r) => aliased.has(r)).map((r) => ({
        anyOf: [r, ...aliases.filter(([, n]) => n === r).map(([a]) => a)].map((s) => ({ required: [s] })),
      }));
      const object: Schema = {
        type: 'object',
        ...described,
        properties,
        ...(required.length ? { required } : {}),
        ...(either.length ? { allOf: either } : {}),
        additionalProperties: false,
      };
      const nullable = withNull(object, d.nullable);
      return d.jsonString ? { ...described, anyOf: [nullable, { type: 'string', description: 'The same object written as a JSON string.' }] } : nullable;
    }
  }
}

/** The schema of each file kind, by the name of its file in dist/schema/. */
export function jsonSchemas(): Record<string, Schema> {
  const top = (title: string, d: Definition) => ({ $schema: 'http://json-schema.org/draft-07/schema#', title, ...toSchema(d) });
  return {
    'search.schema.json': top('Vitrine search configuration', searchDefinition),
    'widget.schema.json': top('Vitrine widget configuration', widgetDefinition),
  };
}
