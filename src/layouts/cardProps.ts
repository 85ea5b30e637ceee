import { fill, type Card, type LaterCard } from './fill';

/**
 * The props that put a card into its element: its nodes through a ref, or its markup.
 * Markup is a card's own `__html` only: one a page put on Object.prototype would
 * otherwise turn every parsed card into that markup.
 */
export const cardProps = (card: Card | LaterCard) => (typeof card != 'function' && {}.hasOwnProperty.call(card, '__html') ? { dangerouslySetInnerHTML: card as { __html: string } } : { ref: fill(card as DocumentFragment | LaterCard) });
