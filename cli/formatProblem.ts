import type { Problem } from './Problem';

/** `file:line:column field.path  severity: message`, and the fix on a line of its own. */
export function formatProblem(p: Problem): string {
  const fix = p.fix ? `\n    fix: ${p.fix}` : '';
  return `${p.file}:${p.line}:${p.column} ${p.field}  ${p.severity}: ${p.message}${fix}`;
}
