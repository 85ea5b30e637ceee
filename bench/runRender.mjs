// Part 2 of `npm run bench`: time to render 8, 24 and 100 products in each
// layout in headless Chromium, beside Algolia's widget and a Mustache floor.
import { fileURLToPath } from 'node:url';
import { startServer } from './lib/startServer.mjs';
import { launchBrowser } from './lib/launchBrowser.mjs';
import { bundleForBrowser } from './lib/bundleForBrowser.mjs';
import { serveDist } from './lib/serveDist.mjs';
import { summarize } from './lib/summarize.mjs';
import { printTable } from './lib/printTable.mjs';
import { formatRatio } from './lib/ratio.mjs';

const layouts = ['carousel', 'matrix', 'bundle'];
const sizes = [8, 24, 100];
// 40 timed runs give a stable median and p90 within a few seconds per
// contender; the first 5 warm the JIT and the image cache and are dropped.
const iterations = Number(process.env.BENCH_RENDER_ITERATIONS ?? 40);
const warmup = 5;
/** Rendering 24 products may take at most this many times the Mustache → innerHTML floor. */
const RATIO_BUDGET = 1.2;

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vitrine render bench</title>
<style>body{margin:0;font:16px system-ui,sans-serif}#stage{width:1200px;margin:0 auto}</style></head>
<body><main id="stage"></main><script type="module" src="/harness.js"></script></body></html>`;

/** @returns {Promise<{ results: object, failures: string[] }>} */
export async function runRender() {
  const failures = [];
  const harness = await bundleForBrowser(fileURLToPath(new URL('./render/harness.js', import.meta.url)));
  const server = await startServer((url) => {
    if (url.pathname === '/') return { type: 'text/html', body: page };
    if (url.pathname === '/harness.js') return { type: 'text/javascript', body: harness };
    return serveDist(url);
  });
  const browser = await launchBrowser();
  let out;
  try {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const pageErrors = [];
    tab.on('pageerror', (e) => pageErrors.push(e.message));
    await tab.goto(server.url);
    await tab.waitForFunction(() => 'runRenderBench' in window);
    const contenders = [
      ...layouts.flatMap((layout) => sizes.map((n) => ({ key: `vitrine ${layout} ${n}`, kind: 'vitrine', layout, n }))),
      ...sizes.map((n) => ({ key: `algolia ${n}`, kind: 'algolia', n })),
      ...sizes.map((n) => ({ key: `floor ${n}`, kind: 'floor', n })),
      ...sizes.map((n) => ({ key: `card floor ${n}`, kind: 'card-floor', n })),
    ];
    out = await tab.evaluate((plan) => window.runRenderBench(plan), { contenders, iterations, warmup });
    if (pageErrors.length) out.pageErrors = pageErrors;
  } finally {
    await browser.close();
    await server.close();
  }

  const stats = Object.fromEntries(Object.entries(out.times).map(([k, xs]) => [k, summarize(xs)]));
  const frameStats = Object.fromEntries(Object.entries(out.frames).map(([k, xs]) => [k, summarize(xs)]));
  const rows = [];
  const row = (label, key, n) => {
    const s = stats[key] ?? { median: null, p90: null };
    const shown = out.shown[key];
    const f = frameStats[key] ?? { median: null };
    rows.push([
      label,
      n,
      s.median,
      s.p90,
      f.median,
      shown == null ? null : `${shown}/${n}`,
      formatRatio(s.median, stats[`algolia ${n}`]?.median),
      formatRatio(s.median, stats[`floor ${n}`]?.median),
      formatRatio(s.median, stats[`card floor ${n}`]?.median),
    ]);
  };
  for (const layout of layouts) for (const n of sizes) row(`Vitrine ${layout}`, `vitrine ${layout} ${n}`, n);
  for (const n of sizes) row('Algolia relatedProducts (horizontal slider)', `algolia ${n}`, n);
  for (const n of sizes) row('floor: Mustache → innerHTML', `floor ${n}`, n);
  for (const n of sizes) row('floor with the built-in matrix card', `card floor ${n}`, n);
  const notes = [
    `${iterations} timed runs per row after ${warmup} warm-up runs, contenders interleaved (a noisy neighbour slows all alike).`,
    'median/p90 = envelope in hand → DOM laid out (forced layout after mount); rAF = median to the requestAnimationFrame after mount,',
    '  which headless Chromium holds to its 60 Hz tick, so it reads ~16.7 ms for anything under a frame. Ratios use the layout median.',
    '"shown" = product names readable in the rendered widget (a bundle shows an anchor and its add-ons, not every product).',
    'floor with the built-in matrix card: the same one template and innerHTML, drawing the built-in card (link, image, name,',
    '  price, add-to-cart button) in the matrix\'s classes under vitrine.css. "× card floor" is what Vitrine\'s machinery',
    '  costs over that markup (sanitising, nodes parsed per card, Preact); the card floor over the floor is the design\'s cost.',
    'Algolia: relatedProducts in its horizontal slider view (no theme CSS). It asks its client',
    '  in a useEffect, which Preact runs after the next frame, so its items land a frame after mount even with the answer in hand.',
  ];
  if (out.loadError) {
    notes.push(`Vitrine not measured: ${out.loadError}`);
    failures.push(`render: ${out.loadError}`);
  }
  for (const [key, msg] of Object.entries(out.errors)) {
    notes.push(`${key} failed: ${msg}`);
    failures.push(`render: ${key} threw: ${msg}`);
  }
  for (const e of out.pageErrors ?? []) notes.push(`page error: ${e}`);
  // The budget: 24 cards in any layout at most 1.2× the floor's time for the same 24.
  const floor24 = stats['floor 24']?.median;
  for (const layout of layouts) {
    const median = stats[`vitrine ${layout} 24`]?.median;
    if (median != null && floor24 && median / floor24 > RATIO_BUDGET) {
      failures.push(`render: 24 products in the ${layout} take ${formatRatio(median, floor24)} the floor's time (budget ${RATIO_BUDGET}×)`);
    }
  }
  notes.push(`Budget: 24 products in each layout ≤ ${RATIO_BUDGET}× the floor.`);
  printTable('Render (ms, envelope in hand → widget laid out)', ['contender', 'products', 'median', 'p90', 'rAF', 'shown', '× Algolia', '× floor', '× card floor'], rows, notes);
  return { results: { iterations, warmup, stats, frameStats, shown: out.shown, errors: out.errors, loadError: out.loadError }, failures };
}
