import { lineColumn } from './lineColumn';
import { maskTemplate } from './maskTemplate';
import { TAG } from './lintMarkup';
import { problemAt } from './problemAt';
import type { MustacheScan } from './scanMustache';
import type { ThemeProblem } from './ThemeProblem';

// HTML's void elements, and those whose end tag may be left out
// (https://html.spec.whatwg.org/multipage/syntax.html#void-elements and #optional-tags).
const VOID = /^(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)$/;
const OPTIONAL_END = /^(li|p|dt|dd|option|optgroup|tr|td|th|thead|tbody|tfoot|colgroup|caption|rt|rp)$/;
/** Their content is text, not markup: a `<b>` in a `<style>` opens nothing. */
const RAW_TEXT = /^(script|style|textarea|title)$/;

interface Open {
  name: string;
  from: number;
}

/**
 * Elements that are opened and never closed, and end tags that close nothing. The
 * browser repairs both its own way (a stray `</em>` vanishes, an unclosed `<b>` makes
 * the rest of the card bold), so what renders is not what the author wrote.
 */
export function lintBalance(template: string, scan: MustacheScan): ThemeProblem[] {
  const problems: ThemeProblem[] = [];
  const masked = maskTemplate(template, scan);
  const stack: Open[] = [];
  const unclosed = (tag: Open, before: string, at: number): void => {
    if (OPTIONAL_END.test(tag.name)) return;
    problems.push(problemAt(template, 'html', 'unbalanced-html', 'warning', tag.from, tag.from + tag.name.length + 1,
      `<${tag.name}> is never closed${before}: add </${tag.name}>.`,
      { label: `Add </${tag.name}>`, from: at, to: at, insert: `</${tag.name}>` }));
  };
  const tags = masked.matchAll(TAG);
  for (const m of tags) {
    const name = m[2]?.toLowerCase();
    if (!name) continue;
    const from = m.index;
    const to = from + m[0].length;
    if (!m[1]) {
      if (VOID.test(name) || /\/\s*$/.test(m[3] ?? '')) continue;
      stack.push({ name, from });
      if (RAW_TEXT.test(name)) {
        // Skip the element's text up to its own end tag.
        for (const next of tags) if (next[1] && next[2]?.toLowerCase() === name) {
          stack.pop();
          break;
        }
      }
      continue;
    }
    const match = stack.map((t) => t.name).lastIndexOf(name);
    if (match < 0) {
      problems.push(problemAt(template, 'html', 'unbalanced-html', 'warning', from, to,
        `</${name}> closes nothing that is open, so the browser drops it.`,
        { label: `Remove </${name}>`, from, to, insert: '' }));
      continue;
    }
    for (const inner of stack.splice(match).slice(1)) {
      const opened = lineColumn(template, from);
      unclosed(inner, ` before </${name}> at ${opened.line}:${opened.column}`, from);
    }
  }
  for (const tag of stack) unclosed(tag, '', template.length);
  return problems;
}
