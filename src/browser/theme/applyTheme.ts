import type { Theme } from '../../types/interface';
import { scriptText } from '../sanitize/trustedTypes';

type ThemeScript = (root: HTMLElement, data: unknown) => void;

const scripts = new Map<string, ThemeScript>();

/** A class-safe form of a theme id, used in `vitrine-theme--<id>`. */
export const cssId = (themeId: string): string => themeId.replace(/[^\w-]/g, '_');

/**
 * Adds a `<style>` or `<script>` with the page's nonce, once per document and key; a
 * changed text replaces the element and an empty one removes it (the studio edits
 * themes live). `changing` runs before a changed text goes in.
 */
function once(doc: Document, key: string, content: string, tag: 'style' | 'script', nonce?: string, changing?: () => void): void {
  const id = 'vitrine-' + tag + '-' + cssId(key);
  const old = doc.getElementById(id);
  if (old?.textContent != content) {
    changing?.();
    old?.remove();
    if (content) {
      const el = Object.assign(doc.createElement(tag), { id, nonce: nonce || '' });
      // Only a script's text is a Trusted Types sink. A style never asks for the policy:
      // the search chunk adds its stylesheet with its own copy of this module, and a page
      // allows the name `vitrine` once.
      tag == 'script' ? scriptText(el as HTMLScriptElement, content) : (el.textContent = content);
      doc.head.appendChild(el);
    }
  }
}

/** Adds a stylesheet once per document and key (again only when its text changed; none when it is empty). */
export function injectStyle(doc: Document, key: string, css: string, nonce?: string): void {
  once(doc, key, css, 'style', nonce);
}

/**
 * Runs the theme's jsTemplate after a render, without eval: the code goes into a
 * `<script nonce>` (so a nonce CSP allows it) that hands a function to
 * `Vitrine.defineThemeScript`; later renders call the kept function. A throwing theme
 * script is reported and never reaches the host page.
 */
export function runThemeScript(win: Window, theme: Theme, root: HTMLElement, data: unknown, nonce?: string): string | undefined {
  const js = theme.jsTemplate;
  if (!js?.trim()) return;
  const id = theme.themeId;
  const registry = ((win as unknown as { Vitrine?: { defineThemeScript?: (id: string, fn: ThemeScript) => void } }).Vitrine ||= {});
  registry.defineThemeScript ||= (themeId, fn) => typeof fn == 'function' && scripts.set(themeId, fn);
  const code = `Vitrine.defineThemeScript(${JSON.stringify(id)},function(root,data){\n${js}\n})`;
  // Changed code replaces the kept function; if the new code fails to load, nothing stale runs.
  once(win.document, id, code, 'script', nonce, () => scripts.delete(id));
  const fn = scripts.get(id);
  if (!fn) return 'theme script did not run (CSP or syntax error)';
  try {
    fn(root, data);
  } catch (error) {
    return 'theme script failed: ' + error;
  }
}
