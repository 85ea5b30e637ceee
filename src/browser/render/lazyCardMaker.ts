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
import { bare } from '../../core/util/bare';

// A null prototype: the maker's short name put on a page's Object.prototype is no maker.
export const cardMaker: CardMaker = bare({ _render: render, _sanitize: sanitizeNodes, _unsafe: unsafeAttribute, _unsafeName: unsafeName, _shadows: shadowsIn });
