import { lineColumn } from './lineColumn';
import type { ProblemCode, ThemeFix, ThemeProblem, ThemeSource } from './ThemeProblem';

/** Builds a problem for the range `from..to` of `text`, with its line and column (and a fix when one is known). */
export function problemAt(
  text: string,
  source: ThemeSource,
  code: ProblemCode,
  severity: ThemeProblem['severity'],
  from: number,
  to: number,
  message: string,
  fix?: ThemeFix,
): ThemeProblem {
  return { source, code, severity, message, from, to: Math.max(to, from), ...lineColumn(text, from), ...(fix ? { fix } : {}) };
}
