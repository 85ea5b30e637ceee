import { text } from './text';

const own = (value: any, path: string[]): unknown =>
  path.reduce((v, key) => (v && typeof v == 'object' && Object.prototype.hasOwnProperty.call(v, key) ? v[key] : undefined), value);

/** One place: a global's path, a query parameter, or an element's text, attribute, or a path into its attribute's JSON. */
function readOne(win: Window, where: string): unknown {
  if (/^window\./.test(where)) return own(win, where.split('.').slice(1));
  if (where[0] == '?') return new URL(win.location.href).searchParams.get(where.slice(1));
  const [selector, attr] = where.split(' @');
  const el = win.document.querySelector(selector);
  if (!attr) return el?.textContent;
  const [name, ...path] = attr.split('.');
  const value = el?.getAttribute(name);
  return path.length ? own(JSON.parse(value as string), path) : value;
}

/**
 * Reads one value a platform states (the syntax is `Platform`'s): the first of its places
 * that holds something. Only own properties are followed, so a polluted prototype adds
 * nothing; a getter that throws or JSON that does not parse reads as nothing.
 */
export function readSource(win: Window, where: string): string | undefined {
  for (const one of where.split(' || ')) {
    try {
      const found = text(readOne(win, one));
      if (found) return found;
    } catch {
      /* nothing there */
    }
  }
}
