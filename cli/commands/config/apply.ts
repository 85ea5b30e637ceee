import { isApiError } from '../../../src/client/index';
import { checkConfiguration } from '../../config/checkConfiguration';
import { resolveOrganisation } from '../../config/environment';
import { describeChange } from '../../config/formatPlan';
import { planChanges, type Change } from '../../config/planChanges';
import { printProblems } from '../../config/problems';
import { readState, recordApplied, targetKey, writeState, STATE_FILE } from '../../config/stateFile';
import type { CliIo } from '../../io';
import { connect } from '../../service/connect';
import { describeFailure } from '../../service/describeFailure';
import { sendChange } from '../../service/sendChange';

/** What happened to one file, as `--json` prints it. */
interface Result {
  file: string;
  action: Change['action'] | 'none';
  status: 'sent' | 'refused' | 'failed' | 'not sent' | 'unchanged';
  /** The body sent. */
  sent?: unknown;
  /** The service's answer: its body, or the HTTP status and errMsg of a refusal. */
  answer?: unknown;
  error?: string;
}

/**
 * `vitrine config apply <dir>`: checks everything (the service's cross-checks too), then
 * sends the plan's calls one by one, recording each accepted body at once, so a run cut
 * short resumes where it stopped. Stops at the first refusal. `--json` changes what is
 * printed, never what is sent.
 */
export async function runApply(dir: string, options: { json?: boolean; env?: string }, io: CliIo): Promise<number> {
  const org = resolveOrganisation(dir, io.env, options.env);
  const connection = connect(io, org);
  const target = { baseUrl: connection.baseUrl, orgId: connection.orgId };
  const json = (body: Record<string, unknown>) => io.out(JSON.stringify({ target, ...body }, null, 2));
  const checked = await checkConfiguration(dir, org, connection);
  if (checked.failure) {
    io.err(`vitrine: ${checked.failure.message}`);
    if (options.json) json({ sent: 0, results: [], error: checked.failure.message });
    else io.out('Nothing sent.');
    return checked.failure.code;
  }
  if (checked.problems.some((p) => p.severity === 'error')) {
    if (options.json) json({ sent: 0, results: [], problems: checked.problems });
    else {
      printProblems(checked.problems, checked.files, io);
      io.out('Nothing sent: the configuration has errors (see above; `vitrine config check` shows the same).');
    }
    return 1;
  }
  const state = readState(dir);
  const applied = (state.targets[targetKey(connection.baseUrl, connection.orgId)] ??= { widgets: {} });
  const plan = planChanges(checked.folder, applied, org);
  const results: Result[] = [];
  let code = 0;
  for (const [i, change] of plan.changes.entries()) {
    let failure: { message: string; code: 1 | 2 } | null = null;
    let answer: unknown;
    try {
      answer = await sendChange(change, connection);
      const { errMsg } = answer as { errMsg: string | null };
      if (errMsg !== null) failure = { message: `the service refused it: ${errMsg}`, code: 1 };
    } catch (e) {
      failure = describeFailure(e, connection);
      if (isApiError(e) && e.status) answer = { status: e.status, errMsg: e.errMsg };
    }
    const result: Result = { file: change.file, action: change.action, status: 'sent', sent: change.body, ...(answer === undefined ? {} : { answer }) };
    results.push(result);
    if (failure) {
      result.status = failure.code === 1 ? 'refused' : 'failed';
      result.error = failure.message;
      if (!options.json) io.out(`${failure.code === 1 ? 'refused ' : 'failed  '}  ${change.file}  ${describeChange(change)}`);
      io.err(`vitrine: ${change.file}: ${failure.message}`);
      for (const rest of plan.changes.slice(i + 1)) {
        results.push({ file: rest.file, action: rest.action, status: 'not sent' });
        if (!options.json) io.out(`not sent  ${rest.file}  ${describeChange(rest)}`);
      }
      if (!options.json) io.out(`Sent ${i} of ${plan.changes.length}; stopped at ${change.file}. What was sent is recorded in ${STATE_FILE}.`);
      code = failure.code;
      break;
    }
    recordApplied(applied, change);
    writeState(dir, state);
    if (!options.json) io.out(`sent      ${change.file}  ${describeChange(change)}`);
  }
  for (const file of plan.unchanged) results.push({ file, action: 'none', status: 'unchanged' });
  const sent = results.filter((r) => r.status === 'sent').length;
  if (options.json) json({ sent, results });
  else if (code === 0 && plan.changes.length === 0) {
    io.out(`Nothing to send: ${plan.unchanged.length} file${plan.unchanged.length === 1 ? '' : 's'} match what was last applied to ${connection.baseUrl}.`);
  } else if (code === 0) io.out(`Sent ${sent} of ${plan.changes.length}; ${plan.unchanged.length} unchanged. Recorded in ${STATE_FILE}.`);
  return code;
}
