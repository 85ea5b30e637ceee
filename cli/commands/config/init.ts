import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveOrganisation } from '../../config/environment';
import { STATE_FILE } from '../../config/stateFile';
import { starterFolder } from '../../config/starterFolder';
import { count, usageError, type CliIo } from '../../io';
import { connect } from '../../service/connect';
import { describeFailure } from '../../service/describeFailure';

/** The schemas beside the bin: dist/vitrine-cli.mjs and dist/schema/ ship together. */
const SCHEMAS = fileURLToPath(new URL('./schema', import.meta.url));

/** What shows a folder already holds configuration: refused unless --force. */
function configurationIn(folder: string): string[] {
  const held: string[] = [];
  for (const name of ['search.json', STATE_FILE, 'README.md']) if (existsSync(join(folder, name))) held.push(join(folder, name));
  for (const sub of ['widgets', 'environments']) {
    const at = join(folder, sub);
    if (existsSync(at) && statSync(at).isDirectory()) held.push(...readdirSync(at).filter((n) => n.endsWith('.json')).map((n) => join(at, n)));
  }
  return held;
}

const schemaPath = (from: string) => relative(from, SCHEMAS).split(sep).join('/') || '.';

/**
 * `vitrine config init [folder]`: asks the service what it can tell (the key's services,
 * the algorithm catalogue, the themes) and writes a starter folder from it. A folder that
 * already holds configuration is refused (exit 1) unless --force, and then every file
 * written over is named.
 */
export async function runInit(folder: string, options: { force?: boolean }, io: CliIo): Promise<number> {
  if (existsSync(folder) && !statSync(folder).isDirectory()) throw usageError(`${folder} is a file; name a folder to write the configuration in`);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (e) {
    throw usageError(`${folder}: cannot be made (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); name a folder to write the configuration in`);
  }
  const held = configurationIn(folder);
  if (held.length && !options.force) {
    io.err(`vitrine: ${folder} already holds configuration (${held.join(', ')}); nothing was written. Choose another folder, or add --force to write the starter files over these`);
    return 1;
  }
  const connection = connect(io, resolveOrganisation(folder, io.env, undefined));
  let facts;
  try {
    const [services, catalogue, themes] = await Promise.all([connection.client.availableServices(), connection.client.algorithms(), connection.client.themes()]);
    facts = { services, catalogue, themes: themes.widgetThemes };
  } catch (e) {
    const failure = describeFailure(e, connection);
    io.err(`vitrine: ${failure.message}; nothing was written`);
    return failure.code;
  }
  const { files, skipped } = starterFolder(facts, { search: schemaPath(folder), widget: schemaPath(join(folder, 'widgets')) });
  for (const [name, text] of Object.entries(files)) {
    const path = join(folder, name);
    const existed = existsSync(path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    io.out(`${existed ? 'overwrote' : 'wrote    '}  ${path}`);
  }
  for (const s of skipped) io.out(`not written: ${s}`);
  io.out(`${count(Object.keys(files).length, 'file')} written from ${connection.baseUrl}. Next: vitrine config check ${folder}`);
  return 0;
}
