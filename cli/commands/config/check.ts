import { checkConfiguration } from '../../config/checkConfiguration';
import { resolveOrganisation } from '../../config/environment';
import { formatProblem, printProblems } from '../../config/problems';
import type { CliIo } from '../../io';
import { connect } from '../../service/connect';

/** `vitrine config check <dir>`: 0 clean or warnings only, 1 an error, 2 unreadable or unreachable. */
export async function runCheck(dir: string, options: { offline?: boolean; json?: boolean; env?: string }, io: CliIo): Promise<number> {
  const org = resolveOrganisation(dir, io.env, options.env);
  const connection = options.offline ? undefined : connect(io, org);
  const checked = await checkConfiguration(dir, org, connection);
  if (options.json) {
    io.out(JSON.stringify({ problems: checked.problems, serviceChecked: !!connection && !checked.failure, note: checked.note }, null, 2));
  } else if (checked.failure) {
    // No count: "0 errors" above a run that could not finish reads as a pass.
    for (const p of checked.problems) io.out(formatProblem(p));
    io.out(`${checked.note} The files were checked offline only.`);
  } else {
    printProblems(checked.problems, checked.files, io);
    io.out(checked.note);
  }
  if (checked.failure) io.err(`vitrine: ${checked.failure.message}`);
  return checked.failure?.code ?? (checked.problems.some((p) => p.severity === 'error') ? 1 : 0);
}
