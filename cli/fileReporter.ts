import type { JsonFile, Report } from './JsonFile';
import type { Problem } from './Problem';
import { formatPath } from './formatPath';
import { lineColumn } from './lineColumn';

/** A `Report` that adds problems of `file` to `into`, at the line and column of the node. */
export function fileReporter(file: JsonFile, into: Problem[]): Report {
  return (node, path, severity, message, fix) => {
    into.push({ file: file.name, ...lineColumn(file.text, node.offset), field: formatPath(path), severity, message, ...(fix ? { fix } : {}) });
  };
}
