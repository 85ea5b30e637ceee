import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Problem } from './problems';

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

// jsonc-parser's error codes, in words.
const SAYS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'a field name in double quotes was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a colon was expected',
  CommaExpected: 'a comma was expected',
  CloseBraceExpected: 'a closing } was expected',
  CloseBracketExpected: 'a closing ] was expected',
  EndOfFileExpected: 'nothing may follow the value',
  InvalidCommentToken: 'JSON has no comments',
  UnexpectedEndOfComment: 'JSON has no comments',
  UnexpectedEndOfString: 'the string is not closed',
  UnexpectedEndOfNumber: 'malformed number',
  InvalidUnicode: 'malformed \\u escape',
  InvalidEscapeCharacter: 'malformed escape',
  InvalidCharacter: 'a control character in a string',
};

/**
 * Reads JSON with the position of every value (JSON.parse keeps none). Comments and
 * trailing commas are errors: the service is sent this text's value as JSON.
 */
export function readJsonFile(name: string, text: string): { file: JsonFile; syntax?: { offset: number; message: string } } {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || !root) {
    const first = errors[0] ?? { offset: 0, error: 0 };
    const code = printParseErrorCode(first.error as ParseError['error']);
    return { file: { name, text, root: undefined, value: undefined }, syntax: { offset: first.offset, message: `not JSON: ${SAYS[code] ?? code}` } };
  }
  return { file: { name, text, root, value: nodeValue(root) } };
}

/** The plain value of a tree, built on null-prototype objects (a `__proto__` key is data). */
function nodeValue(node: NonNullable<JsonFile['root']>): unknown {
  if (node.type === 'array') return (node.children ?? []).map(nodeValue);
  if (node.type !== 'object') return node.value;
  const out: Record<string, unknown> = Object.create(null);
  for (const p of node.children ?? []) {
    const [key, value] = p.children ?? [];
    if (key && value) out[String(key.value)] = nodeValue(value);
  }
  return out;
}
