import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { usageError } from '../io';
import type { Change } from './planChanges';

/** Beside the configuration: what was last applied, since the interface cannot read configurations back. */
export const STATE_FILE = '.vitrine-state.json';

/** One body the service accepted. */
export interface Applied {
  file: string;
  body: unknown;
  at: string;
}

/** What was applied to one service and organisation. */
export interface Target {
  search?: Applied;
  /** By divisionId, the widget's identity for the update endpoint. */
  widgets: Record<string, Applied>;
}

export interface State {
  about: string;
  /** By `<base URL> <org id>`: the same folder may be applied to a sandbox and to production. */
  targets: Record<string, Target>;
}

const ABOUT = 'What `vitrine config apply` last sent from this folder, by service and organisation. The service has no endpoint that reads configurations back; delete this file and the next apply sends everything again.';

export function targetKey(baseUrl: string, orgId: string): string {
  return `${baseUrl.replace(/\/+$/, '')} ${orgId}`;
}

export function readState(dir: string): State {
  const file = join(dir, STATE_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { about: ABOUT, targets: Object.create(null) };
    throw usageError(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code})`);
  }
  try {
    const state = JSON.parse(text) as State;
    if (typeof state.targets !== 'object' || state.targets === null) throw new Error('no targets');
    return { about: ABOUT, targets: Object.assign(Object.create(null), state.targets) };
  } catch {
    throw usageError(`${file} is not a state file of vitrine; delete it and the next apply sends everything again`);
  }
}

/** Written through a temporary file and a rename, so an interrupted run leaves the last state whole. */
export function writeState(dir: string, state: State): void {
  const file = join(dir, STATE_FILE);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** Records `change` as applied now: its body is what the next plan compares with. */
export function recordApplied(target: Target, change: Change): void {
  const applied = { file: change.inFolder, body: change.body, at: new Date().toISOString() };
  if (change.key === 'search') target.search = applied;
  else target.widgets[change.key] = applied;
}
