import type { CliIo } from '../../io';
import { checkConfiguration } from '../../config/checkConfiguration';
import { connect } from '../../service/connect';
import { printProblems } from '../../config/problems';

/** `vitrine config check <dir>`: 0 clean or warnings only, 1 an error, 2 unreadable or unreachable. */
export async function runCheck(dir: string, options: { offline?: boolean; json?: boolean }, io: CliIo): Promise<number> {
  const connection = options.offline ? undefined : connect(io);
  const checked = await checkConfiguration(dir, connection);
  if (options.json) {
    io.out(JSON.stringify({ problems: checked.problems, serviceChecked: !!connection && !checked.failure, note: checked.note }, null, 2));
  } else {
    printProblems(checked.problems, checked.files, io);
    io.out(checked.note);
  }
  if (checked.failure) io.err(`vitrine: ${checked.failure.message}`);
  return checked.failure?.code ?? (checked.problems.some((p) => p.severity === 'error') ? 1 : 0);
}
