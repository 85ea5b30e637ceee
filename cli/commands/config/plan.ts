import { checkConfiguration } from '../../config/checkConfiguration';
import { resolveOrganisation } from '../../config/environment';
import { formatPlan, formatPlanMarkdown } from '../../config/formatPlan';
import { planChanges } from '../../config/planChanges';
import { printProblems } from '../../config/problems';
import { readState, targetKey } from '../../config/stateFile';
import type { CliIo } from '../../io';
import { connect } from '../../service/connect';

export interface PlanOptions {
  format?: 'text' | 'json' | 'markdown';
  env?: string;
  /** 0 nothing to send, 2 changes to send, 1 anything else (Terraform's -detailed-exitcode). */
  detailedExitcode?: boolean;
}

/**
 * `vitrine config plan <dir>`: what apply would send. It runs the offline checks only and
 * calls nothing: the environment names the service and organisation the plan is for.
 */
export async function runPlan(dir: string, options: PlanOptions, io: CliIo): Promise<number> {
  const org = resolveOrganisation(dir, io.env, options.env);
  const connection = connect(io, org);
  const checked = await checkConfiguration(dir, org, undefined);
  if (checked.problems.some((p) => p.severity === 'error')) {
    printProblems(checked.problems, checked.files, io);
    io.out('No plan: the configuration has errors (see above).');
    return 1;
  }
  const target = targetKey(connection.baseUrl, connection.orgId);
  const plan = planChanges(checked.folder, readState(dir).targets[target] ?? { widgets: {} }, org);
  const where = `${connection.baseUrl}, organisation ${connection.orgId}`;
  if (options.format === 'json') {
    io.out(JSON.stringify({ target: { baseUrl: connection.baseUrl, orgId: connection.orgId }, ...plan }, null, 2));
  } else if (options.format === 'markdown') {
    io.out(formatPlanMarkdown(plan, where).join('\n'));
  } else {
    for (const line of formatPlan(plan, where)) io.out(line);
  }
  return options.detailedExitcode && plan.changes.length > 0 ? 2 : 0;
}
