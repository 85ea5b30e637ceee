import { button, droppedElements, listItems, lists, unsafeAttribute } from '../../core/sanitize/markupRules';
import { parseHtml } from './trustedTypes';

/** Whether an `id` or `name` value would hide a property of the page's document, window or forms. */
export const shadowsIn = (doc: Document) => (value: string) => value in doc || value in doc.defaultView! || value in HTMLFormElement.prototype;

/**
 * Applies the markup rules (`core/sanitize/markupRules.ts`) to template output. The
 * markup is parsed once, here; the nodes are what gets inserted. `held`: an attribute it
 * returns true for is kept, for the caller to judge before the nodes leave it (a card's
 * value not yet known, `browser/render/renderCard.ts`).
 */
export function sanitizeNodes(html: string, doc: Document, held?: (node: Element, name: string, value: string) => unknown): DocumentFragment {
  // Everything is read through Element.prototype, which markup cannot change: a form's
  // named controls shadow its own properties (`<form><input name="localName">` makes
  // `form.localName` the input), so nothing markup could shadow is read from a node.
  const { getAttributeNames, getAttribute, removeAttribute, replaceWith, matches, closest } = Element.prototype;
  const shadows = shadowsIn(doc);
  const content = parseHtml(doc, html);
  const walker = doc.createTreeWalker(content, 1 /* NodeFilter.SHOW_ELEMENT */);
  // Each goes after the walk, for what it leaves in its place: nothing, or its content.
  const doomed: [Element, Node[] | NodeList][] = [];
  for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
    if (matches.call(node, droppedElements)) doomed.push([node, []]);
    // A list item is no form: its childNodes are its own.
    else if (matches.call(node, listItems) && !closest.call(node, lists)) doomed.push([node, node.childNodes]);
    for (const name of getAttributeNames.call(node)) {
      const value = getAttribute.call(node, name)!;
      if (!held?.(node, name, value) && unsafeAttribute(name, value, shadows)) removeAttribute.call(node, name);
    }
    // A button is no form either.
    if (matches.call(node, button)) node.setAttribute('type', button);
  }
  for (const [node, kept] of doomed) replaceWith.call(node, ...kept);
  return content;
}
