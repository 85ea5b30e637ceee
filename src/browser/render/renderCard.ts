// Types only: the cards chunk (`dist/vitrine-cards.js`) takes Mustache and the sanitiser
// from the core (`CardTools`), so a page holds one copy of each.
import type { render } from '../../core/template/renderTemplate';
import type { unsafeAttribute, unsafeName } from '../../core/sanitize/markupRules';
import type { sanitizeNodes, shadowsIn } from '../sanitize/sanitizeHtml';

/** What the card maker uses of the core: its Mustache renderer and its markup rules. */
export type CardTools = { _render: typeof render; _sanitize: typeof sanitizeNodes; _unsafe: typeof unsafeAttribute; _unsafeName: typeof unsafeName; _shadows: typeof shadowsIn };
/** A card's nodes, or 0 where its markup must be parsed on its own (`sanitizeNodes(renderTemplate(…))`). */
export type MakeCard = (doc: Document, template: string, ...views: object[]) => DocumentFragment | 0;
/** Where mountWidget finds the card maker (`render/cardMaker.ts`), beside the tools it is made with. */
export type CardMaker = CardTools & { _make?: MakeCard };

/**
 * Where a card's values go: the node (by child positions), what it holds (`split`), and
 * the attribute's name (none: the node is text).
 */
type Hole = [path: number[], parts: (string | number)[], name?: string];

/** A card's markup parsed and sanitised once, its values still marks, and where they go. 0: none, cards render one by one. */
type Mould = { doc: Document; nodes: DocumentFragment; holes: Hole[] } | 0;

/** The card maker, made with the core's tools. */
export function cardRenderer({ _render: render, _sanitize: sanitizeNodes, _unsafe: unsafeAttribute, _unsafeName: unsafeName, _shadows: shadowsIn }: CardTools): MakeCard {
  const moulds = new Map<string, Mould>();
  /** The start of a value's mark (`renderMarked`). */
  const M = '\uFDD0';

  /**
   * Where a value's characters could parse other than as the text of its mark, the
   * markup is not moulded: beside a character reference (`&amp{{…}}`), where a tag or
   * comment starts, in CDATA (not decoded), in a table's rows or columns (where text of
   * white space stays and other text is moved before the table), and in an attribute's or
   * element's name or a comment (checked as the mould is made).
   */
  const unmouldable = /&[#\w]*\uFDD0|<[!/?-]*\uFDD0|<!\[CDATA\[|<(table|caption|colgroup|col|tbody|thead|tfoot|tr|td|th)[\s/>]/i;

  /**
   * Renders like `renderTemplate`, with each value that is not empty written as a numbered
   * mark, `\uFDD0` n `\uFDD1` (noncharacters, which no theme writes), and the values apart:
   * the nth is `values[n - 1]`. Two products that render the same marked markup make the
   * same markup but for their text, which is parsed once.
   */
  function renderMarked(template: string, views: object[]): [marked: string, values: string[]] {
    const values: string[] = [];
    const mark = (value: unknown) => (typeof value == 'object' || !(value = String(value)) ? '' : '\uFDD0' + values.push(value as string) + '\uFDD1');
    return [render(template, views, mark), values];
  }

  /** `a\uFDD01\uFDD1b` is `['a', 0, 'b']`: the text, and the index of each value between. */
  const split = (marked: string) => marked.split(/\uFDD0(\d+)\uFDD1/).map((part, i) => (i % 2 ? +part - 1 : part));

  function makeMould(doc: Document, marked: string): Mould {
    if (unmouldable.test(marked)) return 0;
    const held: [Element, string, string][] = [];
    let refused = false;
    // Every value's attribute is judged per card, with the card's value; so is every `id`
    // and `name`, since what they would shadow on the page can change between cards.
    const nodes = sanitizeNodes(marked, doc, (node, name, value) => {
      const hole = value.includes(M);
      // A button's type is always made `button`: one a value would remove goes to the end.
      // (Only a form's properties can be shadowed, and no form is a button.)
      // A style attribute's declarations are read again in a copy, past the check a strict
      // Content-Security-Policy (style-src-attr) made of the parsed one: such a card is parsed
      // on its own, so the page's policy still decides.
      refused ||= name.includes(M) || /^style$/i.test(name) || (hole && name == 'type' && node.localName == 'button');
      return (hole || /^(id|name)$/i.test(name)) && !unsafeName(name) && held.push([node, name, value]);
    });
    const path = (node: Node): number[] => (node == nodes ? [] : [...path(node.parentNode!), [...node.parentNode!.childNodes].indexOf(node as ChildNode)]);
    const holes: Hole[] = [];
    // Held attributes stay; the sanitiser may have dropped their element.
    for (const [node, name, value] of held) if (nodes.contains(node)) holes.push([path(node), split(value), name]);
    // 1 | 4 | 128: elements, text and comments.
    const walker = doc.createTreeWalker(nodes, 133);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeType == 1 ? node.nodeName : (node as CharacterData).data;
      // Marks stand in text only.
      if (!text.includes(M)) continue;
      if (node.nodeType != 3) refused = true;
      else holes.push([path(node), split(text)]);
    }
    return refused ? 0 : { doc, nodes, holes };
  }

  /**
   * Makes a product's card as `sanitizeNodes(renderTemplate(…))` would, parsing only once
   * the markup products of the same structure share (a section shown or not changes it):
   * each card is a copy of those nodes with its values written in as text and attribute
   * values, and each attribute holding one judged by the markup rules with it. A hundred
   * cards of the built-in matrix spent half their render parsing and walking the same
   * markup a hundred times.
   */
  return (doc, template, ...views) => {
    const [marked, values] = renderMarked(template, views);
    // Parsed on its own: a card whose markup holds a mark-shaped character of its own (the
    // theme's text, a `{{{value}}}`), which would be read as a value; one with a value that
    // starts with a line break, which the parser drops first in a <pre>, <listing> or
    // <textarea> (also where it reopens a formatting element around it); and a NUL, which
    // the parser drops or replaces.
    if (marked.split(M).length - 1 != values.length || values.some((value) => /^[\n\r]|\0/.test(value))) return 0;
    let mould = moulds.get(marked);
    if (mould == null || (mould && mould.doc != doc)) {
      // A page shows a few themes whose cards take a few structures each.
      if (moulds.size > 99) moulds.clear();
      moulds.set(marked, (mould = makeMould(doc, marked)));
    }
    if (!mould) return 0;
    const card = mould.nodes.cloneNode(true) as DocumentFragment;
    const shadows = shadowsIn(doc);
    for (const [path, parts, name] of mould.holes) {
      let node: Node = card;
      for (let i of path) for (node = node.firstChild!; i--; ) node = node.nextSibling!;
      const value = parts.map((part, i) => (i % 2 ? values[part as number] : part)).join('');
      if (name == null) (node as Text).data = value;
      else if (unsafeAttribute(name, value, shadows)) (node as Element).removeAttribute(name);
      // Set on the attribute there, in its place, with its namespace (`xlink:href`).
      else (node as Element).setAttribute(name, value);
    }
    return card;
  };
}
