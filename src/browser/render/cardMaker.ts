// Where mountWidget finds the maker of cards of one structure (render/renderCard.ts). This
// build holds it; the script tag build puts render/lazyCardMaker.ts in this module's place
// (build.mjs), whose maker arrives with the cards chunk.
import { render } from '../../core/template/renderTemplate';
import { unsafeAttribute, unsafeName } from '../../core/sanitize/markupRules';
import { sanitizeNodes, shadowsIn } from '../sanitize/sanitizeHtml';
import { cardRenderer, type CardMaker, type CardTools } from './renderCard';

const tools: CardTools = { _render: render, _sanitize: sanitizeNodes, _unsafe: unsafeAttribute, _unsafeName: unsafeName, _shadows: shadowsIn };

export const cardMaker: CardMaker = { ...tools, _make: cardRenderer(tools) };
