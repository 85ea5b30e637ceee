// The cards chunk, `dist/vitrine-cards.js`: the maker of cards of one structure
// (render/renderCard.ts), for a matrix, which draws all its cards at once. It makes it with
// the core's Mustache and sanitiser (`host.cards`), so it carries neither.
import type { Plugin } from '../host';
import { cardRenderer } from '../render/renderCard';

const vitrine = (window as unknown as { Vitrine?: { use?: (plugin: Plugin) => void } }).Vitrine;
if (vitrine && typeof vitrine.use === 'function') {
  vitrine.use((host) => {
    host.cards._make ||= cardRenderer(host.cards);
  });
}
