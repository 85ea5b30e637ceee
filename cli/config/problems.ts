import { lineColumn } from '../../src/lint/lineColumn';
import type { CliIo } from '../io';
import { count } from '../io';
import type { JsonFile, Path, Report } from './readJsonFile';

/** One thing `vitrine config check` found, at a place in a file. */
export interface Problem {
  /** The file as the user named it (relative to the folder checked). */
  file: string;
  line: number;
  column: number;
  /** `facetList[0].facets[1].value`, or `(file)` for the file as a whole. */
  field: string;
  severity: 'error' | 'warning';
  message: string;
  fix?: string;
}

/** `["facetList", 0, "facets"]` → `facetList[0].facets`; the empty path is the file itself. */
export function formatPath(path: Path): string {
  if (path.length === 0) return '(file)';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** A `Report` that adds problems of `file` to `into`, at the line and column of the node. */
export function fileReporter(file: JsonFile, into: Problem[]): Report {
  return (node, path, severity, message, fix) => {
    into.push({ file: file.name, ...lineColumn(file.text, node.offset), field: formatPath(path), severity, message, ...(fix ? { fix } : {}) });
  };
}

/** `file:line:column field.path  severity: message`, and the fix on a line of its own. */
export function formatProblem(p: Problem): string {
  const fix = p.fix ? `\n    fix: ${p.fix}` : '';
  return `${p.file}:${p.line}:${p.column} ${p.field}  ${p.severity}: ${p.message}${fix}`;
}

/** Prints problems in file order then position, and the count; returns whether any is an error. */
export function printProblems(problems: Problem[], files: string[], io: CliIo): boolean {
  const order = (p: Problem) => files.indexOf(p.file);
  const sorted = [...problems].sort((a, b) => order(a) - order(b) || a.line - b.line || a.column - b.column);
  for (const p of sorted) io.out(formatProblem(p));
  const errors = problems.filter((p) => p.severity === 'error').length;
  io.out(`${count(errors, 'error')}, ${count(problems.length - errors, 'warning')}`);
  return errors > 0;
}
