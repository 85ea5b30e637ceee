import { checkAgainstService } from './checkAgainstService';
import { checkFolder } from './checkFolder';
import type { Organisation } from './environment';
import type { ConfigFolder } from './readConfigFolder';
import type { Connection } from '../service/connect';
import { describeFailure } from '../service/describeFailure';
import type { Problem } from './problems';
import { readConfigFolder } from './readConfigFolder';

export interface Checked {
  folder: ConfigFolder;
  problems: Problem[];
  /** The files in the order they were read: search.json, then widgets by name. */
  files: string[];
  /** A line saying what was checked against the service, or that it was not. */
  note: string;
  /** Set when the service could not be asked: the message and exit code. */
  failure?: { message: string; code: 1 | 2 };
}

/** Reads the folder and runs every check; with a connection, the service's cross-checks too. */
export async function checkConfiguration(dir: string, org: Organisation, connection: Connection | undefined): Promise<Checked> {
  const folder = readConfigFolder(dir);
  const problems = checkFolder(folder, org);
  const files = [...new Set([...(folder.search ? [folder.search.name] : []), ...folder.widgets.map((w) => w.name), ...folder.problems.map((p) => p.file)])];
  if (!connection) {
    return { folder, problems, files, note: 'Offline: the service cross-checks were skipped (algorithm, page placement, theme).' };
  }
  try {
    const online = await checkAgainstService(folder, connection);
    return { folder, problems: [...problems, ...online.problems], files, note: `Service cross-checks ${online.summary}.` };
  } catch (e) {
    return { folder, problems, files, note: 'The service cross-checks could not run.', failure: describeFailure(e, connection) };
  }
}
