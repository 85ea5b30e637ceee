import { cssId, injectStyle } from '../theme/applyTheme';

/**
 * Adds a stylesheet where `el` is drawn: in the document's head, as `injectStyle` does, or
 * inside the open shadow root that holds `el`, since the page's styles stop at a shadow
 * boundary. The same `<style>`, with the page's nonce, once per root and key; a changed
 * text replaces it.
 */
export function injectStyleAt(doc: Document, el: Element, key: string, css: string, nonce?: string): void {
  const root = el.getRootNode() as Partial<ShadowRoot>;
  if (!root.host) return injectStyle(doc, key, css, nonce);
  const id = 'vitrine-style-' + cssId(key);
  const old = root.getElementById!(id);
  if (old?.textContent != css) {
    old?.remove();
    // First in the root: the component's own rules come after ours and win.
    if (css) root.prepend!(Object.assign(doc.createElement('style'), { id, nonce: nonce || '', textContent: css }));
  }
}
