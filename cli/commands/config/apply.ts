import type { CliIo } from '../../io';
import { checkConfiguration } from '../../config/checkConfiguration';
import { connect } from '../../service/connect';
import { describeFailure } from '../../service/describeFailure';
import { planChanges, type Change } from '../../config/planChanges';
import { printProblems } from '../../config/problems';
import { sendChange } from '../../service/sendChange';
import { readState, targetKey, writeState } from '../../config/stateFile';

const label = (c: Change) => (c.action === 'update widget' ? `update widget ${c.key}` : c.action);

/**
 * `vitrine config apply <dir>`: checks everything (the service's cross-checks too), then
 * sends the plan's calls one by one, recording each accepted body at once, so a run cut
 * short resumes where it stopped. Stops at the first refusal.
 */
export async function runApply(dir: string, io: CliIo): Promise<number> {
  const connection = connect(io);
  const checked = await checkConfiguration(dir, connection);
  if (checked.failure) {
    io.err(`vitrine: ${checked.failure.message}`);
    io.out('Nothing sent.');
    return checked.failure.code;
  }
  if (checked.problems.some((p) => p.severity === 'error')) {
    printProblems(checked.problems, checked.files, io);
    io.out('Nothing sent: the configuration has errors (see above; `vitrine config check` shows the same).');
    return 1;
  }
  const state = readState(dir);
  const key = targetKey(connection.baseUrl, connection.orgId);
  const target = (state.targets[key] ??= { widgets: {} });
  const plan = planChanges(checked.folder, target);
  if (plan.changes.length === 0) {
    io.out(`Nothing to send: ${plan.unchanged.length} file${plan.unchanged.length === 1 ? '' : 's'} match what was last applied to ${connection.baseUrl}.`);
    return 0;
  }
  for (const [i, change] of plan.changes.entries()) {
    let refusal: { message: string; code: 1 | 2 } | null;
    try {
      const errMsg = await sendChange(change, connection);
      refusal = errMsg === null ? null : { message: `the service refused it: ${errMsg}`, code: 1 };
    } catch (e) {
      refusal = describeFailure(e, connection);
    }
    if (refusal) {
      io.out(`${refusal.code === 1 ? 'refused ' : 'failed  '}  ${change.file}  ${label(change)}`);
      io.err(`vitrine: ${change.file}: ${refusal.message}`);
      for (const rest of plan.changes.slice(i + 1)) io.out(`not sent  ${rest.file}  ${label(rest)}`);
      io.out(`Sent ${i} of ${plan.changes.length}; stopped at ${change.file}. What was sent is recorded in .vitrine-state.json.`);
      return refusal.code;
    }
    const applied = { file: change.file, body: change.body, at: new Date().toISOString() };
    if (change.key === 'search') target.search = applied;
    else target.widgets[change.key] = applied;
    writeState(dir, state);
    io.out(`sent      ${change.file}  ${label(change)}`);
  }
  io.out(`Sent ${plan.changes.length} of ${plan.changes.length}; ${plan.unchanged.length} unchanged. Recorded in .vitrine-state.json.`);
  return 0;
}
