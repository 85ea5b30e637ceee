import { h } from 'preact';
import type { ThemeProblem } from '../../../src/lint/lintTheme';
import { lintRules } from '../../../src/lint/lintRules';

const sourceLabel = { html: 'HTML', css: 'CSS', js: 'JS' } as const;

export interface ProblemListProps {
  problems: readonly ThemeProblem[];
  onSelect(problem: ThemeProblem): void;
  onFix(problem: ThemeProblem): void;
}

/** Lint and run-time problems with their position; choosing one jumps to it, its fix button repairs it. */
export function ProblemList({ problems, onSelect, onFix }: ProblemListProps) {
  if (problems.length === 0) return <p class="empty">No problems found.</p>;
  return (
    <ul class="problems">
      {problems.map((p) => {
        const where = `${sourceLabel[p.source]} ${p.line}:${p.column}`;
        return (
          <li key={`${p.source}:${p.from}:${p.code}:${p.message}`} class="problem-row">
            <button type="button" class={`problem problem--${p.severity}`} data-code={p.code} onClick={() => onSelect(p)}
              title={`${p.code}: ${lintRules[p.code]}`}>
              <span class="problem__icon" aria-label={p.severity}>{p.severity === 'error' ? '✕' : '!'}</span>
              <span class="problem__where">{where}</span>
              <span class="problem__message">{p.message}</span>
            </button>
            {p.fix && (
              <button type="button" class="fix" aria-label={`Fix ${where}: ${p.fix.label}`} onClick={() => onFix(p)}>
                {p.fix.label}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
