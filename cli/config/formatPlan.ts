import type { Plan } from './planChanges';
import { formatPath } from './problems';
import type { Path } from './readJsonFile';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Values are shown on one line, cut at 70 characters: a diff line, not the file. */
const show = (v: unknown) => {
  const text = JSON.stringify(v) ?? 'undefined';
  return text.length > 70 ? `${text.slice(0, 67)}...` : text;
};

/** One line per changed leaf: `~ path: old → new`, `+ path: value`, `- path: value`. */
function diffValues(before: unknown, after: unknown, path: Path = []): string[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((k) => {
      if (!(k in before)) return [`+ ${formatPath([...path, k])}: ${show(after[k])}`];
      if (!(k in after)) return [`- ${formatPath([...path, k])}: ${show(before[k])}`];
      return diffValues(before[k], after[k], [...path, k]);
    });
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    return Array.from({ length: Math.max(before.length, after.length) }, (_, i) => {
      if (i >= before.length) return [`+ ${formatPath([...path, i])}: ${show(after[i])}`];
      if (i >= after.length) return [`- ${formatPath([...path, i])}: ${show(before[i])}`];
      return diffValues(before[i], after[i], [...path, i]);
    }).flat();
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [`~ ${formatPath(path)}: ${show(before)} → ${show(after)}`];
}

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
