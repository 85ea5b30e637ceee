import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchConfiguration } from '../../src/types/interface';
import type { StoreEvent } from './createHistory';
import type { StoredWidget } from './widgetRules';

/** Everything the sandbox learns or is told, kept across restarts. */
export interface SandboxState {
  /** Widget configurations by `divisionId`. */
  widgets: Record<string, StoredWidget>;
  searchConfiguration: SearchConfiguration | null;
  /** Live events (product views learnt from widget requests), oldest first. */
  events: StoreEvent[];
  /** Credits used per API key in the current month (`YYYY-MM`). */
  usage: { month: string; used: Record<string, number> };
}

export interface StateStore {
  state: SandboxState;
  /** Writes one part of the state to its file. */
  save(part: keyof SandboxState): void;
}

const FILES: Record<keyof SandboxState, string> = {
  widgets: 'widgets.json',
  searchConfiguration: 'search-configuration.json',
  events: 'events.json',
  usage: 'usage.json',
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// Each check names what the file must hold, for the start-up error.
const SHAPES: Record<keyof SandboxState, [(v: unknown) => boolean, string]> = {
  widgets: [isObject, 'an object of widget configurations by divisionId'],
  searchConfiguration: [(v) => v === null || (isObject(v) && Array.isArray(v.facetList)), 'a search configuration or null'],
  events: [(v) => Array.isArray(v) && v.every((e) => isObject(e) && typeof e.sku === 'string' && typeof e.at === 'number'), 'an array of events'],
  usage: [(v) => isObject(v) && typeof v.month === 'string' && isObject(v.used), 'an object { month, used }'],
};

export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

/**
 * Keeps the sandbox state as one JSON file per part in `dataDir`. A file that
 * cannot be read or parsed stops start-up with an error naming it: silently
 * starting afresh would throw away a merchant's configuration.
 */
export function createStateStore(dataDir: string): StateStore {
  mkdirSync(dataDir, { recursive: true });
  const load = <K extends keyof SandboxState>(part: K, fallback: SandboxState[K]): SandboxState[K] => {
    const file = join(dataDir, FILES[part]);
    if (!existsSync(file)) return fallback;
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new Error(`Sandbox state file ${file} cannot be read: ${(e as Error).message}. Repair it, or delete it to start that part afresh.`);
    }
    const [valid, expected] = SHAPES[part];
    if (!valid(value)) {
      throw new Error(`Sandbox state file ${file} does not hold ${expected}. Repair it, or delete it to start that part afresh.`);
    }
    return value as SandboxState[K];
  };
  const state: SandboxState = {
    widgets: load('widgets', {}),
    searchConfiguration: load('searchConfiguration', null),
    events: load('events', []),
    usage: load('usage', { month: currentMonth(), used: {} }),
  };
  return {
    state,
    save(part) {
      const file = join(dataDir, FILES[part]);
      // Write then rename: a crash mid-write leaves the previous file whole.
      const temporary = `${file}.${process.pid}.tmp`;
      // The folder may have been removed while running; recreate it rather than lose the write.
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(temporary, `${JSON.stringify(state[part], null, 1)}\n`);
      renameSync(temporary, file);
    },
  };
}
