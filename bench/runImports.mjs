// Part of `npm run bench`: what each import of the ESM build adds to a storefront app.
// Each case is a one-line app built by Vite (its default minifier) against dist/, as an
// app that installed the package builds it; the figure is the gzip size of the app's
// JavaScript minus that of an app importing nothing. Chunks the embed loads at run time
// (the bundle layout, search, debug) and the stylesheet are files of their own, not counted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { measureBytes } from './lib/measureBytes.mjs';
import { printTable } from './lib/printTable.mjs';
import { distDir } from './size.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const settings = "{ baseUrl: 'https://reco.example', orgId: 'org', apiKey: 'key' }";

export const IMPORT_CASES = [
  ['nothing (baseline)', 'console.log(1);'],
  ["{ start } from 'vitrine'", `import { start } from 'vitrine';\nstart(${settings});`],
  ["{ mountWidget } from 'vitrine'", "import { mountWidget } from 'vitrine';\nconsole.log(mountWidget);"],
  ["{ renderTemplate } from 'vitrine'", "import { renderTemplate } from 'vitrine';\nconsole.log(renderTemplate);"],
  ["{ createClient } from 'vitrine/client'", `import { createClient } from 'vitrine/client';\nconsole.log(createClient(${settings}));`],
  ["* as vitrine from 'vitrine' (everything)", "import * as vitrine from 'vitrine';\nconsole.log(vitrine);"],
];

/** Gzip bytes of the JavaScript an app with this one module builds to. */
async function appBytes(dir, name, code) {
  const entry = join(dir, name + '.js');
  writeFileSync(entry, code);
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    // dist/ is the package: its package.json (the repository's) says which files have side effects.
    resolve: { alias: [{ find: /^vitrine\/client$/, replacement: join(distDir, 'client.mjs') }, { find: /^vitrine$/, replacement: join(distDir, 'vitrine.mjs') }] },
    build: { write: false, modulePreload: false, rollupOptions: { input: entry } },
  });
  // The entry and what it imports statically; chunks imported dynamically load later, where needed.
  const chunks = new Map((Array.isArray(out) ? out : [out]).flatMap((o) => o.output).filter((f) => f.type === 'chunk').map((c) => [c.fileName, c]));
  const loaded = new Set([...chunks.values()].filter((c) => c.isEntry));
  for (const c of loaded) for (const name of c.imports) loaded.add(chunks.get(name));
  return measureBytes(Buffer.from([...loaded].map((c) => c.code).join('\n'))).gzip;
}

/** @returns {Promise<{ results: object, failures: string[] }>} */
export async function runImports() {
  const dir = mkdtempSync(join(root, '.tmp', 'imports-'));
  try {
    const sizes = [];
    for (const [i, [label, code]] of IMPORT_CASES.entries()) sizes.push({ label, gzip: await appBytes(dir, 'case' + i, code) });
    const base = sizes[0].gzip;
    const rows = sizes.slice(1).map((s) => ({ import: s.label, added: s.gzip - base }));
    printTable(
      'What each import adds to an app (bytes gzip, Vite build)',
      ['import', 'added to the app'],
      rows.map((r) => [r.import, r.added]),
      ['Not counted: the chunks start() imports later, only on pages that need them (bundle layout, search, debug), and vitrine.css.'],
    );
    return { results: { imports: rows }, failures: [] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runImports();
