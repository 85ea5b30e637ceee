import type { Theme } from '../types/interface';

type ThemeScript = (root: HTMLElement, data: unknown) => void;

interface Registry {
  defineThemeScript?: (themeId: string, fn: ThemeScript) => void;
}

const scripts = new Map<string, ThemeScript>();
const injected = new WeakMap<Document, Map<string, string>>();

/** A class-safe form of a theme id, used in `vitrine-theme--<id>`. */
export const cssId = (themeId: string): string => themeId.replace(/[^\w-]/g, '_');

function once(doc: Document, key: string, content: string, tag: 'style' | 'script', nonce?: string): void {
  let seen = injected.get(doc);
  if (!seen) injected.set(doc, (seen = new Map()));
  if (seen.get(tag + key) === content) return;
  seen.set(tag + key, content);
  const id = 'vitrine-' + tag + '-' + cssId(key);
  doc.getElementById(id)?.remove();
  const el = doc.createElement(tag);
  el.id = id;
  if (nonce) el.nonce = nonce;
  el.textContent = content;
  doc.head.appendChild(el);
}

/** Adds a stylesheet once per document and key (again only when its text changed). */
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
  if (!js || !js.trim()) return;
  const global = win as unknown as { Vitrine?: Registry };
  const registry = (global.Vitrine ||= {});
  registry.defineThemeScript ||= (themeId, fn) => {
    if (typeof fn === 'function') scripts.set(themeId, fn);
  };
  const code = `Vitrine.defineThemeScript(${JSON.stringify(theme.themeId)},function(root,data){\n${js}\n})`;
  // Changed code replaces the kept function; if the new code fails to load, nothing stale runs.
  if (injected.get(win.document)?.get('script' + theme.themeId) !== code) scripts.delete(theme.themeId);
  once(win.document, theme.themeId, code, 'script', nonce);
  const fn = scripts.get(theme.themeId);
  if (!fn) return 'theme script did not load (blocked by Content-Security-Policy or a syntax error)';
  try {
    fn(root, data);
  } catch (error) {
    return 'theme script failed: ' + String(error);
  }
}
