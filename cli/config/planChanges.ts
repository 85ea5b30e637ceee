import type { ConfigFolder } from './readConfigFolder';
import type { Target } from './stateFile';

/** One call apply would make. */
export interface Change {
  file: string;
  action: 'create search configuration' | 'update search configuration' | 'update widget';
  /** `search`, or the widget's divisionId. */
  key: string;
  body: unknown;
  /** What was last applied for the same key, if anything. */
  before: unknown;
}

export interface Plan {
  changes: Change[];
  unchanged: string[];
  /** Widgets applied before whose file is gone: the interface has no call that removes one. */
  orphans: { divisionId: string; file: string }[];
}

/** JSON with object keys sorted: two bodies that differ only in key order are the same. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]]))
      : v,
  );
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/**
 * The calls that bring the service to the folder, in the order apply sends them: the
 * search configuration first (widgets show inside search pages too), then the widgets by
 * file name. A body equal to the one last applied is not sent again.
 */
export function planChanges(folder: ConfigFolder, target: Target): Plan {
  const plan: Plan = { changes: [], unchanged: [], orphans: [] };
  if (folder.search) {
    const body = folder.search.value;
    const before = target.search?.body;
    if (before !== undefined && same(before, body)) plan.unchanged.push(folder.search.name);
    else plan.changes.push({ file: folder.search.name, action: before === undefined ? 'create search configuration' : 'update search configuration', key: 'search', body, before });
  }
  const present = new Set<string>();
  for (const w of folder.widgets) {
    const key = String((w.value as { divisionId: string }).divisionId);
    present.add(key);
    const before = target.widgets[key]?.body;
    if (before !== undefined && same(before, w.value)) plan.unchanged.push(w.name);
    else plan.changes.push({ file: w.name, action: 'update widget', key, body: w.value, before });
  }
  for (const [divisionId, applied] of Object.entries(target.widgets)) {
    if (!present.has(divisionId)) plan.orphans.push({ divisionId, file: applied.file });
  }
  return plan;
}
