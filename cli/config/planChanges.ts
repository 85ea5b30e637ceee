import type { Organisation } from './environment';
import type { ConfigFolder } from './readConfigFolder';
import type { JsonFile } from './readJsonFile';
import type { Target } from './stateFile';

/** One call apply would make. */
export interface Change {
  /** As shown in messages: `config/widgets/home.json`. */
  file: string;
  /** Its place in the folder, as the state file records it: `widgets/home.json`. */
  inFolder: string;
  action: 'create search configuration' | 'update search configuration' | 'update widget';
  /** `search`, or the widget's divisionId. */
  key: string;
  /** What is sent: the file's value, without `$schema` and `$comment`, with the environment's organisation. */
  body: unknown;
  /** What was last applied for the same key, if anything. */
  before: unknown;
}

export interface Plan {
  changes: Change[];
  /** Files whose body is the one last applied, as shown. */
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
 * The body sent for a file: the notes for editors and people left out, `orgId` (and a
 * widget's `orgName`) taken from the environment when the file leaves them out. The
 * organisation's fields come first, as interface.md lists them.
 */
export function bodyOf(file: JsonFile, kind: 'search' | 'widget', org: Organisation): Record<string, unknown> {
  const value = file.value as Record<string, unknown>;
  const body: Record<string, unknown> = Object.create(null);
  const hasOrg = Object.hasOwn(value, 'orgId') || Object.hasOwn(value, 'orgID');
  if (!hasOrg && org.orgId !== undefined) body.orgId = org.orgId;
  if (kind === 'widget' && !Object.hasOwn(value, 'orgName') && org.orgName !== undefined) body.orgName = org.orgName;
  for (const [k, v] of Object.entries(value)) if (k !== '$schema' && k !== '$comment') body[k] = v;
  return body;
}

/**
 * The calls that bring the service to the folder, in the order apply sends them: the
 * search configuration first (widgets show inside search pages too), then the widgets by
 * file name. A body equal to the one last applied is not sent again.
 */
export function planChanges(folder: ConfigFolder, target: Target, org: Organisation): Plan {
  const plan: Plan = { changes: [], unchanged: [], orphans: [] };
  if (folder.search) {
    const body = bodyOf(folder.search, 'search', org);
    const before = target.search?.body;
    if (before !== undefined && same(before, body)) plan.unchanged.push(folder.search.name);
    else plan.changes.push({ file: folder.search.name, inFolder: folder.search.inFolder, action: before === undefined ? 'create search configuration' : 'update search configuration', key: 'search', body, before });
  }
  const present = new Set<string>();
  for (const w of folder.widgets) {
    const body = bodyOf(w, 'widget', org);
    const key = String(body.divisionId);
    present.add(key);
    const before = target.widgets[key]?.body;
    if (before !== undefined && same(before, body)) plan.unchanged.push(w.name);
    else plan.changes.push({ file: w.name, inFolder: w.inFolder, action: 'update widget', key, body, before });
  }
  for (const [divisionId, applied] of Object.entries(target.widgets)) {
    if (!present.has(divisionId)) plan.orphans.push({ divisionId, file: applied.file });
  }
  return plan;
}
