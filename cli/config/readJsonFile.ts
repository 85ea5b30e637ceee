import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { formatPath, type Problem } from './problems';

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
export function readJsonFile(name: string, raw: string, inFolder = name): { file: JsonFile; syntax?: { offset: number; message: string; fix?: string; field?: string } } {
  const text = raw.replace(/^\uFEFF/, '');
  const unread = (syntax: { offset: number; message: string; fix?: string; field?: string }) => ({ file: { name, inFolder, text, root: undefined, value: undefined }, syntax });
  // Read as UTF-8, a UTF-16 file (Notepad's "Unicode") starts with its mark as two
  // replacement characters, or without one, with a NUL byte beside its first character.
  if (/^(\uFFFD\uFFFD|\u0000|[^]\u0000)/.test(text)) {
    return unread({ offset: 0, message: 'the file is saved as UTF-16, not UTF-8', fix: 'save it with the encoding UTF-8 (in VS Code: "Save with Encoding")' });
  }
  const tooDeep = tooDeepAt(text);
  if (tooDeep !== undefined) return unread({ offset: tooDeep, message: `nested more than ${MAX_DEPTH} levels deep`, fix: 'a configuration needs a few levels; remove the extra brackets' });
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || !root) return unread(describeSyntax(text, errors[0] ?? { offset: 0, error: 0 as ParseError['error'], length: 0 }));
  const twice = writtenTwice(root, []);
  if (twice) return unread({ offset: twice.node.offset, field: formatPath(twice.path), message: `"${twice.path[twice.path.length - 1]}" is written twice in this object; JSON readers keep only one of them`, fix: 'keep one and delete the other' });
  return { file: { name, inFolder, text, root, value: nodeValue(root) } };
}

/** Deeper than any configuration goes; the reader and the checks recurse once a level. */
const MAX_DEPTH = 64;

/** Where brackets (outside strings) first nest deeper than MAX_DEPTH, if they do. */
function tooDeepAt(text: string): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > MAX_DEPTH) return i;
    } else if (c === '}' || c === ']') depth--;
  }
  return undefined;
}

/** The first field name written a second time in one object, with its path. */
function writtenTwice(node: Node, path: Path): { node: Node; path: Path } | undefined {
  if (node.type === 'array') {
    for (const [i, child] of (node.children ?? []).entries()) {
      const found = writtenTwice(child, [...path, i]);
      if (found) return found;
    }
  }
  if (node.type !== 'object') return undefined;
  const seen = new Set<string>();
  for (const p of node.children ?? []) {
    const [key, value] = p.children ?? [];
    if (!key) continue;
    const k = String(key.value);
    if (seen.has(k)) return { node: key, path: [...path, k] };
    seen.add(k);
    const found = value && writtenTwice(value, [...path, k]);
    if (found) return found;
  }
  return undefined;
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
