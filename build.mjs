// Builds every artifact with esbuild and prints the size of what ships.
//   node build.mjs            build once
//   node build.mjs --watch    rebuild on change (no type declarations)
import { build, context, transform } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { minify } from 'terser';
import { browser, embed, trimMustache, trimmedPreactUser } from './build/embed.mjs';

const watch = process.argv.includes('--watch');
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;

// esbuild's `__export` helper walks the exports object with `for…in`: in a process where
// something put an enumerable key on Object.prototype, the module would define that key
// too, with the polluted value as its getter, and fail to load ("Getter must be a
// function"). The ESM builds walk own keys instead. The helper's exact text is matched
// once, so a new esbuild that writes it differently fails the build here.
const ESM_EXPORT = 'var __export = (target, all) => {\n  for (var name in all)\n';
const ownExports = {
  name: 'own-exports',
  setup(build) {
    build.onEnd(({ errors }) => {
      const file = build.initialOptions.outfile;
      if (errors.length || !existsSync(file)) return;
      const code = readFileSync(file, 'utf8');
      const found = code.split(ESM_EXPORT).length - 1;
      if (!found && !/\b__export\b/.test(code)) return;
      if (found != 1) throw new Error(`own-exports: ${file} has esbuild's __export helper ${found ? found + ' times' : 'in a form this build does not know'}: make it walk Object.keys(all)`);
      writeFileSync(file, code.replace(ESM_EXPORT, 'var __export = (target, all) => {\n  for (var name of Object.keys(all))\n'));
    });
  },
};

// The ESM build finds its stylesheet and chunks beside its own module (import.meta.url),
// not beside the page: wherever a module imports src/browser/chunks/assets.ts (boot, the
// chunk loader, the stylesheet), it gets src/browser/chunks/assets.module.ts, whose dynamic
// imports of the chunk files stay imports.
const assets = join(process.cwd(), 'src/browser/chunks/assets');
const moduleAssets = {
  name: 'module-assets',
  setup(build) {
    build.onResolve({ filter: /(^|\/)assets$/ }, ({ path, resolveDir }) =>
      (join(resolveDir, path) == assets ? { path: assets + '.module.ts' } : undefined),
    );
    build.onResolve({ filter: /^\.\/vitrine-[a-z]+\.js$/ }, ({ path }) => ({ path, external: true }));
  },
};

/** Everything that ships to merchants and storefront developers. */
const shipped = [
  embed,
  // Not minified: the app's bundler shakes out what it does not import (which a minified
  // file hides from it) and minifies the rest with the app.
  { entryPoints: ['src/index.ts'], outfile: 'dist/vitrine.mjs', format: 'esm', plugins: [trimMustache, moduleAssets, ownExports], minify: false },
  { entryPoints: ['src/browser/debug/entry.ts'], outfile: 'dist/vitrine-debug.js', format: 'iife' },
  // The bundle layout renders with the core's Preact (`src/browser/layouts/preact.ts`), not a copy.
  { entryPoints: ['src/browser/bundle/entry.ts'], outfile: 'dist/vitrine-bundle.js', format: 'iife', alias: { preact: './src/browser/layouts/preact.ts' }, plugins: [trimMustache, trimmedPreactUser] },
  // The carousel layout, fetched beside the widget data of a slot that may show one.
  { entryPoints: ['src/browser/carousel/entry.ts'], outfile: 'dist/vitrine-carousel.js', format: 'iife', alias: { preact: './src/browser/layouts/preact.ts' }, plugins: [trimMustache, trimmedPreactUser] },
  // The built-in themes' card, for a slot whose org has no theme for its layout (or a broken one).
  { entryPoints: ['src/browser/theme/entry.ts'], outfile: 'dist/vitrine-theme.js', format: 'iife' },
  // The runner of an org theme's jsTemplate, for a slot whose chosen theme has one.
  { entryPoints: ['src/browser/script/entry.ts'], outfile: 'dist/vitrine-script.js', format: 'iife' },
  // The maker of cards of one structure, for a matrix slot: Mustache and the sanitiser are the core's.
  { entryPoints: ['src/browser/cards/entry.ts'], outfile: 'dist/vitrine-cards.js', format: 'iife' },
  // French, German and Spanish interface strings, for pages in those languages.
  { entryPoints: ['src/browser/strings/entry.ts'], outfile: 'dist/vitrine-strings.js', format: 'iife' },
  // Microdata, RDFa and the platforms' page data, for pages JSON-LD does not describe.
  { entryPoints: ['src/browser/page/entry.ts'], outfile: 'dist/vitrine-page.js', format: 'iife' },
  // -- more shipped entries (search chunk, client) are listed below this line --
  { entryPoints: ['src/browser/search/entry.ts'], outfile: 'dist/vitrine-search.js', format: 'iife' },
  // Shopify's Customer Privacy API and IAB TCF: loaded only in those consent modes.
  { entryPoints: ['src/browser/consent/entry.ts'], outfile: 'dist/vitrine-consent.js', format: 'iife' },
  { entryPoints: ['src/browser/analytics/entry.ts'], outfile: 'dist/vitrine-analytics.js', format: 'iife' },
  // Add to cart: the buttons' events and the Shopify, WooCommerce and BigCommerce cart adapters.
  { entryPoints: ['src/browser/cart/entry.ts'], outfile: 'dist/vitrine-cart.js', format: 'iife' },
  // Taking over widgets the server rendered: loaded by pages that have one.
  // It carries the carousel and bundle layouts, with the core's Preact as in their own chunks.
  { entryPoints: ['src/browser/resume/entry.ts'], outfile: 'dist/vitrine-resume.js', format: 'iife', alias: { preact: './src/browser/layouts/preact.ts' }, plugins: [trimMustache, trimmedPreactUser] },
  { entryPoints: ['src/client/index.ts'], outfile: 'dist/client.mjs', format: 'esm', plugins: [trimMustache, ownExports] },
  // `vitrine/server`: for Node 20 and edge runtimes alike (platform neutral, web APIs
  // only), with Preact, its string renderer, parse5 and the same trimmed Mustache inside,
  // so it installs nothing. Not minified: it runs on the merchant's server, where a
  // readable stack trace is worth more than bytes.
  { entryPoints: ['src/server/index.ts'], outfile: 'dist/server.mjs', format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], minify: false, mangleProps: undefined, plugins: [trimMustache, ownExports] },
].filter((e) => existsSync(e.entryPoints[0]));

/** The sandbox service, demo storefront and theme studio (never shipped). */
const demo = [
  // -- demo entries are listed below this line --
  { entryPoints: ['demo/start.ts'], outfile: 'demo/dist/start.mjs', platform: 'node', format: 'esm', packages: 'external' },
  { entryPoints: ['demo/studio/app.ts'], outfile: 'demo/dist/studio/app.js', format: 'esm', platform: 'browser', minify: true },
  { entryPoints: ['demo/studio/preview.ts'], outfile: 'demo/dist/studio/preview.js', format: 'esm', platform: 'browser', minify: true },
  { entryPoints: ['demo/studio/shopPreview.ts'], outfile: 'demo/dist/studio/shop-preview.js', format: 'iife', platform: 'browser', minify: true },
  // `npx vitrine` (package.json `bin`): theme lint and configuration as code, for CI.
  // It ships in the package but never to a browser, so it is built like the tools here.
  // commander is CommonJS and requires Node's built-ins; an ES module has no `require`, so the
  // banner makes one (esbuild's own advice for CommonJS bundled into ESM for Node).
  // jsonc-parser's `main` is a UMD file whose requires esbuild cannot follow; its `module` is ESM.
  { entryPoints: ['cli/vitrine.ts'], outfile: 'dist/vitrine-cli.mjs', platform: 'node', format: 'esm', mainFields: ['module', 'main'],
    define: { __VITRINE_VERSION__: JSON.stringify(version) },
    banner: { js: "#!/usr/bin/env node\nimport { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);" }, plugins: [ownExports] },
].filter((e) => existsSync(e.entryPoints[0]));

const demoDefaults = { bundle: true, sourcemap: true, logLevel: 'warning', target: 'es2022' };

function sizes(file) {
  const buf = readFileSync(file);
  const gz = gzipSync(buf, { level: 9 }).length;
  const br = brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw: buf.length, gz, br };
}

/** dist/vitrine.css: the built-in stylesheet the script tag build links (the ESM build inlines it). */
async function writeCss() {
  const out = await build({ entryPoints: ['src/layouts/baseCss.ts'], bundle: true, format: 'esm', write: false, logLevel: 'warning' });
  const { baseCss } = await import('data:text/javascript,' + encodeURIComponent(out.outputFiles[0].text));
  writeFileSync('dist/vitrine.css', (await transform(baseCss, { loader: 'css', minify: true })).code);
}

/**
 * dist/schema/*.schema.json: the configuration files' JSON Schemas, derived from the
 * definitions `vitrine config check` runs (cli/config/schema/), so the two never differ.
 */
async function writeSchemas() {
  const out = await build({ entryPoints: ['cli/config/schema/toJsonSchema.ts'], bundle: true, format: 'esm', platform: 'node', mainFields: ['module', 'main'], write: false, logLevel: 'warning' });
  const { jsonSchemas } = await import('data:text/javascript,' + encodeURIComponent(out.outputFiles[0].text));
  mkdirSync('dist/schema', { recursive: true });
  for (const [name, schema] of Object.entries(jsonSchemas())) writeFileSync(join('dist/schema', name), `${JSON.stringify(schema, null, 2)}\n`);
}

/**
 * A second minifying pass over what ships. esbuild bundles and minifies in one fast
 * pass; terser's compressor then folds what esbuild leaves (about 4% of the gzip size
 * of vitrine.js). The source map is carried through.
 */
async function squeeze(file, module) {
  const map = file + '.map';
  const out = await minify(readFileSync(file, 'utf8'), {
    module,
    ecma: 2020,
    compress: { passes: 2, unsafe_methods: true },
    // A script tag's code runs as the page loads: Chromium (136 on) then compiles every
    // function of it on the streaming thread, where it would otherwise compile each on
    // the main thread when first called (V8's explicit compile hints). About a quarter
    // of Vitrine's main-thread time on a server-rendered product page.
    format: module ? {} : { preamble: '//# allFunctionsCalledOnLoad' },
    sourceMap: { content: readFileSync(map, 'utf8'), url: map.slice(map.lastIndexOf('/') + 1) },
  });
  writeFileSync(file, out.code);
  writeFileSync(map, out.map);
}

/**
 * Relative imports in the declarations get their `.js`: under `moduleResolution` `node16`
 * and `nodenext` an ESM package's `./boot` does not resolve, `./boot.js` does (tsc keeps
 * specifiers as written, and the sources import without extensions for the bundler).
 */
function addExtensions(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.name.endsWith('.d.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8').replace(/((?:from|import\()\s*')(\.{1,2}\/[^']*?)(')/g, (all, head, path, tail) => {
      if (/\.js$/.test(path)) return all;
      const folder = existsSync(join(entry.parentPath, path)) && !existsSync(join(entry.parentPath, path + '.d.ts'));
      return head + path + (folder ? '/index.js' : '.js') + tail;
    });
    writeFileSync(file, text);
  }
}

function report() {
  for (const e of [...shipped, { outfile: 'dist/vitrine.css' }]) {
    const s = sizes(e.outfile);
    console.log(`${e.outfile.padEnd(28)} ${String(s.raw).padStart(7)} B  ${String(s.gz).padStart(6)} B gzip  ${String(s.br).padStart(6)} B brotli`);
  }
}

if (!watch) rmSync('dist', { recursive: true, force: true });
const configs = [
  ...shipped.map((e) => ({ ...browser, ...e })),
  ...demo.map((e) => ({ ...demoDefaults, ...e })),
];

if (watch) {
  // Builds that run apart cannot share shortened names: watch keeps them long.
  for (const c of configs) await (await context({ ...c, mangleProps: undefined })).watch();
  console.log('watching…');
} else {
  // The core goes first: its shortened `_x` names are handed to the chunks, which read
  // the same objects (a product view's `_amount`, say). A name that only chunks share
  // (the bundle's anchor view, which the bundle chunk sets and the cart chunk reads)
  // would be shortened apart in each: it keeps its name.
  const [core, ...rest] = configs;
  const { mangleCache } = await build({ ...core, mangleCache: { _anchor: false } });
  await Promise.all(rest.map((c) => build(c.mangleProps ? { ...c, mangleCache } : c)));
  await Promise.all(shipped.filter((e) => e.minify !== false).map((e) => squeeze(e.outfile, e.format == 'esm')));
  await writeCss();
  if (existsSync('cli/config/schema/toJsonSchema.ts')) await writeSchemas();
  // Type declarations for storefront developers who import the ESM build.
  execFileSync(
    process.execPath,
    [
      'node_modules/typescript/bin/tsc',
      ...['src/index.ts', ...['src/client/index.ts', 'src/server/index.ts'].filter((f) => existsSync(f))],
      '--declaration', '--emitDeclarationOnly', '--outDir', 'dist/types', '--rootDir', 'src',
      '--strict', '--skipLibCheck', '--target', 'ES2020', '--module', 'ESNext',
      '--moduleResolution', 'Bundler', '--jsx', 'react', '--jsxFactory', 'h',
      '--jsxFragmentFactory', 'Fragment', '--lib', 'ES2022,DOM,DOM.Iterable', '--types', 'node',
    ],
    { stdio: 'inherit' },
  );
  addExtensions('dist/types');
  report();
}
