// Where Vitrine spends main-thread time on a page, by source function: a
// sampling CPU profile of one page view, mapped through dist/vitrine.js.map.
//   node bench/profile.mjs              the demo product page, cold
//   node bench/profile.mjs --warm       the demo product page, second view (themes cached)
//   node bench/profile.mjs --slots 20   the bench page with 20 slots, cold
//   node bench/profile.mjs --path /     another demo page (here the home page), cold
//   node bench/profile.mjs --mobile     on Lighthouse's phone screen (412×823, touch) instead of 1280 px
// Run `node build.mjs` first. Prints the top functions by self and by total time.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDemo } from './lib/loadDemo.mjs';
import { launchBrowser } from './lib/launchBrowser.mjs';
import { startServer } from './lib/startServer.mjs';
import { serveDist, snapshotDist } from './lib/serveDist.mjs';
import { sandboxProducts } from './lib/sandboxProducts.mjs';
import { readSourceMap } from './lib/readSourceMap.mjs';
import { scalePage } from './page/scalePage.mjs';
import { printTable } from './lib/printTable.mjs';
import { latencyMs } from './runPage.mjs';

const args = process.argv.slice(2);
const warm = args.includes('--warm');
const mobile = args.includes('--mobile');
const slotsArg = args.indexOf('--slots');
const slots = slotsArg >= 0 ? Number(args[slotsArg + 1]) : null;
const pathArg = args.indexOf('--path');
const shopPath = pathArg >= 0 ? args[pathArg + 1] : null;
if (slots !== null && !(slots > 0)) {
  console.error('--slots needs a positive number, e.g. --slots 20');
  process.exit(2);
}

const dist = snapshotDist();
// vitrine.js and its chunks (vitrine-analytics.js, …), each through its own source map.
const lookups = new Map();
const lookupFor = (url) => {
  const file = /\/(vitrine[^/]*\.js)$/.exec(url)?.[1];
  if (!file) return null;
  if (!lookups.has(file)) lookups.set(file, readSourceMap(JSON.parse(readFileSync(join(dist, file + '.map'), 'utf8'))));
  return lookups.get(file);
};
const { createSandbox, createShop } = await loadDemo(['createSandbox', 'createShop']);
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-profile-'));
const sandbox = await createSandbox({ port: 0, latencyMs, dataDir });
const closers = [() => sandbox.close(), () => rmSync(dataDir, { recursive: true, force: true })];
try {
  let urls;
  let height = 900;
  if (slots) {
    const [a, b] = await sandboxProducts(sandbox);
    const server = await startServer((url) => {
      if (url.pathname === '/a' || url.pathname === '/b') return { type: 'text/html', body: scalePage({ slots, product: url.pathname === '/a' ? a : b, sandbox }) };
      return serveDist(url);
    });
    closers.unshift(() => server.close());
    urls = [`${server.url}/a`, `${server.url}/b`];
    height = 900 + slots * 700;
  } else {
    const shop = await createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey, distDir: dist });
    closers.unshift(() => shop.close());
    const html = await (await fetch(shop.url)).text();
    urls = shopPath ? [shop.url + shopPath, shop.url + shopPath] : [...new Set([...html.matchAll(/href="(\/products\/[^"#?]+)"/g)].map((m) => m[1]))].slice(0, 2).map((p) => shop.url + p);
  }
  const browser = await launchBrowser();
  closers.unshift(() => browser.close());
  const page = await browser.newPage(mobile ? { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height } });
  if (warm) {
    await page.goto(urls[0]);
    await page.waitForTimeout(1500);
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  // 100 µs sampling: fine enough for functions that run a millisecond or two.
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(warm ? urls[1] : urls[0]);
  await page.waitForTimeout(2500);
  const { profile } = await cdp.send('Profiler.stop');
  report(profile);
} finally {
  for (const close of closers) await close();
}

/** Self and total time per source function of the embed. */
function report(profile) {
  const selfUs = new Map();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const label = (node) => {
    const f = node.callFrame;
    const lookup = lookupFor(f.url);
    if (!lookup || f.lineNumber < 0) return f.url ? null : `(${f.functionName || 'native'})`;
    const pos = lookup(f.lineNumber, f.columnNumber);
    const where = pos ? `${pos.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '')}:${pos.line}` : '?';
    return `${pos?.name || f.functionName || '(anonymous)'} ${where}`;
  };
  const self = new Map();
  const total = new Map();
  let ours = 0;
  for (const node of profile.nodes) {
    const ms = (selfUs.get(node.id) ?? 0) / 1000;
    if (!ms) continue;
    const chain = [];
    for (let id = node.id; id != null; id = parentOf.get(id)) chain.push(byId.get(id));
    const inEmbed = chain.some((n) => /\/vitrine[^/]*\.js$/.test(n.callFrame.url));
    if (!inEmbed) continue;
    ours += ms;
    // Native work (layout, JSON.parse, Intl) is charged to the embed function that asked for it.
    const own = label(node) ?? label(chain.find((n) => label(n) && /\/vitrine[^/]*\.js$/.test(n.callFrame.url)));
    const key = own?.startsWith('(') ? `${own} in ${label(chain.find((n) => /\/vitrine[^/]*\.js$/.test(n.callFrame.url)))}` : own;
    self.set(key, (self.get(key) ?? 0) + ms);
    for (const k of new Set(chain.map(label).filter((l) => l && !l.startsWith('(')))) total.set(k, (total.get(k) ?? 0) + ms);
  }
  const top = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, v]) => [k, Math.round(v * 10) / 10, `${((v / ours) * 100).toFixed(0)}%`]);
  const what = slots ? `bench page, ${slots} slot${slots > 1 ? 's' : ''}` : shopPath ? `demo page ${shopPath}` : 'demo product page';
  console.log(`Vitrine main-thread time on the ${what} (${warm ? 'warm' : 'cold'} view): ${ours.toFixed(1)} ms`);
  printTable('Self time by function (native work charged to its caller)', ['function', 'ms', 'share'], top(self));
  printTable('Total time by function (self + callees)', ['function', 'ms', 'share'], top(total));
}
