// The script tag's render/cardMaker.ts (build.mjs puts this module in its place in
// vitrine.js only). A matrix draws every card at once, and parsing each card's markup on
// its own was half of that; the maker that parses a structure once ships in the cards
// chunk (`vitrine-cards.js`), asked for beside a matrix slot's request, which makes it
// here with the core's Mustache and sanitiser (one copy of each per page). A card drawn
// before it arrives is parsed on its own.
import { render } from '../../core/template/renderTemplate';
import { unsafeAttribute, unsafeName } from '../../core/sanitize/markupRules';
import { sanitizeNodes, shadowsIn } from '../sanitize/sanitizeHtml';
import type { CardMaker } from './renderCard';

export const cardMaker: CardMaker = { _render: render, _sanitize: sanitizeNodes, _unsafe: unsafeAttribute, _unsafeName: unsafeName, _shadows: shadowsIn };
