// The React example (examples/react-shop: React 19, react-router, Vite) built against the
// packed tarball and driven in Chromium like a shopper: widgets render on load and after
// every client-side navigation, each request carries the page's product, each slot is
// asked for once per page, a prop change re-renders, React re-rendering a slot's fallback
// never crashes, and slots of earlier routes are let go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { REPO, installApp, packTarball } from '../package/packTarball';
import { launchChromium } from './chromium';

interface Call {
  divisionId: string;
  algorithm: string;
  pname: string | null;
}

let sandbox: Sandbox;
let server: PreviewServer;
let browser: Browser;
let page: Page;
let app: string;
let typeCheck: Promise<string>;
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-example-'));
const calls: Call[] = [];
const problems: string[] = [];

/** Renders so far per slot id, counted by the page itself from `vitrine:render`. */
const renders = (id: string) => page.evaluate((slot) => (window as unknown as { renders: Record<string, number[]> }).renders[slot] ?? [], id);

/** Waits until each slot has rendered `n` times in all; returns the product counts of its renders. */
async function rendered(expected: Record<string, number>): Promise<void> {
  try {
    await page.waitForFunction(
      (want) => Object.entries(want).every(([id, n]) => ((window as unknown as { renders: Record<string, number[]> }).renders[id]?.length ?? 0) >= n),
      expected,
      { timeout: 15_000, polling: 50 },
    );
  } catch (error) {
    const seen = await page.evaluate(() => JSON.stringify((window as unknown as { renders: unknown; errors: unknown }).renders) + ' errors: ' + JSON.stringify((window as unknown as { errors: unknown }).errors));
    throw new Error(`expected renders ${JSON.stringify(expected)}, saw ${seen}`, { cause: error });
  }
  // A second request for the same slot would have left with the first: let the frames
  // in which one could start pass before counting.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Clicks a link of the app's nav and returns the widget requests the new page made. */
async function navigate(name: string, expected: Record<string, number>): Promise<Call[]> {
  const before = calls.length;
  await page.getByRole('link', { name, exact: true }).click();
  await rendered(expected);
  return calls.slice(before);
}

const byDivision = (list: Call[]) => list.map((c) => c.divisionId).sort();

beforeAll(async () => {
  sandbox = await createSandbox({ port: 0, dataDir });
  const packed = packTarball();
  // Inside the repository, so that React, react-router and Vite resolve from its
  // devDependencies, while `vitrine` comes from the tarball installed in the app.
  const tmp = join(REPO, '.tmp');
  mkdirSync(tmp, { recursive: true });
  app = installApp(packed, { template: join(REPO, 'examples/react-shop'), where: tmp });
  typeCheck = new Promise((resolve) =>
    execFile(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: app, encoding: 'utf8' }, (error, stdout) => resolve(error ? stdout || String(error) : '')),
  );
  process.env.VITE_VITRINE_BASE_URL = sandbox.url;
  // What the app ships: React's production build (vitest runs with NODE_ENV=test, which
  // Vite would otherwise keep).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({ root: app, logLevel: 'silent', mode: 'production' });
  process.env.NODE_ENV = nodeEnv;
  // `vite preview` answers every unknown path with index.html, as single-page app hosts do.
  server = await preview({ root: app, logLevel: 'silent', preview: { host: '127.0.0.1', port: 0 } });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => problems.push('pageerror: ' + e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push('console: ' + m.text()));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname.startsWith('/v1/widgetserver/')) {
      calls.push({ divisionId: url.searchParams.get('divisionId')!, algorithm: url.pathname.split('/').pop()!, pname: url.searchParams.get('pname') });
    }
  });
  await page.addInitScript(() => {
    const w = window as unknown as { renders: Record<string, number[]>; errors: string[] };
    w.renders = {};
    w.errors = [];
    addEventListener('vitrine:render', (e) => ((w.renders[(e.target as Element).id] ||= []).push((e as CustomEvent).detail.products)));
    addEventListener('vitrine:error', (e) => w.errors.push((e.target as Element).id + ': ' + (e as CustomEvent).detail.message));
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (app) rmSync(app, { recursive: true, force: true });
});

describe('the React example, built from the packed package', () => {
  it('type-checks with React 19 types (`<vitrine-widget>` in JSX)', async () => {
    expect(await typeCheck).toBe('');
  });

  it('renders the home page slots once each, with the home page context', async () => {
    const url = server.resolvedUrls!.local[0];
    await page.goto(url);
    await rendered({ 'home-picks': 1, 'footer-trending': 1 });
    expect(byDivision(calls)).toEqual(['footer-trending', 'home-picks']);
    expect(calls.every((c) => c.pname === null)).toBe(true);
    expect(await page.locator('#home-picks [data-vitrine-index]').count()).toBe(4);
  });

  it('re-renders when React changes a slot attribute', async () => {
    const before = calls.length;
    await page.getByRole('button', { name: 'Show 2 picks' }).click();
    await rendered({ 'home-picks': 2 });
    expect((await renders('home-picks')).at(-1)).toBe(2);
    expect(await page.locator('#home-picks [data-vitrine-index]').count()).toBe(2);
    // The answer already fetched serves the smaller widget: no new request.
    expect(calls.length).toBe(before);
  });

  it('lets React re-render the fallback it owns while the widget shows', async () => {
    await page.getByRole('button', { name: /Save for later/ }).click();
    await page.getByRole('button', { name: /Save for later/ }).click();
    // React inserted its <em> before its <p>, inside the slot: both are there, neither drawn.
    expect(await page.locator('#home-picks > em').textContent()).toBe('2 saved for later. ');
    expect(await page.locator('#home-picks > em').isVisible()).toBe(false);
    expect(await page.locator('#home-picks > p').isVisible()).toBe(false);
    expect(await page.locator('#home-picks .vitrine').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Maison Vitrine' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('asks once per slot on each client-side navigation, with that page’s product', async () => {
    await page.evaluate(() => ((window as unknown as { oldSlot: Element }).oldSlot = document.getElementById('home-picks')!));

    const parka = await navigate('Biarritz Parka', { 'pdp-similar': 1, 'footer-trending': 2 });
    expect(byDivision(parka)).toEqual(['footer-trending', 'pdp-similar']);
    expect(parka.map((c) => c.pname)).toEqual(['Biarritz Parka', 'Biarritz Parka']);
    await page.screenshot({ path: join(REPO, 'test/artifacts/example-product.png'), fullPage: true });

    const tote = await navigate('Aubrac Tote', { 'pdp-similar': 2, 'footer-trending': 3 });
    expect(byDivision(tote)).toEqual(['footer-trending', 'pdp-similar']);
    expect(tote.map((c) => c.pname)).toEqual(['Aubrac Tote', 'Aubrac Tote']);

    // The cart page says nothing of a product: none is left over from the last page.
    const cart = await navigate('Cart', { 'cart-picks': 1, 'footer-trending': 4 });
    expect(byDivision(cart)).toEqual(['cart-picks', 'footer-trending']);
    expect(cart.map((c) => c.pname)).toEqual([null, null]);

    const home = await navigate('Home', { 'home-picks': 3, 'footer-trending': 5 });
    expect(byDivision(home)).toEqual(['footer-trending', 'home-picks']);
    expect(await page.locator('#home-picks .vitrine').isVisible()).toBe(true);
  });

  it('lets go of the slots of earlier routes', async () => {
    // The home slot of the first visit was unmounted when its route left the page.
    expect(await page.evaluate(() => (window as unknown as { oldSlot: Element }).oldSlot.querySelector('.vitrine'))).toBeNull();
    const before = calls.length;
    await page.evaluate(() => window.Vitrine!.refresh());
    await rendered({ 'home-picks': 4, 'footer-trending': 6 });
    expect(byDivision(calls.slice(before))).toEqual(['footer-trending', 'home-picks']);
    expect(await page.evaluate(() => (window as unknown as { errors: string[] }).errors)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
