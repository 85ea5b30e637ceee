import type { CliIo } from '../../io';
import { checkConfiguration } from '../../config/checkConfiguration';
import { connect } from '../../service/connect';
import { formatPlan } from '../../config/formatPlan';
import { planChanges } from '../../config/planChanges';
import { printProblems } from '../../config/problems';
import { readState, targetKey } from '../../config/stateFile';

/**
 * `vitrine config plan <dir>`: what apply would send. It runs the offline checks only and
 * calls nothing: the environment names the service and organisation the plan is for.
 */
export async function runPlan(dir: string, options: { json?: boolean }, io: CliIo): Promise<number> {
  const connection = connect(io);
  const checked = await checkConfiguration(dir, undefined);
  if (checked.problems.some((p) => p.severity === 'error')) {
    printProblems(checked.problems, checked.files, io);
    io.out('No plan: the configuration has errors (see above).');
    return 1;
  }
  const target = targetKey(connection.baseUrl, connection.orgId);
  const plan = planChanges(checked.folder, readState(dir).targets[target] ?? { widgets: {} });
  if (options.json) {
    io.out(JSON.stringify({ target: { baseUrl: connection.baseUrl, orgId: connection.orgId }, ...plan }, null, 2));
  } else {
    for (const line of formatPlan(plan, `${connection.baseUrl}, organisation ${connection.orgId}`)) io.out(line);
  }
  return 0;
}
