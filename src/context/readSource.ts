import { text } from './text';

const own = (value: any, path: string[]): unknown =>
  path.reduce((v, key) => (v && typeof v == 'object' && Object.prototype.hasOwnProperty.call(v, key) ? v[key] : undefined), value);

/**
 * Reads one value a platform states (the syntax is `Platform`'s). Only own properties are
 * followed, so a polluted prototype adds nothing; a getter that throws or JSON that does
 * not parse reads as nothing.
 */
export function readSource(win: Window, where: string): string | undefined {
  for (const one of where.split(' || ')) {
    try {
      const [selector, attr = ''] = one.split(' @');
      const [name, ...path] = attr.split('.');
      const el = /^window\./.test(selector) ? 0 : win.document.querySelector(selector);
      const value =
        el === 0 ? own(win, selector.split('.').slice(1)) : name ? el?.getAttribute(name) : el?.textContent;
      const found = text(path.length ? own(JSON.parse(value as string), path) : value);
      if (found) return found;
    } catch {
      /* nothing there */
    }
  }
}
