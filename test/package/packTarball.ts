// The package as its users get it: `npm pack` of the repository (after `node build.mjs`),
// installed from the tarball into an app of its own with npm's ordinary client, offline:
// the package installs nothing besides itself, so no registry is needed.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

export interface Packed {
  tarball: string;
  /** Paths inside the package, as `npm pack` lists them. */
  files: string[];
}

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Packs the repository into a fresh folder. */
export function packTarball(): Packed {
  if (!existsSync(join(REPO, 'dist/vitrine.mjs'))) throw new Error('No dist/vitrine.mjs: run `node build.mjs` first (npm test does).');
  const out = mkdtempSync(join(tmpdir(), 'vitrine-pack-'));
  const [report] = JSON.parse(npm(['pack', '--json', '--pack-destination', out], REPO)) as { filename: string; files: { path: string }[] }[];
  return { tarball: join(out, report.filename), files: report.files.map((f) => f.path).sort() };
}

/**
 * A new app folder holding `files` (path → text) or a copy of `template`, with the
 * tarball installed offline. `where` is the folder it is made in: the system's temp
 * folder (nothing of the repository's node_modules can be reached from there), or the
 * repository's `.tmp/` for an app that resolves its framework from the root
 * devDependencies.
 */
export function installApp(packed: Packed, options: { files?: Record<string, string>; template?: string; where?: string }): string {
  const where = options.where ?? tmpdir();
  mkdirSync(where, { recursive: true });
  const app = mkdtempSync(join(where, 'vitrine-app-'));
  if (options.template) cpSync(options.template, app, { recursive: true, filter: (src) => !/node_modules|[\\/]dist$/.test(src) });
  for (const [path, text] of Object.entries(options.files ?? {})) {
    mkdirSync(join(app, path, '..'), { recursive: true });
    writeFileSync(join(app, path), text);
  }
  if (!existsSync(join(app, 'package.json'))) writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  npm(['install', '--offline', '--no-package-lock', packed.tarball], app);
  return app;
}
