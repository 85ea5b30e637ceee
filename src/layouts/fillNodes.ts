import type { ComponentChildren } from 'preact';

/**
 * Like `fillString`, for a view: the `{name}` holes of an interface string take elements
 * (a quoted query, a number isolated with `<bdi>`), and the words around them stay text.
 * A hole with no value of ours stays as written.
 */
export function fillNodes(template: string, values: Record<string, ComponentChildren>): ComponentChildren[] {
  // No empty text: the server writes none, so a browser hydrating its markup finds none.
  return template.split(/(\{\w+\})/).filter(Boolean).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name !== undefined && Object.prototype.hasOwnProperty.call(values, name) ? values[name] : part;
  });
}
