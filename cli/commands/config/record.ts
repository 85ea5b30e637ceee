import { resolve } from 'node:path';
import { checkConfiguration } from '../../config/checkConfiguration';
import { resolveOrganisation } from '../../config/environment';
import { describeChange } from '../../config/formatPlan';
import { planChanges } from '../../config/planChanges';
import { printProblems } from '../../config/problems';
import { readState, recordApplied, targetKey, writeState, STATE_FILE } from '../../config/stateFile';
import { count, usageError, type CliIo } from '../../io';
import { connect } from '../../service/connect';

/**
 * `vitrine config record <dir> [file...]`: takes files already applied by hand (in the
 * service's console, by another tool) as applied, without sending them: their bodies go
 * into the state file, so the next plan compares with them. The offline checks run
 * first; nothing is recorded while an error stands. With files named, only those.
 */
export async function runRecord(dir: string, files: string[], options: { env?: string }, io: CliIo): Promise<number> {
  const org = resolveOrganisation(dir, io.env, options.env);
  const connection = connect(io, org);
  const checked = await checkConfiguration(dir, org, undefined);
  if (checked.problems.some((p) => p.severity === 'error')) {
    printProblems(checked.problems, checked.files, io);
    io.out('Nothing recorded: the configuration has errors (see above).');
    return 1;
  }
  const state = readState(dir);
  const applied = (state.targets[targetKey(connection.baseUrl, connection.orgId)] ??= { widgets: {} });
  const plan = planChanges(checked.folder, applied, org);
  const wanted = new Set(files.map((f) => resolve(f)));
  const known = new Set([...plan.changes.map((c) => resolve(c.file)), ...plan.unchanged.map((f) => resolve(f))]);
  const strangers = files.filter((f) => !known.has(resolve(f)));
  if (strangers.length) throw usageError(`${strangers.join(', ')}: not a configuration file of ${dir} (search.json or widgets/*.json)`);
  const chosen = plan.changes.filter((c) => wanted.size === 0 || wanted.has(resolve(c.file)));
  for (const change of chosen) {
    recordApplied(applied, change);
    io.out(`recorded  ${change.file}  ${describeChange(change)}`);
  }
  if (chosen.length) writeState(dir, state);
  io.out(`Recorded ${count(chosen.length, 'file')} as applied to ${connection.baseUrl}, organisation ${connection.orgId}, without sending ${chosen.length === 1 ? 'it' : 'them'}${chosen.length ? ` (${STATE_FILE})` : ''}; ${plan.unchanged.length} already matched.`);
  return 0;
}
