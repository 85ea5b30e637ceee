import { cssId } from '../../core/theme/cssId';

export { cssId };

/**
 * Adds a stylesheet with the page's nonce, once per document and key; a changed text
 * replaces the element and an empty one removes it (the studio edits themes live). A
 * style's text is no Trusted Types sink: the search chunk adds its stylesheet with its
 * own copy of this module, and never asks for the policy (a page allows `vitrine` once).
 * A theme's jsTemplate is run by theme/runThemeScript.ts.
 */
export function injectStyle(doc: Document, key: string, css: string, nonce?: string): void {
  const id = 'vitrine-style-' + cssId(key);
  const old = doc.getElementById(id);
  if (old?.textContent != css) {
    old?.remove();
    if (css) doc.head.appendChild(Object.assign(doc.createElement('style'), { id, nonce: nonce || '', textContent: css }));
  }
}
