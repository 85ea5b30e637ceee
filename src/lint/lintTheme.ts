// The theme linter: pure (strings in, problems out), no DOM and no Node. The theme studio
// (demo/studio/) draws its problems in the editor; `vitrine lint` (cli/commands/lint.ts)
// prints them for CI. It lives in src/ because the shipped bin imports it, and nothing
// that ships may import demo/.
import { lintBalance } from './lintBalance';
import { lintMarkup } from './lintMarkup';
import { lintPlaceholders } from './lintPlaceholders';
import { lintScript } from './lintScript';
import { lintStyles } from './lintStyles';
import { scanMustache } from './scanMustache';
import type { KnownPlaceholder, ThemeProblem } from './ThemeProblem';

export type { KnownPlaceholder, ThemeFix, ThemeProblem, ThemeSource, ProblemCode } from './ThemeProblem';

/** The parts of a Theme the linter reads. */
export interface ThemeSources {
  themeId: string;
  htmlTemplate: string;
  cssTemplate: string | null;
  jsTemplate: string | null;
}

/**
 * Every problem of a theme, ordered by source (html, css, js) then position.
 * Pure: it reads strings and returns data, so it runs on each keystroke.
 */
export function lintTheme(theme: ThemeSources, placeholders: readonly KnownPlaceholder[]): ThemeProblem[] {
  const scan = scanMustache(theme.htmlTemplate);
  const order = { html: 0, css: 1, js: 2 };
  return [
    ...lintPlaceholders(theme.htmlTemplate, scan, placeholders),
    ...lintMarkup(theme.htmlTemplate, scan),
    ...lintBalance(theme.htmlTemplate, scan),
    ...lintStyles(theme.cssTemplate ?? '', theme.themeId),
    ...lintScript(theme.jsTemplate ?? ''),
  ].sort((a, b) => order[a.source] - order[b.source] || a.from - b.from);
}
