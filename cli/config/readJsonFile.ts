import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Problem } from './problems';

export type Path = readonly (string | number)[];

/** A configuration file read with the positions of every value kept. */
export interface JsonFile {
  /** As shown in messages, the folder as the user typed it: `config/widgets/home.json`. */
  name: string;
  /** Its place in the folder: `search.json`, `widgets/home.json` (the state file's key). */
  inFolder: string;
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

/** What jsonc-parser reports at a trailing comma: the `}` or `]` after it. */
const AFTER_COMMA = new Set(['PropertyNameExpected', 'ValueExpected']);

/** The syntax error in words, at the character to change, with the fix when one is plain. */
function describeSyntax(text: string, first: ParseError): { offset: number; message: string; fix?: string } {
  const code = printParseErrorCode(first.error);
  if (text.trim() === '') return { offset: 0, message: 'the file is empty', fix: 'write the configuration object, or delete the file' };
  if (code === 'InvalidCommentToken' || code === 'UnexpectedEndOfComment') {
    return { offset: first.offset, message: 'not JSON: a comment (JSON has no comments)', fix: 'remove it, or keep the note in a "$comment" field' };
  }
  if (AFTER_COMMA.has(code) && (text[first.offset] === '}' || text[first.offset] === ']')) {
    let i = first.offset - 1;
    while (i >= 0 && /\s/.test(text[i])) i--;
    if (text[i] === ',') {
      return { offset: i, message: `not JSON: a trailing comma after the last ${text[first.offset] === '}' ? 'field' : 'item'} (JSON allows none)`, fix: 'remove this comma' };
    }
  }
  if (code === 'InvalidSymbol' && text[first.offset] === "'") {
    return { offset: first.offset, message: 'not JSON: a single quote (JSON strings and field names take double quotes)', fix: 'write " in place of \'' };
  }
  return { offset: first.offset, message: `not JSON: ${SAYS[code] ?? code}` };
}

/**
 * Reads JSON with the position of every value (JSON.parse keeps none). Comments and
 * trailing commas are errors: the service is sent this text's value as JSON. A byte
 * order mark (Windows editors write one) is skipped: it is no character of the JSON
 * text, and editors count no column for it. `name` is the path as shown in messages,
 * `inFolder` the file's place in the configuration folder.
 */
export function readJsonFile(name: string, raw: string, inFolder = name): { file: JsonFile; syntax?: { offset: number; message: string; fix?: string } } {
  const text = raw.replace(/^\uFEFF/, '');
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || !root) {
    const syntax = describeSyntax(text, errors[0] ?? { offset: 0, error: 0 as ParseError['error'], length: 0 });
    return { file: { name, inFolder, text, root: undefined, value: undefined }, syntax };
  }
  return { file: { name, inFolder, text, root, value: nodeValue(root) } };
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
