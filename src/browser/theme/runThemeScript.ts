import type { Theme } from '../../types/interface';
import { cssId } from '../../core/theme/cssId';

type ThemeScript = (root: HTMLElement, data: unknown) => void;

/** Sets a script element's text through the page's one Trusted Types policy (the core's `scriptText`). */
export type SetScriptText = (script: HTMLScriptElement, code: string) => void;

const scripts = new Map<string, ThemeScript>();

/**
 * Runs the theme's jsTemplate after a render, without eval: the code goes into a
 * `<script nonce>` (so a nonce CSP allows it) that hands a function to
 * `Vitrine.defineThemeScript`; later renders call the kept function. The element is added
 * once per document and theme; changed code replaces it (the studio edits themes live).
 * A throwing theme script is reported and never reaches the host page. `setText` is the
 * core's: a page allows the Trusted Types policy `vitrine` once, and the core holds it.
 */
export function runThemeScript(win: Window, theme: Theme, root: HTMLElement, data: unknown, nonce: string | undefined, setText: SetScriptText): string | undefined {
  const js = theme.jsTemplate;
  if (!js?.trim()) return;
  const doc = win.document;
  const themeId = theme.themeId;
  const registry = ((win as unknown as { Vitrine?: { defineThemeScript?: (id: string, fn: ThemeScript) => void } }).Vitrine ||= {});
  registry.defineThemeScript ||= (id, fn) => typeof fn == 'function' && scripts.set(id, fn);
  const code = `Vitrine.defineThemeScript(${JSON.stringify(themeId)},function(root,data){\n${js}\n})`;
  const id = 'vitrine-script-' + cssId(themeId);
  const old = doc.getElementById(id);
  if (old?.textContent != code) {
    // Changed code replaces the kept function; if the new code fails to load, nothing stale runs.
    scripts.delete(themeId);
    old?.remove();
    const script = Object.assign(doc.createElement('script'), { id, nonce: nonce || '' });
    setText(script, code);
    doc.head.appendChild(script);
  }
  const fn = scripts.get(themeId);
  if (!fn) return 'theme script did not run (CSP or syntax error)';
  try {
    fn(root, data);
  } catch (error) {
    return 'theme script failed: ' + error;
  }
}
