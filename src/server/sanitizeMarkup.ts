import { defaultTreeAdapter, html as spec, parseFragment, serialize, type DefaultTreeAdapterTypes as T } from 'parse5';
import { button, droppedElements, listItems, lists, unsafeAttribute } from '../core/sanitize/markupRules';

/**
 * Whether an `id` or `name` could hide a property of `document`, `window` or a form. The
 * browser asks the live objects; a server has none, and a list copied from one browser
 * misses what another (or next year's) adds. Every property those objects have is an
 * identifier, so any value that is one goes: `vitrine-card-3` or `size.s` stays,
 * `quantity` and `cart` go. Stricter than the browser, never looser.
 */
const shadows = (value: string): boolean => /^[\p{L}\p{Nl}_$][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}_$]*$/u.test(value);

const isElement = (node: T.ChildNode): node is T.Element => 'tagName' in node;
/** A selector list of tag names as a set: HTML names match in any case, SVG's as spelt. */
const tags = (list: string) => {
  const set = new Set(list.split(','));
  return (tag: string) => set.has(tag) || set.has(tag.toLowerCase());
};
const isDropped = tags(droppedElements);
const isList = tags(lists);
const isListItem = tags(listItems);

/**
 * Applies core's markup rules to a parse tree: dropped elements and comments go, unsafe
 * attributes go, a button is `type="button"`, a list item outside a list of the markup's
 * own gives way to its content.
 */
function clean(parent: T.ParentNode, inList: boolean): void {
  parent.childNodes = parent.childNodes.flatMap((node): T.ChildNode[] => {
    if (node.nodeName == '#comment') return [];
    if (!isElement(node)) return [node];
    const tag = node.tagName;
    if (isDropped(tag)) return [];
    node.attrs = node.attrs.filter((a) => !unsafeAttribute(a.prefix ? a.prefix + ':' + a.name : a.name, a.value, shadows) && !(tag == button && a.name == 'type'));
    if (tag == button) node.attrs.push({ name: 'type', value: button });
    clean(node, inList || isList(tag));
    if (!inList && isListItem(tag)) {
      for (const child of node.childNodes) child.parentNode = parent;
      return node.childNodes;
    }
    return [node];
  });
}

/**
 * Where the browser may parse the markup again: the widget's card holders (`div`, `li`),
 * and what a merchant's page may put around the slot: a form (with its form element
 * pointer set, as when the slot is inside one), a table cell.
 */
const CONTEXTS = ['div', 'li', 'form', 'td'].map((tag) => defaultTreeAdapter.createElement(tag, spec.NS.HTML, []));

/**
 * Template output made safe on the server, as the browser's `sanitizeNodes` makes it
 * safe on a page: parsed as the HTML standard parses it inside the element that will hold
 * it (`div` or `li`), cleaned by the
 * same rules, serialised. The rules leave out what parses differently with the context
 * (`core/sanitize/markupRules.ts`); as a check of that, markup whose serialisation parses
 * back to another tree in any context a slot may sit in (the mutation-XSS class: the
 * browser would build something this check never saw) is refused with an error.
 */
export function sanitizeMarkup(markup: string, holder: 'div' | 'li' = 'div'): string {
  const tree = parseFragment(CONTEXTS[holder == 'li' ? 1 : 0], markup, {});
  clean(tree, false);
  const out = serialize(tree);
  for (const context of CONTEXTS) {
    if (serialize(parseFragment(context, out, {})) !== out) throw new Error(`markup changes when parsed again inside a <${context.tagName}> (refused)`);
  }
  return out;
}
