import { problemAt } from './problemAt';
import type { ThemeFix, ThemeProblem } from './ThemeProblem';

/** At-rules whose block holds ordinary rules, so their selectors must be scoped too. */
const GROUPING = new Set(['media', 'supports', 'layer', 'container', 'document', '-moz-document', 'starting-style']);

/** Comments and string contents become spaces, so braces and commas inside them do not count. */
function maskCss(css: string): string {
  return css.replace(/\/\*[\s\S]*?(\*\/|$)|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (m) =>
    m.startsWith('/*') ? m.replace(/[^\n]/g, ' ') : m[0] + ' '.repeat(Math.max(0, m.length - 2)) + m[m.length - 1],
  );
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Pieces of `text` split on top-level commas (not inside parentheses or brackets), with offsets. */
function splitList(text: string, offset: number): { text: string; from: number }[] {
  const out: { text: string; from: number }[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if ((c === ',' && depth === 0) || i === text.length) {
      const piece = text.slice(start, i);
      const lead = piece.length - piece.trimStart().length;
      if (piece.trim()) out.push({ text: piece.trim(), from: offset + start + lead });
      start = i + 1;
    }
  }
  return out;
}

/**
 * A selector stays inside the widget when one of its compounds names the
 * theme's class and nothing after that compound steps sideways (`+`, `~`)
 * out of the widget. `:not()`/`:has()` mentioning the class do not count:
 * `body:not(.vitrine-theme--x)` is the host page.
 */
function isScoped(selector: string, scope: RegExp): boolean {
  const plain = selector.replace(/:(not|has)\((?:[^()]|\([^()]*\))*\)/gi, '');
  const compounds: string[] = [''];
  const combinators: string[] = [];
  let depth = 0;
  let pending: string | null = null;
  for (const c of plain) {
    if (c === '(' || c === '[') depth++;
    if (c === ')' || c === ']') depth--;
    if (depth === 0 && /[\s>+~]/.test(c)) {
      pending = (pending ?? '') + c.trim();
      continue;
    }
    if (pending !== null) {
      combinators.push(pending);
      compounds.push('');
      pending = null;
    }
    compounds[compounds.length - 1] += c;
  }
  let last = -1;
  compounds.forEach((compound, i) => {
    if (scope.test(compound)) last = i;
  });
  if (last < 0) return false;
  return combinators.slice(last).every((c) => !c.includes('+') && !c.includes('~'));
}

/** Finds the `}` that closes the block opened at `open`, or the end of the text. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return i + 1;
  }
  return css.length;
}

/**
 * Selectors of a `cssTemplate` that are not scoped under
 * `.vitrine-theme--<themeId>`: widgets render in the host page's light DOM, so
 * such a rule would restyle the merchant's page (or every other widget).
 */
export function lintStyles(css: string, themeId: string): ThemeProblem[] {
  const problems: ThemeProblem[] = [];
  // The embed writes the class with characters other than [A-Za-z0-9_-] turned into `_`.
  const classId = themeId.replace(/[^\w-]/g, '_');
  const scopeClass = `.vitrine-theme--${classId}`;
  const scope = new RegExp(`\\.vitrine-theme--${classId ? escapeRegExp(classId) : '[\\w-]+'}(?![\\w-])`);
  const masked = maskCss(css);

  const leak = (from: number, to: number, message: string, fix?: ThemeFix): void => {
    problems.push(problemAt(css, 'css', 'leaking-selector', 'warning', from, to, message, fix));
  };

  const ruleList = (start: number, end: number): void => {
    let i = start;
    while (i < end) {
      const rest = masked.slice(i, end);
      const skip = rest.length - rest.trimStart().length;
      i += skip;
      if (i >= end) return;
      if (masked[i] === '}') {
        i++;
        continue;
      }
      // The prelude runs to the first `{` or `;` outside parentheses.
      let j = i;
      let depth = 0;
      while (j < end && !(depth === 0 && (masked[j] === '{' || masked[j] === ';' || masked[j] === '}'))) {
        if (masked[j] === '(' || masked[j] === '[') depth++;
        else if (masked[j] === ')' || masked[j] === ']') depth--;
        j++;
      }
      const prelude = masked.slice(i, j);
      const hasBlock = masked[j] === '{';
      const after = hasBlock ? blockEnd(masked, j) : j + 1;
      const atRule = /^@([\w-]+)/.exec(prelude);
      if (atRule) {
        const name = atRule[1].toLowerCase();
        if (name === 'import') {
          leak(i, j, `@import brings a whole stylesheet onto the host page; put the rules here, scoped under ${scopeClass}.`,
            { label: 'Remove the @import', from: i, to: Math.min(after, css.length), insert: '' });
        } else if (hasBlock && GROUPING.has(name)) {
          ruleList(j + 1, after - 1);
        } else if (hasBlock && name === 'scope' && !scope.test(prelude)) {
          leak(i, j, `@scope ${css.slice(i + 6, j).trim()} is not the widget: scope it to (${scopeClass}).`);
        }
        // Other at-rules (@keyframes, @font-face, @page, @property…) hold no selectors.
      } else if (hasBlock) {
        for (const selector of splitList(prelude, i)) {
          if (isScoped(selector.text, scope)) continue;
          // Offsets are shared with the masked copy; quote the author's own text.
          const to = selector.from + selector.text.length;
          const written = css.slice(selector.from, to);
          const sideways = /[+~]/.test(selector.text) && scope.test(selector.text);
          leak(selector.from, to,
            sideways
              ? `Selector "${written}" reaches elements beside the widget, on the host page.`
              : `Selector "${written}" is not scoped under ${scopeClass}, so it would also style the host page. ` +
                  `Write "${scopeClass} ${written}".`,
            sideways ? undefined : { label: `Scope it under ${scopeClass}`, from: selector.from, to: selector.from, insert: `${scopeClass} ` });
        }
      }
      i = after;
    }
  };
  ruleList(0, masked.length);
  return problems;
}
