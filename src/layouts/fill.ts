/** A rendered, sanitised card: nodes parsed once, never serialised and parsed again. */
export type Card = DocumentFragment;
/** A card rendered when called: a carousel's cards past the first few. */
export type LaterCard = () => Card;

/**
 * A ref that puts a card's nodes into its element. Template output is parsed once by the
 * sanitiser; handing Preact markup instead would parse every card a second time (about
 * a quarter of the render time at 100 products). Preact leaves nodes it did not create
 * alone, and a re-render with the same card changes nothing.
 */
export const fill = (card: Card | LaterCard) => (el: (HTMLElement & { _card?: Card | LaterCard }) | null) => {
  if (el && el._card != card) {
    el._card = card;
    el.replaceChildren(typeof card == 'function' ? card() : card);
  }
};
