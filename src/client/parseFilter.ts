import type { SearchFilters } from './searchFilters';

/**
 * Reads a filter string written by `formatFilter` (see there for the format) back into
 * selections. Anything else is refused with a message naming the position.
 */
export function parseFilter(text: string): SearchFilters {
  // Field names are data: on a null prototype, `constructor` or `__proto__` is a field
  // like any other, not Object's.
  const out: Record<string, string[]> = Object.create(null);
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`filter: ${what} at position ${i} of "${text}"`);
  };
  const space = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const word = (w: string) => {
    space();
    if (text.startsWith(w, i) && (i + w.length === text.length || /[\s(]/.test(text[i + w.length]))) {
      i += w.length;
      return true;
    }
    return false;
  };
  const clause = () => {
    space();
    const field = /^[A-Za-z_][A-Za-z0-9_.-]*/.exec(text.slice(i));
    if (!field) fail('expected a field name');
    i += field![0].length;
    if (text[i] !== ':') fail('expected ":"');
    i++;
    let value: string;
    if (text[i] === '[') {
      const end = text.indexOf(']', i);
      if (end < 0) fail('unclosed range');
      const range = /^\[\s*(\S+)\s+TO\s+(\S+)\s*\]$/.exec(text.slice(i, end + 1));
      if (!range) fail('expected [low TO high]');
      value = `[${range![1]} TO ${range![2]}]`;
      i = end + 1;
    } else if (text[i] === '"') {
      i++;
      value = '';
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\') i++;
        value += text[i++] ?? '';
      }
      if (text[i] !== '"') fail('unclosed quote');
      i++;
    } else {
      const plain = /^[^\s"():[\]\\]+/.exec(text.slice(i));
      if (!plain) fail('expected a value');
      value = plain![0];
      i += value.length;
    }
    const values = (out[field![0]] ??= []);
    if (!values.includes(value)) values.push(value);
  };
  space();
  if (i === text.length) return out;
  for (;;) {
    space();
    if (text[i] === '(') {
      i++;
      clause();
      while (word('OR')) clause();
      space();
      if (text[i] !== ')') fail('expected ")"');
      i++;
    } else {
      clause();
    }
    space();
    if (i === text.length) return out;
    if (!word('AND')) fail('expected AND');
  }
}
