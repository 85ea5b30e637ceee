import type { SearchFilters } from './searchFilters';

// The filter string the service (and the sandbox) parses:
//   gender_ss:women AND (color_s:red OR color_s:"navy blue") AND price_d:[10 TO 50]
// - a clause is `field:value`; values of one field are ORed inside parentheses;
// - fields are joined by ` AND `;
// - a numeric range is `[low TO high]`, `*` for an open end;
// - a value with a space, quote, colon, bracket or parenthesis is written in double
//   quotes with `\"` and `\\` escapes.

const RANGE = /^\[\s*(\S+)\s+TO\s+(\S+)\s*\]$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const PLAIN = /^[^\s"():[\]\\]+$/;

function formatValue(value: string): string {
  const range = RANGE.exec(value);
  if (range) return `[${range[1]} TO ${range[2]}]`;
  if (PLAIN.test(value) && value !== 'AND' && value !== 'OR') return value;
  return '"' + value.replace(/[\\"]/g, (c) => '\\' + c) + '"';
}

/** One clause per field with at least one value: `field:v` or `(field:a OR field:b)`. */
export function formatFilterClauses(filters: SearchFilters): string[] {
  const clauses: string[] = [];
  if (filters === null || typeof filters !== 'object' || Array.isArray(filters)) {
    throw new Error('filters must be value lists per field, e.g. { gender_ss: ["women"] }');
  }
  for (const field of Object.keys(filters)) {
    if (!FIELD.test(field)) throw new Error(`filter field "${field}" is not a repository field name`);
    if (!Array.isArray(filters[field])) throw new Error(`filter values of "${field}" must be a list, e.g. ["${String(filters[field])}"]`);
    const values = [...new Set(filters[field])];
    if (values.length === 0) continue;
    const parts = values.map((v) => `${field}:${formatValue(v)}`);
    clauses.push(parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`);
  }
  return clauses;
}

export function formatFilter(filters: SearchFilters): string {
  return formatFilterClauses(filters).join(' AND ');
}
