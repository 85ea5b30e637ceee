import { safeUrl } from './safeUrl';

// Elements that load or run something; the theme's own behaviour belongs in jsTemplate.
const dropped = /^(script|iframe|frame|frameset|object|embed|base|meta|link|animate|set|noscript|template)$/i;
const urlAttributes = /^(href|src|action|formaction|xlink:href|poster|background|cite|data|ping)$/i;

/**
 * Template output is markup by the theme author with product text escaped into it. A
 * name still lands in an attribute the author chose: `<a href="{{product_name}}">` or
 * `<img onerror="{{…}}">` would run it. So event handler attributes, `srcdoc`,
 * non-http(s) URLs and loading elements are removed from every render.
 */
export function sanitizeNodes(html: string, doc: Document): DocumentFragment {
  const holder = doc.createElement('template');
  holder.innerHTML = html;
  const walker = doc.createTreeWalker(holder.content, 1 /* NodeFilter.SHOW_ELEMENT */);
  const doomed: Element[] = [];
  for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
    if (dropped.test(node.localName)) doomed.push(node);
    for (const attr of Array.from(node.attributes)) {
      const name = attr.name;
      if (/^on/i.test(name) || /^srcdoc$/i.test(name) || (urlAttributes.test(name) && !safeUrl(attr.value)) ||
          (/^srcset$/i.test(name) && attr.value.split(',').some((part) => !safeUrl(part.trim().split(/\s+/)[0])))) {
        node.removeAttribute(name);
      }
    }
  }
  for (const node of doomed) node.remove();
  return holder.content;
}

/** The same, as markup. */
export function sanitizeHtml(html: string, doc: Document): string {
  const holder = doc.createElement('template');
  holder.content.append(sanitizeNodes(html, doc));
  return holder.innerHTML;
}
