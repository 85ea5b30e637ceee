// `npm run bench`: Vitrine beside its peers, one table per measure, then the
// budgets. Exits non-zero when a budget is over or a measure cannot run.
// Everything stays on 127.0.0.1; results land in bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runSize } from './runSize.mjs';
import { runImports } from './runImports.mjs';
import { runRender } from './runRender.mjs';
import { runPage } from './runPage.mjs';
import { runLongTasks } from './runLongTasks.mjs';
import { runScale } from './runScale.mjs';
import { runSearch } from './runSearch.mjs';
import { runLcp } from './runLcp.mjs';
import { runLighthouse } from './runLighthouse.mjs';
import { runServerLoad } from './runServerLoad.mjs';
import { snapshotDist } from './lib/serveDist.mjs';

const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
const started = Date.now();

/** @type {Array<[string, () => Promise<{ results: object, failures: string[] }>]>} */
const parts = [
  ['size', runSize],
  ['imports', runImports],
  ['render', runRender],
  ['page', () => runPage()],
  ['longTasks', () => runLongTasks()],
  // The same two at phone speed (Lighthouse's 4× CPU slowdown), phone size only.
  ['pagePhone', () => runPage({ phone: true })],
  ['longTasksPhone', () => runLongTasks({ phone: true })],
  ['scale', runScale],
  ['search', runSearch],
  ['lcp', runLcp],
  ['lighthouse', runLighthouse],
  ['serverLoad', runServerLoad],
];

snapshotDist();
// Absolute times depend on what else the machine is doing; the ratios less so.
console.log(`Vitrine bench — ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);
const results = { date: new Date().toISOString(), node: process.version, loadAverage: loadavg() };
const failures = [];
/** Seconds each part took: what to trim when the run grows past its 12 minutes. */
const seconds = {};
for (const [name, run] of parts) {
  const partStarted = Date.now();
  try {
    const out = await run();
    results[name] = out.results;
    failures.push(...out.failures);
  } catch (err) {
    failures.push(`${name}: could not run — ${err instanceof Error ? err.message : String(err)}`);
  }
  seconds[name] = Math.round((Date.now() - partStarted) / 1000);
}
results.seconds = seconds;

mkdirSync(resultsDir, { recursive: true });
writeFileSync(new URL('./results/latest.json', import.meta.url), JSON.stringify(results, null, 2));
console.log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(1)} s (${Object.entries(seconds).map(([name, s]) => `${name} ${s} s`).join(', ')}); results in bench/results/latest.json`);
if (failures.length) {
  console.error(`\n${failures.length} check(s) failed:`);
  for (const f of failures) console.error(`  ✗ ${f}`);
  process.exit(1);
}
console.log('all budgets met');
