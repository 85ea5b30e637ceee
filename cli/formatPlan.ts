import { diffValues } from './diffValues';
import type { Plan } from './planChanges';

/** The plan as a person reads it: each call, and under it what changes since the last apply. */
export function formatPlan(plan: Plan, target: string): string[] {
  const lines = [
    `Plan for ${target}`,
    'Compared with what was last applied from this folder (.vitrine-state.json): the service has no endpoint that reads a configuration back, so changes made elsewhere (a console, another folder) do not show here.',
    '',
  ];
  for (const c of plan.changes) {
    const label = c.action === 'update widget' ? `update widget ${c.key}` : c.action;
    lines.push(`${c.before === undefined ? '+' : '~'} ${label}  (${c.file})`);
    const diff = c.before === undefined ? diffValues({}, c.body) : diffValues(c.before, c.body);
    for (const d of diff) lines.push(`    ${d}`);
  }
  for (const file of plan.unchanged) lines.push(`= unchanged  (${file})`);
  for (const o of plan.orphans) {
    lines.push(`! widget ${o.divisionId} was applied from ${o.file}, which is gone; the interface has no call that removes a widget, so it stays on the service`);
  }
  lines.push('', plan.changes.length === 0 ? 'Nothing to send.' : `${plan.changes.length} call${plan.changes.length === 1 ? '' : 's'} to send, ${plan.unchanged.length} unchanged.`);
  return lines;
}
