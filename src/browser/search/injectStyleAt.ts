import { injectStyle } from '../theme/applyTheme';

/**
 * Adds a stylesheet where `el` is drawn: in the document's head, or inside the open
 * shadow root that holds `el`, since the page's styles stop at a shadow boundary.
 */
export function injectStyleAt(doc: Document, el: Element, key: string, css: string, nonce?: string): void {
  const root = el.getRootNode() as Partial<ShadowRoot>;
  injectStyle(doc, key, css, nonce, root.host ? (root as ShadowRoot) : doc);
}
