// Part 1 of `npm run bench`: bytes of every shipped file beside the peers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureDist, checkEmbedBudget, embedBudgetGzip, distDir } from './size.mjs';
import { measureBytes } from './lib/measureBytes.mjs';
import { measurePeers } from './measurePeers.mjs';
import { printTable } from './lib/printTable.mjs';
import { formatRatio } from './lib/ratio.mjs';

/**
 * @returns {Promise<{ results: object, failures: string[] }>}
 */
export async function runSize() {
  const failures = [];
  const dist = measureDist();
  const peers = await measurePeers();
  const reco = peers.filter((p) => p.kind === 'reco');
  const best = reco.reduce((a, b) => (b.gzip < a.gzip ? b : a));
  const smallest = peers.filter((p) => p.kind !== 'floor').reduce((a, b) => (b.gzip < a.gzip ? b : a));
  const floor = peers.find((p) => p.kind === 'floor');

  const row = (name, s) => [name, s.raw, s.gzip, s.brotli, formatRatio(s.gzip, best.gzip), formatRatio(s.gzip, smallest.gzip), formatRatio(s.gzip, floor?.gzip)];
  printTable(
    'Size (bytes; gzip -9, brotli 11)',
    ['artifact', 'raw', 'gzip', 'brotli', '× best reco peer', '× smallest peer', '× floor'],
    [...dist.map((d) => row(`Vitrine ${d.file}`, d)), ...peers.map((p) => row(p.name, p))],
    [
      `best reco peer (smallest that fetches recommendations): ${best.name}, ${best.gzip} B gzip; smallest peer of any kind: ${smallest.name}, ${smallest.gzip} B gzip.`,
      'Peers are bundled from bench/peers/*.js with esbuild (bundle, minify, iife, es2020) and the same terser pass: the embed\'s settings.',
      ...peers.filter((p) => p.note).map((p) => p.note),
      ...styles().map((c) => `Not in the table: ${c.file}, ${c.raw} B raw, ${c.gzip} B gzip, ${c.brotli} B brotli — the embed's stylesheet (peers' CSS is not counted either).`),
    ],
  );

  const budget = checkEmbedBudget();
  if (budget.error) failures.push(`size: ${budget.error}`);
  else console.log(`budget: dist/vitrine.js ${budget.gzip} B gzip of ${embedBudgetGzip} B (${((budget.gzip / embedBudgetGzip) * 100).toFixed(1)}%) — ok`);
  return { results: { dist, peers: peers.map(({ note, ...p }) => p), bestRecoPeer: best.name }, failures };
}

/** Stylesheets in dist/: shipped too, but the table compares scripts. */
function styles() {
  if (!existsSync(distDir)) return [];
  return readdirSync(distDir)
    .filter((f) => f.endsWith('.css'))
    .map((f) => ({ file: `dist/${f}`, ...measureBytes(readFileSync(join(distDir, f))) }));
}
