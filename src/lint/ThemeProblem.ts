/** Which of the theme's three sources a problem was found in. */
export type ThemeSource = 'html' | 'css' | 'js';

export type ProblemCode =
  | 'unclosed-tag'
  | 'unknown-placeholder'
  | 'placeholder-out-of-scope'
  | 'dot-on-object'
  | 'unclosed-section'
  | 'mismatched-section'
  | 'unopened-section'
  | 'unescaped-product-field'
  | 'partial'
  | 'dropped-element'
  | 'dropped-attribute'
  | 'inline-style'
  | 'unbalanced-html'
  | 'img-without-alt'
  | 'link-without-text'
  | 'leaking-selector'
  | 'js-syntax'
  // Seen by the preview at run time, never by the linter:
  | 'script-error'
  | 'csp-blocked';

/** One edit that repairs a problem: replace `from..to` of the same source with `insert`. */
export interface ThemeFix {
  /** What the edit does, as a button would say it ("Remove the attribute"). */
  label: string;
  from: number;
  to: number;
  insert: string;
}

/** One lint finding. `from`/`to` are offsets into that source; line and column count from 1. */
export interface ThemeProblem {
  source: ThemeSource;
  code: ProblemCode;
  severity: 'error' | 'warning';
  message: string;
  from: number;
  to: number;
  line: number;
  column: number;
  fix?: ThemeFix;
}

/** A placeholder the renderer fills in (the embed's `PLACEHOLDERS` has this shape). */
export interface KnownPlaceholder {
  name: string;
  scope: 'widget' | 'product';
}
