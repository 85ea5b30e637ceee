import type { ServerState } from '../../types/server';
import { readState } from './readState';

const HTML = 'http://www.w3.org/1999/xhtml';

/** A widget root with a state the browser may resume from; `signed` when the page's nonce vouches for it. */
export interface ServerRoot {
  root: HTMLElement;
  state: ServerState;
  signed: boolean;
}

/** The slot's widget root to resume, if any, and the roots refused with why. */
export interface ServerRoots {
  found?: ServerRoot;
  refused: { root: HTMLElement; why: string }[];
}

/** One root's state, or why it is refused. */
function readOne(root: HTMLElement, nonce?: string): ServerRoot | string {
  if (root.localName != 'div' || root.namespaceURI != HTML) return 'its root is not the <div> vitrine/server writes';
  const states = [...root.children].filter(
    (c): c is HTMLScriptElement => c.localName == 'script' && c.namespaceURI == HTML && c.getAttribute('type') == 'application/json' && c.hasAttribute('data-vitrine-resume'),
  );
  const mine = nonce ? states.filter((c) => c.nonce === nonce) : states;
  if (!mine.length) return states.length ? "its state does not carry the page's nonce (give renderSlots the page's nonce)" : 'it has no state element (a root vitrine/server did not write, or an older one)';
  if (mine.length > 1) return 'it has more than one state';
  const state = readState(mine[0].textContent || '');
  return typeof state == 'string' ? state : { root, state, signed: !!nonce };
}

/**
 * The widget roots `vitrine/server` rendered into this slot (`:scope>[data-vitrine-state]`),
 * read. The state is a root's `<script type="application/json" data-vitrine-resume>`. On
 * a page whose script runs under a nonce only one carrying that nonce counts: an element
 * the page's content injected cannot carry it (browsers hide the attribute, and the value
 * is new with every response), so a forged or tampered root is refused, and the slot's
 * genuine root is found even with forged ones before it. On a page without a nonce every
 * state is unsigned: its products show as text, no script it names runs from it (see
 * resumeSlot), and a slot holding more than one root resumes none.
 *
 * Reads through the elements' own interfaces only: a root must be a `<div>` (a `<form>`
 * could shadow `children` or `querySelector` with a named field), and so may the slot be.
 */
export function readServerRoot(el: HTMLElement, nonce?: string): ServerRoots {
  const roots = [...Element.prototype.querySelectorAll.call(el, ':scope>[data-vitrine-state]')] as HTMLElement[];
  const out: ServerRoots = { refused: [] };
  for (const root of roots) {
    const read = !nonce && roots.length > 1 ? 'the slot holds more than one widget root, on a page without a nonce' : readOne(root, nonce);
    if (typeof read == 'string' || out.found) out.refused.push({ root, why: typeof read == 'string' ? read : 'the slot has another widget root' });
    else out.found = read;
  }
  return out;
}
