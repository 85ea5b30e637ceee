import { h } from 'preact';
import type { PlainViolation } from '../preview/previewProtocol';

export interface AccessibilityListProps {
  violations: readonly PlainViolation[] | null;
  error: string | null;
}

const rank: Record<string, number> = { critical: 0, serious: 1, moderate: 2, minor: 3 };

/** axe-core's findings on the rendered widget, in plain words, the most harmful first. */
export function AccessibilityList({ violations, error }: AccessibilityListProps) {
  if (error) return <p class="empty">The check could not run: {error}</p>;
  if (!violations) return <p class="empty">Checking…</p>;
  if (violations.length === 0) return <p class="empty">No accessibility problems found by axe-core in the rendered widget.</p>;
  return (
    <ul class="problems">
      {[...violations].sort((a, b) => (rank[a.impact] ?? 4) - (rank[b.impact] ?? 4)).map((v) => (
        <li key={v.id} class={`problem problem--${v.impact === 'critical' || v.impact === 'serious' ? 'error' : 'warning'}`} data-rule={v.id}>
          <span class="problem__icon" aria-label={v.impact}>{v.impact === 'critical' || v.impact === 'serious' ? '✕' : '!'}</span>
          <span class="problem__where">{v.impact}</span>
          <span class="problem__message">
            {v.summary}{' '}
            <a href={v.helpUrl} target="_blank" rel="noreferrer">Why it matters</a>
            <code class="problem__target">{v.targets.join(', ')}</code>
          </span>
        </li>
      ))}
    </ul>
  );
}
