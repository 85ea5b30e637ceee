import type { CliIo } from './CliIo';
import type { Problem } from './Problem';
import { formatProblem } from './formatProblem';

/** Prints problems in file order then position, and the count; returns whether any is an error. */
export function printProblems(problems: Problem[], files: string[], io: CliIo): boolean {
  const order = (p: Problem) => files.indexOf(p.file);
  const sorted = [...problems].sort((a, b) => order(a) - order(b) || a.line - b.line || a.column - b.column);
  for (const p of sorted) io.out(formatProblem(p));
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  io.out(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
  return errors > 0;
}
