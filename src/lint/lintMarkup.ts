import { problemAt } from './problemAt';
import { maskTemplate } from './maskTemplate';
import type { MustacheScan } from './scanMustache';
import type { ThemeProblem } from './ThemeProblem';

/** A comment, or a start or end tag: 1 the slash of an end tag, 2 the name, 3 the attribute text. */
export const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** The embed's sanitiser removes these elements from every render (src/browser/sanitize/sanitizeHtml.ts). */
const DROPPED = /^(script|iframe|frame|frameset|object|embed|base|meta|link|animate|set|noscript|template)$/;

interface Attribute {
  name: string;
  value: string;
  /** Where its name starts in the template. */
  at: number;
  /** Offsets in the template, from the white space before the name to the end of the value. */
  from: number;
  to: number;
}

/** Each attribute of a start tag whose attribute text begins at `offset` in the template. */
function attributeList(source: string, offset: number): Attribute[] {
  return [...source.matchAll(ATTRIBUTE)].map((m) => {
    const lead = /\s*$/.exec(source.slice(0, m.index))?.[0].length ?? 0;
    return {
      name: m[1].toLowerCase(),
      value: m[2] ?? m[3] ?? m[4] ?? '',
      at: offset + m.index,
      from: offset + m.index - lead,
      to: offset + m.index + m[0].length,
    };
  });
}

/** What the sanitiser and a strict Content-Security-Policy silently take away from a start tag. */
function lintDrops(template: string, masked: string, name: string, from: number, to: number, attrs: Attribute[]): ThemeProblem[] {
  const problems: ThemeProblem[] = [];
  if (DROPPED.test(name)) {
    const close = new RegExp(`</${name}\\s*>`, 'i').exec(masked.slice(to));
    const end = close ? to + close.index + close[0].length : to;
    problems.push(problemAt(template, 'html', 'dropped-element', 'warning', from, to,
      name === 'script'
        ? '<script> is removed from every render, so it never runs. Put the code in jsTemplate: it runs after each render as function (root, data).'
        : `<${name}> is removed from every render: themes may not load or run other documents. Leave it out.`,
      { label: `Remove the <${name}>`, from, to: end, insert: '' }));
    return problems;
  }
  for (const a of attrs) {
    const remove = { label: `Remove ${a.name}`, from: a.from, to: a.to, insert: '' };
    if (/^on/.test(a.name) || a.name === 'srcdoc') {
      problems.push(problemAt(template, 'html', 'dropped-attribute', 'warning', a.at, a.to,
        a.name === 'srcdoc'
          ? 'srcdoc is removed from every render: a widget may not hold a document of its own.'
          : `${a.name} is removed from every render (and a strict Content-Security-Policy would block it anyway). ` +
              `Add the listener in jsTemplate: root.addEventListener('${a.name.slice(2) || 'click'}', …).`,
        remove));
    } else if (a.name === 'style') {
      problems.push(problemAt(template, 'html', 'inline-style', 'warning', a.at, a.to,
        'A style attribute is blocked on shops with a strict nonce Content-Security-Policy (no \'unsafe-inline\'), so the widget looks different there. ' +
          'Give the element a class and style it in cssTemplate.',
        remove));
    }
  }
  return problems;
}

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of source.matchAll(ATTRIBUTE)) {
    found.set(m[1].toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  }
  return found;
}

function hasName(attrs: Map<string, string>): boolean {
  return ['aria-label', 'aria-labelledby', 'title'].some((a) => (attrs.get(a) ?? '').trim() !== '');
}

/** True when the markup between `<a>` and `</a>` gives the link an accessible name. */
function linkContentHasText(content: string): boolean {
  let text = '';
  let at = 0;
  for (const m of content.matchAll(TAG)) {
    text += content.slice(at, m.index);
    at = m.index + m[0].length;
    const attrs = attributes(m[3] ?? '');
    if (m[2]?.toLowerCase() === 'img' && (attrs.get('alt') ?? '').trim() !== '') return true;
    if (hasName(attrs)) return true;
  }
  text += content.slice(at);
  return text.replace(/&nbsp;|&#160;/g, ' ').trim() !== '';
}

/**
 * Checks of the HTML markup: what the sanitiser or a strict CSP drops without a word,
 * and accessibility (images without `alt`, links without text).
 */
export function lintMarkup(template: string, scan: MustacheScan): ThemeProblem[] {
  const problems: ThemeProblem[] = [];
  const masked = maskTemplate(template, scan);
  for (const m of masked.matchAll(TAG)) {
    if (!m[2] || m[1]) continue;
    const name = m[2].toLowerCase();
    const from = m.index;
    const to = from + m[0].length;
    const attrs = attributes(m[3] ?? '');
    problems.push(...lintDrops(template, masked, name, from, to, attributeList(m[3] ?? '', from + 1 + m[2].length)));
    const hidden = attrs.get('aria-hidden') === 'true' || ['presentation', 'none'].includes(attrs.get('role') ?? '');
    if (name === 'img' && !attrs.has('alt') && !hidden) {
      problems.push(problemAt(template, 'html', 'img-without-alt', 'warning', from, to,
        '<img> has no alt attribute, so screen readers read out the file name instead. ' +
          'Add alt="{{product_name}}", or alt="" if the image only decorates.',
        { label: 'Add alt="{{product_name}}"', from: from + 4, to: from + 4, insert: ' alt="{{product_name}}"' }));
    }
    if (name === 'a' && !hidden && !hasName(attrs)) {
      const close = masked.slice(to).search(/<\/a\s*>/i);
      const content = close < 0 ? '' : masked.slice(to, to + close);
      if (close >= 0 && !linkContentHasText(content)) {
        problems.push(problemAt(template, 'html', 'link-without-text', 'warning', from, to,
          '<a> has no text, so screen readers announce only "link". ' +
            'Put text such as {{product_name}} inside it, or give it an aria-label.'));
      }
    }
  }
  return problems;
}
