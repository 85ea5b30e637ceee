// The snippets the docs show, run as a reader would run them: the merchant pages in
// Chromium with vitrine.js from dist/ at the CDN address they name and the sandbox at the
// address `npm start` gives it; the storefront developer's files type-checked and run
// against the packed package; the plain-Node server started and its page resumed in
// Chromium; the edge worker bundled as wrangler would and run in workerd. The Next.js
// guide shows files of examples/next-shop, which test/browser/nextShop.test.ts builds and
// drives; the configuration guide's folder is demo/config, which the CLI tests apply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import type { Browser, Page } from 'playwright-core';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { installApp, packTarball } from '../package/packTarball';
import { launchChromium } from '../browser/chromium';
import { freePort } from '../browser/nextApp';
import { REPO } from './readDocs';

/** The address the docs give the sandbox: the one `npm start` serves it on. */
const DOCS_SANDBOX = 'http://127.0.0.1:8780';
const CDN = 'https://cdn.example/vitrine/';
const SHOP = 'https://shop.example/';
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8' };

let sandbox: Sandbox;
let browser: Browser;
let app: string;
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-docs-'));
const env = () => ({ ...process.env, VITRINE_BASE_URL: sandbox.url, VITRINE_ORG_ID: sandbox.orgId, VITRINE_API_KEY: sandbox.apiKey });

beforeAll(async () => {
  sandbox = await createSandbox({ port: 0, dataDir });
  browser = await launchChromium();
  app = installApp(packTarball(), { where: join(REPO, '.tmp') });
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (app) rmSync(app, { recursive: true, force: true });
});

/**
 * A page of the shop: vitrine.js and its files from dist/ at the docs' CDN address, the
 * docs' sandbox address answered by this test's sandbox, and the merchant pages of
 * docs/examples/merchant/ at https://shop.example/ (any other path there: `fallback`).
 */
async function shopPage(fallback = 'product.html'): Promise<Page> {
  const page = await browser.newPage();
  await page.route(`${CDN}**`, (route) => {
    const file = join(REPO, 'dist', new URL(route.request().url()).pathname.replace('/vitrine/', ''));
    return existsSync(file)
      ? route.fulfill({ body: readFileSync(file), headers: { 'content-type': TYPES[extname(file)] ?? 'text/plain', 'access-control-allow-origin': '*' } })
      : route.fulfill({ status: 404 });
  });
  await page.route(`${DOCS_SANDBOX}/**`, async (route) => {
    // A page closed while its request was on the wire has nothing left to answer.
    try {
      const response = await route.fetch({ url: route.request().url().replace(DOCS_SANDBOX, sandbox.url) });
      await route.fulfill({ response });
    } catch {}
  });
  await page.route(`${SHOP}**`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    const file = join(REPO, 'docs/examples/merchant', existsSync(join(REPO, 'docs/examples/merchant', name)) && name ? name : fallback);
    return route.fulfill({ body: readFileSync(file), headers: { 'content-type': TYPES['.html'] } });
  });
  await page.addInitScript(() => {
    const w = window as unknown as { rendered: Record<string, { products: number; server?: boolean }> };
    w.rendered = {};
    document.addEventListener('vitrine:render', (event) => {
      const detail = (event as CustomEvent).detail;
      w.rendered[(event.target as Element).id] = { products: detail.products, server: detail.server };
    });
  });
  return page;
}

const rendered = (page: Page, ids: string[]) =>
  page.waitForFunction((want) => want.every((id) => ((window as any).rendered[id]?.products ?? 0) > 0), ids, { timeout: 20_000 });

describe('docs/merchants.md', () => {
  it('the script tag and the slots render widgets', async () => {
    const page = await shopPage();
    await page.goto(`${SHOP}product.html`);
    await rendered(page, ['pdp-also-viewed', 'pdp-trending']);
    expect(await page.locator('#pdp-also-viewed .vitrine a[href]').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('the search slot and box show results for ?q=', async () => {
    const page = await shopPage();
    await page.goto(`${SHOP}search.html?q=linen`);
    await page.waitForSelector('#search .vitrine-search__item', { timeout: 20_000 });
    expect(Number(await page.locator('.vitrine-search__count').getAttribute('data-vitrine-total'))).toBeGreaterThan(0);
    await page.close();
  });

  it('the Cookiebot glue stores the visitor id only after a yes', async () => {
    const page = await shopPage();
    // Cookiebot's documented surface: `Cookiebot.consent.preferences` (a boolean) and the
    // `CookiebotOnConsentReady` event on window (Cookiebot's SDK reference).
    await page.addInitScript(() => ((window as any).Cookiebot = { consent: { preferences: false } }));
    await page.goto(`${SHOP}consent-cookiebot.html`);
    await rendered(page, ['home-recent']);
    expect(await page.evaluate(() => document.cookie)).not.toContain('vitrine_uid');
    await page.evaluate(() => {
      (window as any).Cookiebot.consent.preferences = true;
      window.dispatchEvent(new Event('CookiebotOnConsentReady'));
    });
    await page.waitForFunction(() => document.cookie.includes('vitrine_uid='), undefined, { timeout: 10_000 });
    await page.close();
  });

  it('the OneTrust glue stores the visitor id only after a yes', async () => {
    const page = await shopPage();
    // OneTrust's documented surface: it calls `OptanonWrapper()` on load and on every
    // change, with the consented groups in `OnetrustActiveGroups` (",C0001,C0003,").
    await page.goto(`${SHOP}consent-onetrust.html`);
    await page.evaluate(() => {
      (window as any).OnetrustActiveGroups = ',C0001,';
      (window as any).OptanonWrapper();
    });
    await rendered(page, ['home-recent']);
    expect(await page.evaluate(() => document.cookie)).not.toContain('vitrine_uid');
    await page.evaluate(() => {
      (window as any).OnetrustActiveGroups = ',C0001,C0003,';
      (window as any).OptanonWrapper();
    });
    await page.waitForFunction(() => document.cookie.includes('vitrine_uid='), undefined, { timeout: 10_000 });
    await page.close();
  });

  it("the shop's own cart gets the product a shopper adds, through the theme's button of docs/merchants.md", async () => {
    const page = await shopPage();
    // The org's themes gain one for this slot whose card holds the button the docs show.
    const button = readFileSync(join(REPO, 'docs/examples/themes/cart-button.mustache'), 'utf8');
    await page.route(`${DOCS_SANDBOX}/v1/theme**`, async (route) => {
      try {
        const response = await route.fetch({ url: route.request().url().replace(DOCS_SANDBOX, sandbox.url) });
        const list = await response.json();
        const base = list.widgetThemes[0];
        list.widgetThemes.push({ ...base, id: 'docs-card', themeId: 'docs-card', divisionId: 'home-picks', displayType: 'matrix', jsTemplate: null, cssTemplate: null,
          htmlTemplate: `<a class="docs-card" href="{{product_currentPageUrl}}">{{product_name}}</a>${button}` });
        await route.fulfill({ response, json: list });
      } catch {}
    });
    await page.goto(`${SHOP}own-cart.html`);
    await rendered(page, ['home-picks']);
    expect(await page.locator('#home-picks .vitrine-theme--docs-card .docs-card').count()).toBeGreaterThan(0);
    const press = page.locator('#home-picks [data-vitrine-cart]').first();
    const sku = await press.getAttribute('data-vitrine-cart');
    await press.click();
    await page.waitForFunction(() => (window as any).myCart.lines.length > 0, undefined, { timeout: 10_000 });
    expect(await page.evaluate(() => (window as any).myCart.lines)).toEqual([{ sku, quantity: 1 }]);
    await page.close();
  });

  it('the attribution snippet reports the widget click that led to the product page', async () => {
    const page = await shopPage('attribution.html');
    await page.goto(`${SHOP}attribution.html`);
    await rendered(page, ['pdp-similar']);
    const link = page.locator('#pdp-similar .vitrine a[href^="/products/"]').first();
    const href = (await link.getAttribute('href'))!;
    await Promise.all([page.waitForURL(`**${href}`), link.click()]);
    await page.waitForFunction(() => typeof (window as any).Vitrine?.attribution == 'function', undefined, { timeout: 10_000 });
    const hits = await page.evaluate(() => {
      (window as any).myAnalytics.hits = [];
      document.querySelector('form[action="/cart/add"]')!.addEventListener('submit', (e) => e.preventDefault());
      document.querySelector<HTMLButtonElement>('form[action="/cart/add"] button')!.click();
      return (window as any).myAnalytics.hits;
    });
    expect(hits).toMatchObject([{ name: 'widget_add_to_cart', data: { slot: 'pdp-similar', position: 1 } }]);
    await page.close();
  });
});

describe('docs/storefront-developers.md and docs/client.md', () => {
  it('the TypeScript snippets type-check against the packed package', () => {
    for (const f of ['events.ts', 'mountWidget.ts', 'client.ts', 'cartUpdated.ts']) copyFileSync(join(REPO, 'docs/examples/storefront', f), join(app, f));
    const tsconfig = {
      compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], types: ['node'], noEmit: true, skipLibCheck: false },
      files: ['events.ts', 'mountWidget.ts', 'client.ts', 'cartUpdated.ts'],
    };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(tsconfig));
    execFileSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', app], { encoding: 'utf8' });
  });

  it('the client snippet asks the service in Node', async () => {
    await build({ entryPoints: [join(REPO, 'docs/examples/storefront/client.ts')], bundle: true, platform: 'node', format: 'esm', absWorkingDir: app, outfile: join(app, 'client.mjs'), nodePaths: [join(app, 'node_modules')], logLevel: 'silent' });
    // Asynchronously: the sandbox answers from this process.
    const { stdout } = await promisify(execFile)(process.execPath, [join(app, 'client.mjs')], { encoding: 'utf8', env: env() });
    expect(stdout).toMatch(/^trending: [1-9]\d* products$/m);
    expect(stdout).toMatch(/^linen: \d+ results, [1-9]\d* facets$/m);
  });
});

describe('docs/server-rendering.md', () => {
  let server: ChildProcess | undefined;
  afterAll(() => void server?.kill());

  it('the plain-Node server sends the widget in its HTML, serves vitrine.js, and the page resumes', async () => {
    copyFileSync(join(REPO, 'docs/examples/plain-node/server.mjs'), join(app, 'server.mjs'));
    const port = await freePort();
    let output = '';
    server = spawn(process.execPath, [join(app, 'server.mjs')], { cwd: app, env: { ...env(), PORT: String(port) } });
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    const url = `http://127.0.0.1:${port}/`;
    let html = '';
    for (let i = 0; i < 50 && !html; i++) html = await fetch(url).then((r) => r.text(), () => new Promise<string>((r) => setTimeout(() => r(''), 100)));
    expect(html, output).toContain('class="vitrine ');
    const script = await fetch(`${url}vitrine.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect((await script.text()).trimStart().startsWith('<')).toBe(false);

    const fromBrowser = () => sandbox.requests.filter((r) => r.path.startsWith('/v1/') && r.headers.origin).length;
    const before = fromBrowser();
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() == 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.addInitScript(() => {
      (window as any).rendered = {};
      document.addEventListener('vitrine:render', (e) => ((window as any).rendered[(e.target as Element).id] = (e as CustomEvent).detail.server));
    });
    await page.goto(url);
    await page.waitForFunction(() => (window as any).rendered['home-picks'] !== undefined, undefined, { timeout: 20_000 });
    expect(await page.evaluate(() => (window as any).rendered['home-picks'])).toBe(true);
    // No widget and no theme request from the browser: it took the server's widget over.
    expect(fromBrowser() - before).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the edge worker, bundled as wrangler does, renders the widget in workerd', async () => {
    copyFileSync(join(REPO, 'docs/examples/edge-worker/worker.mjs'), join(app, 'worker.mjs'));
    const bundled = await build({
      entryPoints: [join(app, 'worker.mjs')], bundle: true, write: false, format: 'esm', platform: 'neutral', absWorkingDir: app,
      conditions: ['workerd', 'worker', 'browser'], mainFields: ['module', 'main'], logLevel: 'silent',
    });
    const mf = new Miniflare({
      host: '127.0.0.1',
      compatibilityDate: '2025-04-01',
      modules: [{ type: 'ESModule', path: 'worker.mjs', contents: bundled.outputFiles[0].text }],
      bindings: { VITRINE_BASE_URL: sandbox.url, VITRINE_ORG_ID: sandbox.orgId, VITRINE_API_KEY: sandbox.apiKey },
    });
    try {
      const response = await mf.dispatchFetch('http://shop.example/');
      const html = await response.text();
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(html).toContain('id="home-picks"');
      expect(html).toContain('class="vitrine ');
    } finally {
      await mf.dispose();
    }
  });
});
