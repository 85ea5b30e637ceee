import type { Node } from 'jsonc-parser';
import type { Problem } from './Problem';

export type Path = readonly (string | number)[];

/** A configuration file read with the positions of every value kept. */
export interface JsonFile {
  /** As shown in messages: `search.json`, `widgets/home.json`. */
  name: string;
  text: string;
  /** The syntax tree; undefined when the text is not JSON (a problem says where). */
  root: Node | undefined;
  /** The plain value of `root`. */
  value: unknown;
}

/** Where a report lands: the node it is about, and the path to show. */
export type Report = (node: Node, path: Path, severity: Problem['severity'], message: string, fix?: string) => void;
