import type { Theme } from '../../types/interface';
import { once } from './applyTheme';

type ThemeScript = (root: HTMLElement, data: unknown) => void;

const scripts = new Map<string, ThemeScript>();

/**
 * Runs the theme's jsTemplate after a render, without eval: the code goes into a
 * `<script nonce>` (so a nonce CSP allows it) that hands a function to
 * `Vitrine.defineThemeScript`; later renders call the kept function. A throwing theme
 * script is reported and never reaches the host page. `write` sets the script's text
 * through the core's Trusted Types policy (`scriptText`).
 */
export function runThemeScript(win: Window, theme: Theme, root: HTMLElement, data: unknown, nonce: string | undefined, write: (script: HTMLScriptElement, code: string) => void): string | undefined {
  const js = theme.jsTemplate;
  if (!js?.trim()) return;
  const id = theme.themeId;
  const registry = ((win as unknown as { Vitrine?: { defineThemeScript?: (id: string, fn: ThemeScript) => void } }).Vitrine ||= {});
  registry.defineThemeScript ||= (themeId, fn) => typeof fn == 'function' && scripts.set(themeId, fn);
  const code = `Vitrine.defineThemeScript(${JSON.stringify(id)},function(root,data){\n${js}\n})`;
  // Changed code replaces the kept function; if the new code fails to load, nothing stale runs.
  once(win.document, id, code, 'script', nonce, () => scripts.delete(id), write);
  const fn = scripts.get(id);
  if (!fn) return 'theme script did not run (CSP or syntax error)';
  try {
    fn(root, data);
  } catch (error) {
    return 'theme script failed: ' + error;
  }
}
