/** A class-safe form of a theme id, used in `vitrine-theme--<id>`. */
export const cssId = (themeId: string): string => themeId.replace(/[^\w-]/g, '_');

/**
 * Adds a `<style>` or `<script>` with the page's nonce, once per document and key; a
 * changed text replaces the element and an empty one removes it (the studio edits
 * themes live). `changing` runs before a changed text goes in. A script's text goes in
 * through `write`, the core's Trusted Types sink: the search and theme script chunks
 * bundle a copy of this module, and a page allows the policy name `vitrine` once.
 */
export function once(doc: Document, key: string, content: string, tag: 'style' | 'script', nonce?: string, changing?: () => void, write?: (script: HTMLScriptElement, code: string) => void): void {
  const id = 'vitrine-' + tag + '-' + cssId(key);
  const old = doc.getElementById(id);
  if (old?.textContent != content) {
    changing?.();
    old?.remove();
    if (content) {
      const el = Object.assign(doc.createElement(tag), { id, nonce: nonce || '' });
      write ? write(el as HTMLScriptElement, content) : (el.textContent = content);
      doc.head.appendChild(el);
    }
  }
}

/** Adds a stylesheet once per document and key (again only when its text changed; none when it is empty). */
export function injectStyle(doc: Document, key: string, css: string, nonce?: string): void {
  once(doc, key, css, 'style', nonce);
}
