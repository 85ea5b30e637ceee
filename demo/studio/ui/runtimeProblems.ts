import type { Theme } from '../../../src/types/interface';
import type { ThemeProblem } from '../../../src/lint/lintTheme';
import type { RuntimeProblem } from '../preview/previewProtocol';

/** The offset of 1-based `line`:`column` in `text`, clamped to the text. */
function offsetAt(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  return Math.min(at + Math.max(0, column - 1), text.length);
}

/**
 * What the preview saw at run time, as problems of the studio's list: with the line of
 * jsTemplate a script error points at, and a style blocked by the policy pinned to the
 * style attribute the linter found (the browser's report names no line for it).
 */
export function runtimeProblems(seen: readonly RuntimeProblem[], theme: Theme, lint: readonly ThemeProblem[]): ThemeProblem[] {
  const out: ThemeProblem[] = [];
  const keys = new Set<string>();
  for (const r of seen) {
    const key = `${r.kind}:${r.source}:${r.line}:${r.column}:${r.message}`;
    if (keys.has(key)) continue;
    keys.add(key);
    if (r.source === 'js') {
      const js = theme.jsTemplate ?? '';
      const line = Math.max(1, r.line);
      const from = offsetAt(js, line, r.column || 1);
      const end = js.indexOf('\n', from);
      out.push({ source: 'js', code: r.kind, severity: 'error', message: r.message, from, to: end < 0 ? js.length : end, line, column: r.column || 1 });
    } else {
      const style = r.directive?.startsWith('style') ? lint.find((p) => p.code === 'inline-style') : undefined;
      const at = style ?? { from: 0, to: 0, line: 1, column: 1 };
      out.push({ source: 'html', code: r.kind, severity: 'error', message: r.message, from: at.from, to: at.to, line: at.line, column: at.column });
    }
  }
  return out;
}
