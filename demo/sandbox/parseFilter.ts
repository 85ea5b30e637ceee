/** One `field:value` or `field:[low TO high]` test. */
export type FilterTerm =
  | { field: string; kind: 'value'; value: string }
  | { field: string; kind: 'range'; low: number | null; high: number | null };

/** Terms ORed together; a filter is a list of clauses ANDed together. */
export type FilterClause = FilterTerm[];

export class FilterError extends Error {}

/** Splits `text` on `separator` (a regex source) where it is not inside (), [] or quotes. */
function splitTopLevel(text: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '\\') i++; // `\"` and `\\` inside quotes are escapes
    else if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '(' || ch === '[')) depth++;
    else if (!quoted && (ch === ')' || ch === ']')) depth--;
    else if (!quoted && depth === 0) {
      separator.lastIndex = i;
      const m = separator.exec(text);
      if (m && m.index === i) {
        parts.push(text.slice(start, i));
        start = i + m[0].length;
        i = start - 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

function parseBound(text: string, clause: string): number | null {
  if (text === '*') return null;
  const n = Number(text);
  if (text === '' || !Number.isFinite(n)) throw new FilterError(`filter: "${text}" is not a number in "${clause}"`);
  return n;
}

function parseTerm(text: string, clause: string): FilterTerm {
  const colon = text.indexOf(':');
  if (colon <= 0) throw new FilterError(`filter: expected field:value, got "${text}"`);
  const field = text.slice(0, colon).trim();
  const raw = text.slice(colon + 1).trim();
  const range = /^\[\s*(\S+)\s+TO\s+(\S+)\s*\]$/i.exec(raw);
  if (range) return { field, kind: 'range', low: parseBound(range[1], clause), high: parseBound(range[2], clause) };
  if (raw.startsWith('[')) throw new FilterError(`filter: a range is written [low TO high], got "${raw}"`);
  const value = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  if (value === '') throw new FilterError(`filter: no value after "${field}:"`);
  return { field, kind: 'value', value };
}

/**
 * Reads a filter string (values with spaces or special characters in double
 * quotes, `\"` and `\\` escaped) such as such as
 * `(gender_ss:women OR gender_ss:men) AND price_d:[10 TO 50] AND avg_rating_d:[4 TO *]`.
 * An empty string is no filter.
 */
export function parseFilter(filter: string): FilterClause[] {
  return splitTopLevel(filter.trim(), /\s+AND\s+/y).map((clause) => {
    const inner = clause.startsWith('(') && clause.endsWith(')') ? clause.slice(1, -1) : clause;
    return splitTopLevel(inner, /\s+OR\s+/y).map((term) => parseTerm(term, clause));
  });
}
