// The package as a storefront developer installs it: the tarball of `npm pack`, installed
// offline into apps of their own (outside the repository, so nothing of its node_modules
// helps), then imported by Node, type-checked by tsc under both module resolutions that
// apps use, and built by Vite.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { REPO, installApp, packTarball, type Packed } from './packTarball';
import { createSandbox } from '../../demo/sandbox/createSandbox';

let packed: Packed;
let app: string;

const node = (code: string, cwd: string) => execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd, encoding: 'utf8' });
/** tsc's complaints about a project of the app ('' when there are none). */
const tsc = (project: string, cwd: string) =>
  new Promise<string>((resolve) =>
    execFile(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd, encoding: 'utf8' }, (error, stdout) => resolve(error ? stdout || String(error) : '')),
  );
let checks: Record<'bundler' | 'node16', Promise<string>>;

// What a developer writes against the types; every `@ts-expect-error` must be an error,
// so these lines also prove the settings, events and globals are typed, not `any`.
const CHECK = `
import { start, mountWidget, WIDGET_TAG, type Settings, type VitrineApi, type RenderDetail, type WidgetEnvelope } from 'vitrine';
import { createClient } from 'vitrine/client';
import { renderSlots, type RenderSlotsOptions, type SlotResult } from 'vitrine/server';

const settings: Settings = { baseUrl: 'https://reco.example', orgId: 'org', apiKey: 'key', pageType: 'product_page' };
const api: VitrineApi = start(settings);
api.setContext({ pageType: 'home_page' });
window.Vitrine?.refresh();
const tag: 'vitrine-widget' = WIDGET_TAG;
const widget: HTMLElement | null = document.querySelector(tag);
widget?.addEventListener('vitrine:render', (event) => {
  const detail: RenderDetail = event.detail;
  const algorithm: string = detail.algorithm;
  console.log(algorithm, detail.products + 1);
});
document.addEventListener('vitrine:error', (event) => console.log(event.detail.kind, event.detail.status));
window.addEventListener('vitrine:click', (event) => console.log(event.detail.product.name, event.detail.position));
declare const envelope: WidgetEnvelope;
mountWidget(document.body, { envelope, layout: 'carousel' });
createClient({ baseUrl: 'https://reco.example', orgId: 'org', apiKey: 'key' });

const slotsOptions: RenderSlotsOptions = {
  baseUrl: 'https://reco.example', orgId: 'org', apiKey: 'key', consent: false,
  page: { pageType: 'product_page', domain: 'shop.example', pname: 'Wool Coat' },
  slots: [{ id: 'pdp-similar', algorithm: 'viewedalsoviewed categoryreco', layout: 'carousel', max: 8 }],
};
renderSlots(slotsOptions).then((results: SlotResult[]) => results.map((r) => (r.ok ? r.html : r.error?.kind)));
// @ts-expect-error consent is the visitor's answer, required
renderSlots({ baseUrl: 'https://reco.example', orgId: 'org', apiKey: 'key', page: { pageType: 'home_page', domain: 'shop.example' }, slots: [] });

// @ts-expect-error orgId is a string
start({ baseUrl: 'https://reco.example', orgId: 42, apiKey: 'key' });
// @ts-expect-error the API key is required
start({ baseUrl: 'https://reco.example', orgId: 'org' });
// @ts-expect-error not a page type
api.setContext({ pageType: 'landing' });
widget?.addEventListener('vitrine:render', (event) => {
  // @ts-expect-error the render detail has no such field
  console.log(event.detail.nothing);
});
`;

const tsconfig = (compilerOptions: Record<string, unknown>) =>
  JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, skipDefaultLibCheck: true, target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [], exactOptionalPropertyTypes: true, ...compilerOptions },
    files: ['check.ts'],
  });

beforeAll(() => {
  packed = packTarball();
  app = installApp(packed, {
    files: {
      'check.ts': CHECK,
      'tsconfig.bundler.json': tsconfig({ module: 'ESNext', moduleResolution: 'bundler' }),
      'tsconfig.node16.json': tsconfig({ module: 'node16', moduleResolution: 'node16' }),
      'index.html': '<!doctype html><div id="home-picks" data-vitrine></div><script type="module" src="/main.ts"></script>',
      'main.ts': "import { start } from 'vitrine';\nimport 'vitrine/vitrine.css';\nstart({ baseUrl: 'https://reco.example', orgId: 'org', apiKey: 'key' });\n",
      'client.ts': "import { createClient } from 'vitrine/client';\nexport const client = createClient({ baseUrl: 'https://reco.example', orgId: 'org', apiKey: 'key' });\n",
    },
  });
  // Both type checks run beside the other tests. Our declarations are checked in full
  // (no skipLibCheck); the DOM and ES lib files of TypeScript itself are not.
  checks = { bundler: tsc('tsconfig.bundler.json', app), node16: tsc('tsconfig.node16.json', app) };
}, 120_000);

describe('the published package', () => {
  it('holds the built files, the README and the configuration reference, nothing else', () => {
    const outside = packed.files.filter((f) => !f.startsWith('dist/') && !['README.md', 'package.json', 'docs/configuration.md'].includes(f));
    expect(outside).toEqual([]);
    for (const file of ['README.md', 'dist/vitrine.js', 'dist/vitrine.mjs', 'dist/client.mjs', 'dist/vitrine.css', 'dist/vitrine-bundle.js', 'dist/vitrine-search.js', 'dist/vitrine-debug.js', 'dist/types/index.d.ts', 'dist/types/client/index.d.ts', 'dist/server.mjs', 'dist/types/server/index.d.ts', 'dist/vitrine-cli.mjs', 'dist/schema/search.schema.json', 'dist/schema/widget.schema.json', 'docs/configuration.md']) {
      expect(packed.files).toContain(file);
    }
  });

  it('installs nothing besides itself', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/vitrine/package.json'), 'utf8'));
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual(['vitrine']);
  });

  it('imports in Node without a browser, and start() there does nothing', () => {
    const out = node(
      `import * as vitrine from 'vitrine';
       import { createClient } from 'vitrine/client';
       const api = vitrine.start({ baseUrl: 'https://reco.example', orgId: 'org', apiKey: 'key' });
       api.refresh(); api.setContext({ pageType: 'home_page' });
       console.log(JSON.stringify({
         exports: Object.keys(vitrine).sort(),
         client: typeof createClient,
         version: api.version,
         css: import.meta.resolve('vitrine/vitrine.css'),
         window: typeof window,
       }));`,
      app,
    );
    const seen = JSON.parse(out);
    expect(seen.exports).toEqual(expect.arrayContaining(['start', 'mountWidget', 'renderTemplate', 'sanitizeNodes', 'WIDGET_TAG']));
    expect(seen.client).toBe('function');
    expect(seen.version).toBe(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version);
    expect(existsSync(new URL(seen.css))).toBe(true);
    expect(seen.window).toBe('undefined');
  });

  it('renders slots in Node from vitrine/server against the sandbox, with no browser global', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-package-'));
    const sandbox = await createSandbox({ port: 0, dataDir });
    try {
      const code = `import { renderSlots } from 'vitrine/server';
        const results = await renderSlots({ baseUrl: ${JSON.stringify(sandbox.url)}, orgId: ${JSON.stringify(sandbox.orgId)}, apiKey: ${JSON.stringify(sandbox.apiKey)},
          consent: true, timeoutMs: 5000, page: { pageType: 'home_page', domain: 'shop.example', locale: 'en-IE', currency: 'EUR' },
          slots: [{ id: 'home-trending', algorithm: 'trending', layout: 'matrix', max: 4 }, { id: 'broken', algorithm: 'nonsense' }] });
        console.log(JSON.stringify({ results, window: typeof window, document: typeof document }));`;
      const out = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, ['--input-type=module', '-e', code], { cwd: app, encoding: 'utf8' }, (error, stdout, stderr) => (error ? reject(new Error(stderr || String(error))) : resolve(stdout))),
      );
      const seen = JSON.parse(out);
      // The budget bounds Vitrine's own work too, and a fresh process on a busy machine is
      // slow to start: what this checks is the package, so it gets a wide budget.
      expect(seen.results.map((r: { id: string; ok: boolean; error?: unknown }) => [r.id, r.ok || r.error])).toEqual([['home-trending', true], ['broken', expect.anything()]]);
      expect(seen.results[0].html).toMatch(/^<div class="vitrine vitrine--matrix /);
      expect(seen.results[0].html.match(/href="\/products\//g)?.length).toBeGreaterThan(0);
      expect(seen.results[1].error.kind).toBe('slot');
      expect([seen.window, seen.document]).toEqual(['undefined', 'undefined']);
    } finally {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('type-checks under tsc --strict with moduleResolution bundler', async () => {
    expect(await checks.bundler).toBe('');
  });

  it('type-checks under tsc --strict with moduleResolution node16', async () => {
    expect(await checks.node16).toBe('');
  });

  it('builds with Vite: the stylesheet and chunks travel with the app as files of their own, and start() alone leaves the rest out', async () => {
    const outDir = join(app, 'dist');
    // No inlining as data: URLs, so the emitted files can be seen by name.
    await build({ root: app, configFile: false, logLevel: 'silent', build: { outDir, assetsInlineLimit: 0 } });
    const assets = readdirSync(join(outDir, 'assets'));
    const entry = assets.find((f) => /^index-.*\.js$/.test(f))!;
    const code = readFileSync(join(outDir, 'assets', entry), 'utf8');
    for (const chunk of ['vitrine-bundle', 'vitrine-search', 'vitrine-debug']) {
      const file = assets.find((f) => f.startsWith(chunk + '-') && f.endsWith('.js'));
      expect(file, chunk).toBeDefined();
      // Loaded by a dynamic import, relative to the app's own chunk.
      expect(code).toContain('./' + file);
    }
    // The stylesheet the script links, and the one the app imported itself.
    expect(assets.filter((f) => f.endsWith('.css')).length).toBeGreaterThanOrEqual(1);
    // start() loads the bundle layout as a chunk: its add button is not in the app.
    expect(code).not.toContain('vitrine__add');
    // Nor is the stylesheet inlined for mountWidget.
    expect(code).not.toContain(':where(.vitrine__track)');
    rmSync(outDir, { recursive: true, force: true });
  }, 60_000);
});
