// Size of what Vitrine ships, and the budget of the script tag merchants paste.
//   node bench/size.mjs         prints raw/gzip/brotli of dist/vitrine.js, exits 1 above budget
//   node bench/size.mjs --why   also lists which source files the minified bytes come from
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureBytes } from './lib/measureBytes.mjs';
import { build } from 'esbuild';
import { browser, embed, trimmedPreactUser } from '../build/embed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// BENCH_DIST measures another build (a candidate change) in place of dist/.
export const distDir = process.env.BENCH_DIST ?? join(root, 'dist');
export const embedFile = join(distDir, 'vitrine.js');

/**
 * 13,159 B gzip: no larger than the one open peer that does the same job, Algolia's
 * recommend-js with its horizontal slider, bundled as a storefront would (part 1).
 */
export const embedBudgetGzip = 13159;

/**
 * Every script in dist/ (`.js`, `.mjs`; no maps, no type declarations), measured.
 * @returns {Array<{ file: string, raw: number, gzip: number, brotli: number }>}
 */
export function measureDist() {
  if (!existsSync(distDir)) return [];
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'types') walk(p);
      } else if (/\.m?js$/.test(e.name)) {
        out.push({ file: `dist/${relative(distDir, p)}`, ...measureBytes(readFileSync(p)) });
      }
    }
  };
  walk(distDir);
  return out.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The embed's size against its budget; `error` says what is wrong, if anything.
 * @returns {{ raw: number, gzip: number, brotli: number, error?: string } | { error: string }}
 */
export function checkEmbedBudget() {
  if (!existsSync(embedFile)) return { error: `${embedFile} is missing: run \`node build.mjs\` first` };
  const s = measureBytes(readFileSync(embedFile));
  if (s.gzip > embedBudgetGzip) {
    return { ...s, error: `dist/vitrine.js is ${s.gzip} B gzip, over its budget of ${embedBudgetGzip} B by ${s.gzip - embedBudgetGzip} B` };
  }
  return s;
}

/**
 * Minified bytes of the embed by source file and by folder, from esbuild's metafile of
 * the same build build.mjs runs (build/embed.mjs: the trimmed Preact and Mustache, the
 * theme card, jsTemplate runner and cards maker left to their chunks). Bytes are
 * esbuild's, before terser's second pass and compression, so they show shares rather
 * than gzip figures.
 */
async function explainEmbed() {
  const res = await build({
    ...browser,
    ...embed,
    // The check of what the trimmed Preact supports reads the written file: build.mjs runs it.
    plugins: embed.plugins.filter((p) => p !== trimmedPreactUser),
    absWorkingDir: root,
    sourcemap: false,
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const inputs = Object.entries(Object.values(res.metafile.outputs)[0].inputs).map(([file, v]) => [file, v.bytesInOutput]);
  const total = inputs.reduce((t, [, b]) => t + b, 0);
  const folders = new Map();
  for (const [file, b] of inputs) {
    const folder = file.startsWith('node_modules/') ? file.split('/').slice(0, 2).join('/') : file.replace(/\/[^/]+$/, '/');
    folders.set(folder, (folders.get(folder) ?? 0) + b);
  }
  const show = (rows) => rows.sort((a, b) => b[1] - a[1]).map(([k, b]) => `  ${String(b).padStart(6)} B  ${((b / total) * 100).toFixed(1).padStart(5)}%  ${k}`).join('\n');
  console.log(`\nminified bytes by folder (${total} B of source code in the bundle):\n${show([...folders])}`);
  console.log(`\nlargest files:\n${show(inputs).split('\n').slice(0, 20).join('\n')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const s = checkEmbedBudget();
  if ('raw' in s) {
    console.log(`dist/vitrine.js  ${s.raw} B raw  ${s.gzip} B gzip  ${s.brotli} B brotli  (budget ${embedBudgetGzip} B gzip, ${((s.gzip / embedBudgetGzip) * 100).toFixed(1)}% used)`);
  }
  if (process.argv.includes('--why')) await explainEmbed();
  if (s.error) {
    console.error(`size budget: ${s.error}`);
    process.exit(1);
  }
}
