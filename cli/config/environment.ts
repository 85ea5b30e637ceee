// Which organisation a folder is checked and applied for. One folder serves several
// environments (a staging organisation, production): files may leave `orgId` and
// `orgName` out, and the environment names them, from the variables VITRINE_ORG_ID and
// VITRINE_ORG_NAME or from `environments/<name>.json` in the folder, chosen with
// `--env <name>` (or VITRINE_ENV).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { usageError } from '../io';

export interface Organisation {
  orgId: string | undefined;
  orgName: string | undefined;
  /** Where the organisation was named, for messages: `VITRINE_ORG_ID`, `config/environments/staging.json`. */
  from: string;
}

export const ENVIRONMENTS = 'environments';

function readEnvironmentFile(dir: string, name: string): { orgId?: unknown; orgName?: unknown; file: string } {
  const file = join(dir, ENVIRONMENTS, `${name}.json`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    let known: string[] = [];
    try {
      known = readdirSync(join(dir, ENVIRONMENTS)).filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5));
    } catch { /* no environments folder */ }
    throw usageError(`no environment "${name}": ${file} cannot be read; ${known.length ? `the environments of this folder are ${known.join(', ')}` : `write it, holding {"orgId": "…", "orgName": "…"}`}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw usageError(`${file} is not JSON (${(e as Error).message}); \`vitrine config check\` shows where`);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw usageError(`${file} must hold an object such as {"orgId": "…", "orgName": "…"}`);
  const own = Object.assign(Object.create(null), body) as Record<string, unknown>;
  const unknown = Object.keys(own).filter((k) => !['orgId', 'orgName', '$schema', '$comment'].includes(k));
  if (unknown.length) throw usageError(`${file}: ${unknown.map((k) => `"${k}"`).join(', ')} is not a field of an environment; it holds "orgId" and "orgName"`);
  for (const k of ['orgId', 'orgName'] as const) {
    if (own[k] !== undefined && (typeof own[k] !== 'string' || own[k] === '')) throw usageError(`${file}: "${k}" must be a non-empty string`);
  }
  return { orgId: own.orgId, orgName: own.orgName, file };
}

/**
 * The organisation of this run. A variable and an environment file that disagree are a
 * mistake, not a choice to make silently; an environment that names no organisation
 * (in its file or in VITRINE_ORG_ID) is one too.
 */
export function resolveOrganisation(dir: string, env: Readonly<Record<string, string | undefined>>, chosen: string | undefined): Organisation {
  const name = chosen ?? (env.VITRINE_ENV || undefined);
  const vars = { orgId: env.VITRINE_ORG_ID || undefined, orgName: env.VITRINE_ORG_NAME || undefined };
  if (name === undefined) return { ...vars, from: 'VITRINE_ORG_ID' };
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name)) throw usageError(`"${name}" is not an environment name (letters, digits, - _ .)`);
  const file = readEnvironmentFile(dir, name);
  const org = { orgId: file.orgId as string | undefined, orgName: file.orgName as string | undefined };
  for (const [k, variable] of [['orgId', 'VITRINE_ORG_ID'], ['orgName', 'VITRINE_ORG_NAME']] as const) {
    if (org[k] !== undefined && vars[k] !== undefined && org[k] !== vars[k]) {
      throw usageError(`${variable} is "${vars[k]}" but ${file.file} says "${org[k]}"; unset ${variable} or choose the environment that matches it`);
    }
  }
  const orgId = org.orgId ?? vars.orgId;
  if (!orgId) throw usageError(`environment "${name}" names no organisation: add "orgId" to ${file.file} or set VITRINE_ORG_ID`);
  return { orgId, orgName: org.orgName ?? vars.orgName, from: org.orgId ? file.file : 'VITRINE_ORG_ID' };
}
