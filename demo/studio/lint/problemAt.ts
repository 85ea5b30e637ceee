import { lineColumnAt } from './lineColumnAt';
import type { ProblemCode, ThemeProblem, ThemeSource } from './ThemeProblem';

/** Builds a problem for the range `from..to` of `text`, with its line and column. */
export function problemAt(
  text: string,
  source: ThemeSource,
  code: ProblemCode,
  severity: ThemeProblem['severity'],
  from: number,
  to: number,
  message: string,
): ThemeProblem {
  return { source, code, severity, message, from, to: Math.max(to, from), ...lineColumnAt(text, from) };
}
