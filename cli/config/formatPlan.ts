import { count } from '../io';
import type { Change, Plan } from './planChanges';
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

/** `update widget home-trending`, `create search configuration`. */
export const describeChange = (c: Change) => (c.action === 'update widget' ? `update widget ${c.key}` : c.action);

const diffOf = (c: Change) => (c.before === undefined ? diffValues({}, c.body) : diffValues(c.before, c.body));
const summary = (plan: Plan) => (plan.changes.length === 0 ? 'Nothing to send.' : `${count(plan.changes.length, 'call')} to send, ${plan.unchanged.length} unchanged.`);
const ABOUT = 'the service has no endpoint that reads a configuration back, so changes made elsewhere (a console, another folder) do not show here.';

/** The plan as a person reads it: each call, and under it what changes since the last apply. */
export function formatPlan(plan: Plan, target: string): string[] {
  const lines = [`Plan for ${target}`, `Compared with what was last applied from this folder (.vitrine-state.json): ${ABOUT}`, ''];
  for (const c of plan.changes) {
    lines.push(`${c.before === undefined ? '+' : '~'} ${describeChange(c)}  (${c.file})`);
    for (const d of diffOf(c)) lines.push(`    ${d}`);
  }
  for (const file of plan.unchanged) lines.push(`= unchanged  (${file})`);
  for (const o of plan.orphans) {
    lines.push(`! widget ${o.divisionId} was applied from ${o.file}, which is gone; the interface has no call that removes a widget, so it stays on the service`);
  }
  lines.push('', summary(plan));
  return lines;
}

/** Inline code that holds any text: a run of backticks longer than any inside it. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${longest ? ` ${text} ` : text}${ticks}`.replace(/\|/g, '\\|');
}

/** The plan as a pull-request comment (GitHub-flavoured Markdown): a table of calls, each diff folded. */
export function formatPlanMarkdown(plan: Plan, target: string): string[] {
  const lines = ['### Vitrine configuration plan', '', `For ${target}. Compared with what was last applied from this folder (\`.vitrine-state.json\`): ${ABOUT}`, ''];
  if (plan.changes.length + plan.unchanged.length > 0) {
    lines.push('| | File | Call |', '|---|---|---|');
    for (const c of plan.changes) lines.push(`| ${c.before === undefined ? '+' : '~'} | ${code(c.file)} | ${escapeHtml(describeChange(c)).replace(/\|/g, '\\|')} |`);
    for (const file of plan.unchanged) lines.push(`| = | ${code(file)} | unchanged |`);
    lines.push('');
  }
  for (const c of plan.changes) {
    const diff = diffOf(c).join('\n');
    const longest = Math.max(2, ...(diff.match(/`+/g) ?? []).map((r) => r.length));
    const fence = '`'.repeat(longest + 1);
    lines.push('<details>', `<summary>${c.before === undefined ? '+' : '~'} ${escapeHtml(describeChange(c))} (${escapeHtml(c.file)})</summary>`, '', `${fence}diff`, diff, fence, '', '</details>', '');
  }
  for (const o of plan.orphans) lines.push(`> **Note:** widget ${code(o.divisionId)} was applied from ${code(o.file)}, which is gone; the interface has no call that removes a widget, so it stays on the service.`, '');
  lines.push(`**${summary(plan)}**`);
  return lines;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
