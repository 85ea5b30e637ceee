import { cssId } from '../../core/theme/cssId';

export { cssId };

/**
 * Adds a stylesheet with the page's nonce, once per document (or open shadow root, where
 * the page's styles do not reach) and key; a changed text replaces the element and an
 * empty one removes it (the studio edits themes live). A style's text is no Trusted Types
 * sink: the search chunk adds its stylesheet with its own copy of this module, and never
 * asks for the policy (a page allows `vitrine` once).
 * A theme's jsTemplate is run by theme/runThemeScript.ts.
 */
export function injectStyle(doc: Document, key: string, css: string, nonce?: string, root: Document | ShadowRoot = doc): void {
  const id = 'vitrine-style-' + cssId(key);
  const old = root.getElementById(id);
  if (old?.textContent != css) {
    old?.remove();
    if (!css) return;
    const style = Object.assign(doc.createElement('style'), { id, nonce: nonce || '', textContent: css });
    // In a shadow root, first: the component's own rules come after ours and win.
    if (root == doc) doc.head.appendChild(style);
    else root.prepend(style);
  }
}
