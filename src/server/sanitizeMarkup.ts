import { defaultTreeAdapter, html as spec, parseFragment, serialize, type DefaultTreeAdapterTypes as T } from 'parse5';
import { droppedElements, unsafeAttribute } from '../core/sanitize/markupRules';

/**
 * Whether an `id` or `name` could hide a property of `document`, `window` or a form. The
 * browser asks the live objects; a server has none, and a list copied from one browser
 * misses what another (or next year's) adds. Every property those objects have is an
 * identifier, so any value that is one goes: `vitrine-card-3` or `size.s` stays,
 * `quantity` and `cart` go. Stricter than the browser, never looser.
 */
const shadows = (value: string): boolean => /^[\p{L}\p{Nl}_$][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}_$]*$/u.test(value);

const isElement = (node: T.ChildNode): node is T.Element => 'tagName' in node;

/** Applies core's markup rules to a parse tree: dropped elements and comments go, unsafe attributes go. */
function clean(parent: T.ParentNode): void {
  parent.childNodes = parent.childNodes.filter((node) => {
    if (node.nodeName == '#comment') return false;
    if (!isElement(node)) return true;
    if (droppedElements.test(node.tagName)) return false;
    node.attrs = node.attrs.filter((a) => !unsafeAttribute(a.prefix ? a.prefix + ':' + a.name : a.name, a.value, shadows));
    clean(node);
    return true;
  });
}

/**
 * Template output made safe on the server, as the browser's `sanitizeNodes` makes it
 * safe on a page: parsed as the HTML standard parses it inside the element that will hold
 * it (`div` or `li`), cleaned by the same rules, serialised. Markup whose serialisation
 * parses back to another tree (the mutation-XSS class: the browser would build something
 * this check never saw) is refused with an error.
 */
export function sanitizeMarkup(markup: string, holder: 'div' | 'li' = 'div'): string {
  const context = defaultTreeAdapter.createElement(holder, spec.NS.HTML, []);
  const tree = parseFragment(context, markup, {});
  clean(tree);
  const out = serialize(tree);
  if (serialize(parseFragment(context, out, {})) !== out) throw new Error('markup changes when parsed again (refused)');
  return out;
}
