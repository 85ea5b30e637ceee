import { problemAt } from './problemAt';
import type { MustacheScan } from './scanMustache';
import type { ThemeProblem } from './ThemeProblem';

/**
 * The template with its Mustache tags neutralised but every offset kept:
 * sections and comments become spaces, and a value tag becomes `x…x`, because
 * at render time it turns into text (which counts as a link's text or an alt).
 */
function maskTemplate(template: string, scan: MustacheScan): string {
  let out = '';
  let at = 0;
  for (const tag of scan.tags) {
    out += template.slice(at, tag.from);
    const fill = tag.kind === 'variable' || tag.kind === 'raw' ? 'x' : ' ';
    out += template.slice(tag.from, tag.to).replace(/[^\n]/g, fill);
    at = tag.to;
  }
  return out + template.slice(at);
}

const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

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

/** Accessibility checks of the HTML: images without `alt`, links without text. */
export function lintMarkup(template: string, scan: MustacheScan): ThemeProblem[] {
  const problems: ThemeProblem[] = [];
  const masked = maskTemplate(template, scan);
  for (const m of masked.matchAll(TAG)) {
    if (!m[2] || m[1]) continue;
    const name = m[2].toLowerCase();
    const from = m.index;
    const to = from + m[0].length;
    const attrs = attributes(m[3] ?? '');
    const hidden = attrs.get('aria-hidden') === 'true' || ['presentation', 'none'].includes(attrs.get('role') ?? '');
    if (name === 'img' && !attrs.has('alt') && !hidden) {
      problems.push(problemAt(template, 'html', 'img-without-alt', 'warning', from, to,
        '<img> has no alt attribute, so screen readers read out the file name instead. ' +
          'Add alt="{{product_name}}", or alt="" if the image only decorates.'));
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
