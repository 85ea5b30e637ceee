import { droppedElements, unsafeAttribute } from '../../core/sanitize/markupRules';
import { parseHtml } from './trustedTypes';

/**
 * Applies the markup rules (`core/sanitize/markupRules.ts`) to template output. The
 * markup is parsed once, here; the nodes are what gets inserted.
 */
export function sanitizeNodes(html: string, doc: Document): DocumentFragment {
  // Attributes are read through Element.prototype, which markup cannot change: a form's
  // named controls shadow its own properties (`<form><input name="attributes">` makes
  // `form.attributes` the input), so nothing markup could shadow is read from a node.
  const { getAttributeNames, getAttribute, removeAttribute, remove } = Element.prototype;
  const shadows = (value: string) => value in doc || value in doc.defaultView! || value in HTMLFormElement.prototype;
  const content = parseHtml(doc, html);
  const walker = doc.createTreeWalker(content, 1 /* NodeFilter.SHOW_ELEMENT */);
  const doomed: Element[] = [];
  for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
    // A form's control named `localName` makes this no string; forms are not dropped
    // either way, and the control loses that name below.
    if (droppedElements.test(node.localName)) doomed.push(node);
    for (const name of getAttributeNames.call(node)) {
      if (unsafeAttribute(name, getAttribute.call(node, name)!, shadows)) removeAttribute.call(node, name);
    }
  }
  for (const node of doomed) remove.call(node);
  return content;
}
