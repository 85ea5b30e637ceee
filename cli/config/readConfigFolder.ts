import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { closestName } from '../../src/lint/closestName';
import { lineColumn } from '../../src/lint/lineColumn';
import { usageError } from '../io';
import type { Problem } from './problems';
import { readJsonFile, type JsonFile } from './readJsonFile';
import { STATE_FILE } from './stateFile';

/** What `config check|plan|apply <dir>` read from the folder. */
export interface ConfigFolder {
  dir: string;
  search: JsonFile | undefined;
  /** `widgets/*.json`, sorted by name: the order apply sends them in. */
  widgets: JsonFile[];
  /** Syntax errors and files of the wrong kind or name. */
  problems: Problem[];
}

const SEARCH = 'search.json';

function read(dir: string, name: string): string {
  try {
    return readFileSync(join(dir, name), 'utf8');
  } catch (e) {
    throw usageError(`${join(dir, name)}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/**
 * Reads `search.json` and `widgets/*.json` of a configuration folder. A folder or file
 * that cannot be read is a usage error (exit 2); a file that is not JSON is a problem
 * at the position of its syntax error.
 */
export function readConfigFolder(dir: string): ConfigFolder {
  let top: string[];
  try {
    if (!statSync(dir).isDirectory()) throw usageError(`${dir} is a file; give the folder that holds search.json and widgets/`);
    top = readdirSync(dir);
  } catch (e) {
    if ((e as { usage?: boolean }).usage) throw e;
    throw usageError(`${dir}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const problems: Problem[] = [];
  // Paths in messages start with the folder as the user typed it, so that editors and CI
  // annotations resolve them from the working directory.
  const shown = (name: string) => join(dir, name);
  const load = (name: string): JsonFile => {
    const { file, syntax } = readJsonFile(shown(name), read(dir, name), name);
    if (syntax) problems.push({ file: file.name, ...lineColumn(file.text, syntax.offset), field: syntax.field ?? '(file)', severity: 'error', message: syntax.message, ...(syntax.fix ? { fix: syntax.fix } : {}) });
    return file;
  };
  for (const name of top.filter((n) => n.endsWith('.json') && n !== SEARCH && n !== STATE_FILE)) {
    const near = closestName(name, [SEARCH]);
    problems.push({
      file: shown(name), line: 1, column: 1, field: '(file)', severity: 'warning',
      message: 'not read: a configuration folder holds search.json and widgets/*.json',
      fix: near ? `rename it ${near}` : 'move a widget configuration into widgets/',
    });
  }
  const search = top.includes(SEARCH) ? load(SEARCH) : undefined;
  if (top.includes('widgets') && !statSync(join(dir, 'widgets')).isDirectory()) {
    throw usageError(`${shown('widgets')} is a file; widgets/ is the folder of widget files (widgets/<name>.json)`);
  }
  const widgetNames = top.includes('widgets') ? readdirSync(join(dir, 'widgets')).filter((n) => n.endsWith('.json')).sort() : [];
  const widgets = widgetNames.map((n) => load(`widgets/${n}`));
  if (!search && widgets.length === 0) throw usageError(`${dir} holds neither search.json nor widgets/*.json: nothing to check`);
  return { dir, search, widgets, problems };
}
