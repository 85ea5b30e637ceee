import { safeUrl } from './safeUrl';
import { parseHtml } from './trustedTypes';

// Elements that load or run something; the theme's own behaviour belongs in jsTemplate.
const dropped = /^(script|iframe|frame|frameset|object|embed|base|meta|link|animate|set|noscript|template)$/i;
const urlAttributes = /^(href|src|action|formaction|xlink:href|poster|background|cite|data|ping)$/i;

/**
 * Template output is markup by the theme author with product text escaped into it. A
 * name still lands in an attribute the author chose: `<a href="{{product_name}}">` or
 * `<img onerror="{{…}}">` would run it. So event handler attributes, `srcdoc`,
 * non-http(s) URLs and loading elements are removed from every render, and so are `id`
 * and `name` values that would shadow a property of `document`, `window` or a form
 * (`<img name="createElement">` breaks the page's own `document.createElement`; `<input
 * name="attributes">` hides its form's attributes from every script that walks the
 * page). The markup is parsed once, here; the nodes are what gets inserted.
 */
export function sanitizeNodes(html: string, doc: Document): DocumentFragment {
  // Attributes are read through Element.prototype, which markup cannot change: a form's
  // named controls shadow its own properties (`<form><input name="attributes">` makes
  // `form.attributes` the input), so nothing markup could shadow is read from a node.
  const { getAttributeNames, getAttribute, removeAttribute, remove } = Element.prototype;
  const content = parseHtml(doc, html);
  const walker = doc.createTreeWalker(content, 1 /* NodeFilter.SHOW_ELEMENT */);
  const doomed: Element[] = [];
  for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
    // A form's control named `localName` makes this no string; forms are not dropped
    // either way, and the control loses that name below.
    if (dropped.test(node.localName)) doomed.push(node);
    for (const name of getAttributeNames.call(node)) {
      const value = getAttribute.call(node, name)!;
      if (/^on|^srcdoc$/i.test(name) || (urlAttributes.test(name) && !safeUrl(value)) ||
          (/^(id|name)$/i.test(name) && (value in doc || value in doc.defaultView! || value in HTMLFormElement.prototype)) ||
          (/^srcset$/i.test(name) && value.split(',').some((part) => !safeUrl(part.trim().split(/\s+/)[0])))) {
        removeAttribute.call(node, name);
      }
    }
  }
  for (const node of doomed) remove.call(node);
  return content;
}
