const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const TOKEN = /<\/?[a-zA-Z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>|\{\{\{?[^}]*\}?\}\}|[^<{]+|[<{]/g;

type Kind = 'open' | 'close' | 'void' | 'section' | 'end' | 'inline';

function kindOf(token: string): Kind {
  if (token.startsWith('</')) return 'close';
  if (token.startsWith('<') && token.length > 1 && /[a-zA-Z]/.test(token[1])) {
    const name = /^<([a-zA-Z][\w-]*)/.exec(token)?.[1].toLowerCase() ?? '';
    return VOID.has(name) || token.endsWith('/>') ? 'void' : 'open';
  }
  if (token.startsWith('{{#') || token.startsWith('{{^')) return 'section';
  if (token.startsWith('{{/')) return 'end';
  return 'inline';
}

/**
 * Lays out a one-line template (the built-in themes are written as one
 * string) one child element per line, so an author starting from it can read
 * it. Only the root and its children get line breaks: deeper down, and
 * wherever text touches a tag, whitespace could change the rendering.
 * A template that already has line breaks is the author's own and is left alone.
 */
export function formatTemplate(template: string): string {
  if (template.includes('\n')) return template;
  let out = '';
  let depth = 0;
  let previous: Kind | null = null;
  const brokeInside: boolean[] = [];
  for (const token of template.match(TOKEN) ?? []) {
    const kind = kindOf(token);
    const blockStart = kind === 'open' || kind === 'void' || kind === 'section';
    const afterStructure = previous !== null && previous !== 'inline' && previous !== 'section';
    if (kind === 'close') {
      depth = Math.max(0, depth - 1);
      if (brokeInside.pop()) out += '\n' + '  '.repeat(depth);
    } else if (blockStart && afterStructure && depth <= 1) {
      out += '\n' + '  '.repeat(depth);
      if (depth > 0) brokeInside[brokeInside.length - 1] = true;
    }
    out += token;
    if (kind === 'open') {
      depth++;
      brokeInside.push(false);
    }
    previous = kind === 'inline' && !token.trim() ? previous : kind;
  }
  return out;
}
