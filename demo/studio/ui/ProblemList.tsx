import { h } from 'preact';
import type { ThemeProblem } from '../lint/lintTheme';

const sourceLabel = { html: 'HTML', css: 'CSS', js: 'JS' } as const;

export interface ProblemListProps {
  problems: readonly ThemeProblem[];
  onSelect(problem: ThemeProblem): void;
}

/** Lint results with their position; choosing one jumps to it in the editor. */
export function ProblemList({ problems, onSelect }: ProblemListProps) {
  if (problems.length === 0) return <p class="empty">No problems found.</p>;
  return (
    <ul class="problems">
      {problems.map((p) => (
        <li key={`${p.source}:${p.from}:${p.code}`}>
          <button type="button" class={`problem problem--${p.severity}`} data-code={p.code} onClick={() => onSelect(p)}>
            <span class="problem__icon" aria-label={p.severity}>{p.severity === 'error' ? '✕' : '!'}</span>
            <span class="problem__where">{sourceLabel[p.source]} {p.line}:{p.column}</span>
            <span class="problem__message">{p.message}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
