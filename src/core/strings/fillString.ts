/**
 * Puts values into the `{name}` holes of an interface string. A hole with no value of
 * ours stays as written, so a merchant's typo shows instead of reaching into a prototype.
 */
export const fillString = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (hole, name: string) => ({}).hasOwnProperty.call(values, name) ? '' + values[name] : hole);
