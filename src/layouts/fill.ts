/**
 * A rendered, sanitised card: in the browser nodes parsed once, never serialised and
 * parsed again; on the server (and for a server card the browser takes over) markup the
 * server's sanitiser let through, which Preact writes as it is and, hydrating, leaves alone.
 */
export type Card = DocumentFragment | { __html: string };
/** A card rendered when called (browser only): a carousel's cards past the first few. */
export type LaterCard = () => DocumentFragment;

export type Cell = HTMLElement & { _card?: DocumentFragment | LaterCard };

/**
 * Cells a render left empty for a card drawn later (a matrix's past its first screen),
 * in order: `mountWidget` takes them as soon as the render is done.
 */
export const held: [Cell, LaterCard][] = [];

/**
 * A ref that puts a card's nodes into its element. Template output is parsed once by the
 * sanitiser; handing Preact markup instead would parse every card a second time (about
 * a quarter of the render time at 100 products). Preact leaves nodes it did not create
 * alone, and a re-render with the same card changes nothing. A card for later leaves
 * the element empty and held.
 */
export const fill = (card: DocumentFragment | LaterCard) => (el: Cell | null) => {
  if (el && el._card != card) {
    el._card = card;
    typeof card == 'function' ? held.push([el, card]) && el.replaceChildren() : el.replaceChildren(card);
  }
};
