import type { JsonFile } from './JsonFile';
import type { Problem } from './Problem';

/** What `config check|plan|apply <dir>` read from the folder. */
export interface ConfigFolder {
  dir: string;
  search: JsonFile | undefined;
  /** `widgets/*.json`, sorted by name: the order apply sends them in. */
  widgets: JsonFile[];
  /** Syntax errors and files of the wrong kind or name. */
  problems: Problem[];
}
