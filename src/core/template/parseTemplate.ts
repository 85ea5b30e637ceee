/**
 * A parsed Mustache tag or text run, in mustache.js's shape: [kind, text or name, start,
 * end, the section's tokens, where the section's closing tag starts]. Kinds: `text`,
 * `name`, `#`, `^`, `!`, `>`, `=`, `&` (`{{{…}}}` reads as `&`).
 */
export type Token = [string, string, number, number, Token[]?, number?];

const quote = (s: string) => s.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, '\\$&');

/**
 * Parses a Mustache template as mustache.js 4 does, which Vitrine shipped before and
 * whose output themes were written against: the same kinds, delimiter changes, errors
 * and standalone lines (a line holding only white space and section, comment, partial or
 * delimiter tags leaves no trace in the output). It is 6.5 KB of the package's 10 KB
 * minified that the embed never ran: lambdas, partials, the one-shot API, the caches.
 */
export function parseTemplate(template: string): Token[] {
  let opening: RegExp, closing: RegExp, closingCurly: RegExp;
  const tags = (open: string, close: string) => {
    opening = new RegExp(quote(open) + '\\s*');
    closing = new RegExp('\\s*' + quote(close));
    closingCurly = new RegExp('\\s*' + quote('}' + close));
  };
  tags('{{', '}}');
  const flat: (Token | undefined)[] = [];
  const sections: Token[] = [];
  // The current line: indices of its white-space text, whether it holds a standalone-able
  // tag, and whether it holds anything else.
  let spaces: number[] = [];
  let hasTag = false;
  let nonSpace = false;
  const endLine = () => {
    if (hasTag && !nonSpace) for (const i of spaces) flat[i] = undefined;
    spaces = [];
    hasTag = nonSpace = false;
  };
  const text = (value: string, start: number) => {
    for (const piece of value.split(/(?<=\n)/)) {
      if (/\S/.test(piece)) nonSpace = true;
      else spaces.push(flat.length);
      flat.push(['text', piece, start, (start += piece.length)]);
      if (piece.endsWith('\n')) endLine();
    }
  };

  let pos = 0;
  while (pos < template.length) {
    const rest = template.slice(pos);
    const at = rest.search(opening!);
    if (at < 0) {
      text(rest, pos);
      break;
    }
    if (at) text(rest.slice(0, at), pos);
    const start = pos + at;
    let tail = rest.slice(at).replace(opening!, '');
    const kind = /^[#^/>{&=!]/.test(tail) ? tail[0] : 'name';
    if (kind != 'name') tail = tail.slice(1).replace(/^\s*/, '');
    // The name ends where the closing tag (or `}` of `{{{`, `=` of `{{=`) begins; what
    // stands between that and the closing tag is skipped, as mustache.js skips it.
    const stop = tail.search(kind == '=' ? /\s*=/ : kind == '{' ? closingCurly! : closing!);
    const value = stop < 0 ? tail : tail.slice(0, stop);
    const after = stop < 0 ? '' : tail.slice(stop).replace(kind == '=' ? /^\s*=/ : kind == '{' ? /^\s*\}/ : /^/, '');
    const close = closing!.exec(after);
    if (!close) throw new Error('Unclosed tag at ' + template.length);
    pos = template.length - after.length + close.index + close[0].length;
    const token: Token = [kind == '{' ? '&' : kind, value, start, pos];
    hasTag = true;
    flat.push(token);
    if (kind == '#' || kind == '^') sections.push(token);
    else if (kind == '/') {
      const open = sections.pop();
      if (!open) throw new Error(`Unopened section "${value}" at ${start}`);
      if (open[1] != value) throw new Error(`Unclosed section "${open[1]}" at ${start}`);
    } else if (kind == 'name' || kind == '{' || kind == '&') nonSpace = true;
    else if (kind == '=') {
      const pair = value.split(/\s+/, 2);
      if (pair.length != 2) throw new Error('Invalid tags: ' + pair.join(','));
      tags(pair[0], pair[1]);
    }
  }
  endLine();
  const open = sections.pop();
  if (open) throw new Error(`Unclosed section "${open[1]}" at ${template.length}`);
  return nest(flat);
}

/** Joins neighbouring text and moves each section's tokens inside it. */
function nest(flat: (Token | undefined)[]): Token[] {
  const root: Token[] = [];
  const sections: Token[] = [];
  let into = root;
  let last: Token | undefined;
  for (const token of flat) {
    if (!token) continue;
    if (token[0] == 'text' && last?.[0] == 'text') {
      last[1] += token[1];
      last[3] = token[3];
      continue;
    }
    last = token;
    if (token[0] == '/') {
      sections.pop()![5] = token[2];
      into = sections.length ? sections[sections.length - 1][4]! : root;
      last = undefined;
    } else {
      into.push(token);
      if (token[0] == '#' || token[0] == '^') {
        sections.push(token);
        into = token[4] = [];
        last = undefined;
      }
    }
  }
  return root;
}
