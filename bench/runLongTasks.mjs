// Part of `npm run bench`: every kind of demo page, cold and warm, at phone and desktop
// size, scrolled to its end: no long task (over 50 ms) may run Vitrine's code. The page
// part checks the product page so; this one covers the rest of the shop.
// `npm run bench` runs it twice: at the machine's speed, phone and desktop size, and at
// phone speed, the phone size with the main thread four times slower (DevTools' CPU
// throttling, the factor Lighthouse's mobile preset assumes for a phone), under the same
// budget: no task of Vitrine's over 50 ms, cold or warm, on any demo page.
// BENCH_CPU_SLOWDOWN=4 slows the first pass too, for a look.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDemo } from './lib/loadDemo.mjs';
import { launchBrowser } from './lib/launchBrowser.mjs';
import { isVitrineScript } from './page/measurePageView.mjs';
import { printTable } from './lib/printTable.mjs';
import { snapshotDist } from './lib/serveDist.mjs';
import { allowJsProfiling, nameTask, observeLongTasks, readLongTasksInPage, sourceNamer, vitrineTasks } from './lib/longTasks.mjs';
import { PHONE_CPU_SLOWDOWN, latencyMs } from './runPage.mjs';

const defaultSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
/** Lighthouse's mobile preset (a Moto G Power's screen), and the page part's desktop. */
const allViewports = [
  { name: 'phone', width: 412, height: 823, isMobile: true },
  { name: 'desktop', width: 1280, height: 900, isMobile: false },
];

/**
 * Two pages of each kind the shop links to from its home page and its first collection
 * (the first for the cold view, the second for the warm one), plus the search results,
 * the cart, and a page that does not exist. The links are read by the browser.
 * @param {import('playwright-core').Browser} browser
 * @param {string} shopUrl
 * @returns {Promise<Array<{ kind: string, cold: string, warm: string }>>}
 */
async function demoPages(browser, shopUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const linksOf = async (path) => {
    await page.goto(new URL(path, shopUrl).href);
    return page.$$eval('a[href]', (links) => links.filter((a) => a.origin == location.origin).map((a) => a.pathname + a.search));
  };
  let links;
  try {
    const home = await linksOf('/');
    const collection = home.find((p) => /^\/collections\/[^/?]+$/.test(p));
    if (!collection) throw new Error('the demo home page links to no collection');
    links = [...new Set([...home, ...(await linksOf(collection))])];
  } finally {
    await context.close();
  }
  const two = (kind, pattern) => {
    const found = links.filter((p) => pattern.test(p));
    if (!found.length) throw new Error(`the demo shop links to no ${kind} page`);
    return { kind, cold: found[0], warm: found[1] ?? found[0] };
  };
  const product = two('product', /^\/products\/[^/?]+$/);
  return [
    { kind: 'home', cold: '/', warm: '/' },
    two('collection', /^\/collections\/[^/?]+$/),
    { kind: 'product (server-rendered slots)', cold: product.cold, warm: product.warm },
    { kind: 'product (client-rendered)', cold: product.cold + '?ssr=0', warm: product.warm + '?ssr=0' },
    { kind: 'search results', cold: '/search?q=wool', warm: '/search?q=linen' },
    { kind: 'cart', cold: '/cart', warm: '/cart' },
    two('journal', /^\/blogs\/journal(\/[^/?]+)?$/),
    { kind: 'not found', cold: '/no-such-page', warm: '/no-such-page' },
  ];
}

/**
 * One view of `url`: loaded, then scrolled down a screen at a time to the end as a
 * shopper would, so slots below the fold load and the carousels fill their later cards.
 * Long tasks are the page's own Long Tasks API entries, and the scripts in them come
 * from its Long Animation Frames entries: no tracing, whose JS sampling would slow the
 * page it measures.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url
 */
async function viewPage(context, url, cpuSlowdown) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await allowJsProfiling(cdp);
    if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.addInitScript(observeLongTasks);
    await page.addInitScript(() => {
      const seen = { shown: new Set(), failed: new Set() };
      Object.defineProperty(window, '__vitrineSeen', { value: seen });
      for (const type of ['render', 'search', 'error']) document.addEventListener('vitrine:' + type, (e) => seen[type == 'error' ? 'failed' : 'shown'].add(e.target), true);
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    for (let step = 0; step < 20 && (await page.evaluate(() => innerHeight + scrollY < document.documentElement.scrollHeight - 1)); step++) {
      await page.evaluate(() => scrollBy(0, innerHeight));
      await page.waitForTimeout(300);
    }
    await page.waitForLoadState('networkidle');
    // Idle time: a carousel fills its later cards then.
    await page.waitForTimeout(500);
    const long = await page.evaluate(readLongTasksInPage);
    const seen = await page.evaluate(() => {
      const seen = /** @type {any} */ (window).__vitrineSeen;
      return {
        slots: document.querySelectorAll('[data-vitrine], [data-vitrine-search]').length,
        shown: seen.shown.size,
        failed: [...seen.failed].filter((el) => !seen.shown.has(el)).length,
      };
    });
    return { ...seen, ...long };
  } finally {
    await page.close();
  }
}

/**
 * `{ phone: true }`: the phone-speed pass (phone size only, CPU 4× slower).
 * @returns {Promise<{ results: object, failures: string[] }>}
 */
export async function runLongTasks({ phone = false } = {}) {
  const cpuSlowdown = phone ? PHONE_CPU_SLOWDOWN : defaultSlowdown;
  const viewports = phone ? allViewports.filter((v) => v.name == 'phone') : allViewports;
  const speed = cpuSlowdown > 1 ? `, CPU ${cpuSlowdown}× slower` : '';
  const { createSandbox, createShop } = await loadDemo(['createSandbox', 'createShop']);
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  const sandbox = await createSandbox({ port: 0, latencyMs, dataDir });
  const failures = [];
  const rows = [];
  const results = [];
  let shop;
  let browser;
  try {
    const dist = snapshotDist();
    const sourceName = sourceNamer(dist);
    shop = await createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, distDir: dist });
    browser = await launchBrowser();
    const pages = await demoPages(browser, shop.url);
    for (const { name, width, height, isMobile } of viewports) for (const { kind, cold, warm } of pages) {
      // Cold: a fresh profile (no cache, no storage); warm: the next page in the same one.
      const context = await browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile });
      const views = {};
      try {
        for (const [label, path] of [['cold', cold], ['warm', warm]]) {
          views[label] = await viewPage(context, new URL(path, shop.url).href, cpuSlowdown);
        }
      } finally {
        await context.close();
      }
      for (const [label, view] of Object.entries(views)) {
        const ours = vitrineTasks(view.longTasks, view.scripts, isVitrineScript, view.samples);
        rows.push([name, kind, label, label == 'cold' ? cold : warm, `${view.shown}/${view.slots}`, view.failed, view.longTasks.length, ours.length, Math.round(Math.max(0, ...ours.map((f) => f.oursMs)))]);
        results.push({ viewport: name, kind, view: label, path: label == 'cold' ? cold : warm, slots: view.slots, shown: view.shown, failed: view.failed, longTasks: view.longTasks, scriptsInLongFrames: view.scripts, profiled: view.samples != null, vitrine: ours });
        for (const t of ours) failures.push(`long tasks: ${kind} (${name}${speed}, ${label}): a ${t.ms.toFixed(0)} ms task ran Vitrine for ${t.oursMs.toFixed(0)} ms (by ${t.by == 'both' ? 'its script entries and samples' : t.by == 'scripts' ? 'its script entries' : 'the profiler\'s samples'}): ${nameTask(sourceName, t)}`);
      }
    }
  } finally {
    await browser?.close();
    await shop?.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(`Long tasks on every demo page${cpuSlowdown > 1 ? ` (CPU ${cpuSlowdown}× slower${phone ? ': a phone' : ''})` : ''}`, ['viewport', 'page', 'view', 'path', 'slots shown', 'fallback kept', 'long tasks', 'of them Vitrine\'s', 'Vitrine\'s ms in the longest'], rows, [
    'Each page is loaded, then scrolled to its end a screen at a time, so every slot loads and renders; "shown" counts slots that sent vitrine:render or vitrine:search, "fallback kept" those that sent only vitrine:error (no products for that visitor, say).',
    'A long task is a Long Tasks API entry (over 50 ms). It is Vitrine\'s when Vitrine\'s code ran in it longer than any other script\'s and for a quarter of the task at least, by the Long Animation Frames',
    '  script entries in it or by the page\'s JS Self-Profiling samples (every 10 ms) in it: a task that resumes Vitrine\'s code through a native callback (a promise resolver handed to setTimeout)',
    '  has a script entry with no source, and only the samples see whose code it ran.',
    `${viewports.map((v) => `${v.name} ${v.width}×${v.height}`).join(', ')}; service latency ${latencyMs} ms. Cold: a fresh profile; warm: a second page of the same kind in that profile (themes cached).`,
  ]);
  return { results: { viewports, cpuSlowdown, latencyMs, pages: results }, failures };
}

// `node bench/runLongTasks.mjs` runs this part alone (on a build already in dist/);
// `--phone` runs the phone-speed pass.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { failures } = await runLongTasks({ phone: process.argv.includes('--phone') });
  for (const f of failures) console.error(`  ✗ ${f}`);
  process.exit(failures.length ? 1 : 0);
}
