/**
 * The JSON text of a request's body or parameter (objects, arrays, strings, numbers,
 * booleans), written without `JSON.stringify` on any object: that looks `toJSON` up on
 * each object through its prototype chain, so a page's `Object.prototype.toJSON` would
 * decide what is added to the shopper's cart or searched for. Strings and numbers still
 * go through it (no lookup for those); a missing member is left out, as `JSON.stringify`
 * does.
 */
export function toJson(value: unknown): string {
  // `map`, not `Array.from(value, map)`: Prototype.js (Magento 1) makes `Array.from` its
  // `$A`, which takes no map function, and the items would be joined as their `toString`.
  if (Array.isArray(value)) return '[' + value.map((item) => toJson(item ?? null)).join(',') + ']';
  if (value === null || typeof value != 'object') return JSON.stringify(value) ?? 'null';
  const members: string[] = [];
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) members.push(JSON.stringify(key) + ':' + toJson(item));
  }
  return '{' + members.join(',') + '}';
}
