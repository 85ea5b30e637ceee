import { fill, type Card, type LaterCard } from './fill';

/** The props that put a card into its element: its nodes through a ref, or its markup. */
export const cardProps = (card: Card | LaterCard) => (typeof card != 'function' && '__html' in card ? { dangerouslySetInnerHTML: card } : { ref: fill(card) });
