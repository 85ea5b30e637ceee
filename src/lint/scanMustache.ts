/** A `{{…}}` tag of a Mustache template, with where it sits in the template. */
export interface MustacheTag {
  kind: 'variable' | 'raw' | 'section' | 'inverted' | 'close' | 'comment' | 'partial' | 'delimiters';
  /** Trimmed name (`product_name`, `.`, `products`); empty for comments and delimiter changes. */
  name: string;
  /** How a raw tag was written, to quote it back in messages. */
  rawSyntax?: 'triple' | 'ampersand';
  from: number;
  to: number;
}

export interface MustacheScan {
  tags: MustacheTag[];
  /** Offset of an opening delimiter that is never closed (the rest of the template is not scanned). */
  unclosedAt: number | null;
}

const kinds: Record<string, MustacheTag['kind']> = {
  '#': 'section',
  '^': 'inverted',
  '/': 'close',
  '!': 'comment',
  '>': 'partial',
  '&': 'raw',
  '=': 'delimiters',
  '{': 'raw',
};

/**
 * Finds every tag the way mustache.js would, including `{{=<% %>=}}` delimiter
 * changes, but keeps going after a problem so the linter can report them all.
 */
export function scanMustache(template: string): MustacheScan {
  const tags: MustacheTag[] = [];
  let open = '{{';
  let close = '}}';
  let at = 0;
  for (;;) {
    const from = template.indexOf(open, at);
    if (from < 0) return { tags, unclosedAt: null };
    let inner = from + open.length;
    const sigil = template[inner] ?? '';
    const kind = kinds[sigil] ?? 'variable';
    if (kind !== 'variable') inner++;
    // `{{{name}}}` ends with one more brace than the usual closing delimiter.
    const closing = sigil === '{' ? '}' + close : sigil === '=' ? '=' + close : close;
    const end = template.indexOf(closing, inner);
    if (end < 0) return { tags, unclosedAt: from };
    const body = template.slice(inner, end);
    const to = end + closing.length;
    if (kind === 'delimiters') {
      const parts = body.trim().split(/\s+/);
      if (parts.length === 2 && parts[0] && parts[1]) [open, close] = parts as [string, string];
      tags.push({ kind, name: '', from, to });
    } else if (kind === 'raw') {
      tags.push({ kind, name: body.trim(), rawSyntax: sigil === '{' ? 'triple' : 'ampersand', from, to });
    } else {
      tags.push({ kind, name: kind === 'comment' ? '' : body.trim(), from, to });
    }
    at = to;
  }
}
