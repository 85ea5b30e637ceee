import { isApiError } from '../../src/client/index';
import type { CliIo } from '../io';
import { connect } from '../service/connect';
import { describeFailure } from '../service/describeFailure';

/**
 * `vitrine services`: the key's service catalogue (interface.md §1) as a table, or JSON
 * with `--json`. The catalogue's 400 means no service is active for the key.
 */
export async function runServices(options: { json?: boolean }, io: CliIo): Promise<number> {
  // The catalogue takes the key alone; the organisation is still asked for, as by every service command.
  const connection = connect(io, { orgId: io.env.VITRINE_ORG_ID || undefined, orgName: undefined, from: 'VITRINE_ORG_ID' });
  let services;
  try {
    services = await connection.client.availableServices();
  } catch (e) {
    if (isApiError(e) && e.status === 400 && !connection.answeredHtml()) {
      io.err(`vitrine: no service is active for this key (HTTP 400${e.errMsg ? `: ${e.errMsg}` : ''}); activate one in the service console or check the key's plan`);
      return 1;
    }
    io.err(`vitrine: ${describeFailure(e, connection).message}`);
    return describeFailure(e, connection).code;
  }
  if (options.json) {
    io.out(JSON.stringify(services, null, 2));
    return 0;
  }
  const rows = [['name', 'version', 'cost'], ...services.map((s) => [s.name, s.version, `${s.cost} credit${s.cost === 1 ? '' : 's'}`])];
  const widths = [0, 1].map((c) => Math.max(...rows.map((r) => r[c].length)));
  for (const r of rows) io.out(`${r[0].padEnd(widths[0])}  ${r[1].padEnd(widths[1])}  ${r[2]}`);
  io.out(`${services.length} service${services.length === 1 ? '' : 's'} active for this key.`);
  return 0;
}
