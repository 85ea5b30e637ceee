// The build of dist/vitrine.js, the script tag merchants paste: build.mjs builds it,
// and bench/size.mjs --why builds it again to say which sources its bytes come from.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cutsPlugin } from './cuts/apply.mjs';
import * as mustacheCuts from './cuts/mustache.mjs';
import * as preactCuts from './cuts/preact.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;

// The text cuts into mustache.js and Preact's minified build, with the reason for each,
// live in build/cuts/ (one file per library, written for the exact versions package.json pins).
export const trimMustache = cutsPlugin(mustacheCuts);
export const trimPreact = cutsPlugin(preactCuts);

// What the cuts took out must not be asked for: a layout that declares defaultProps or
// reads a context, or a class lifecycle method, fails the build of the script tag or of a
// chunk that renders with its Preact, instead of being ignored on the page (imports of
// Component, createContext and options fail already: the trimmed Preact exports none).
const unsupported = [/defaultProps|contextType|getChildContext|getDerivedStateFrom|componentDid|componentWill|shouldComponentUpdate|getSnapshotBeforeUpdate|setState|forceUpdate|defaultValue|defaultChecked/g, /\bon[A-Z]\w*Capture\b|\bonFocus(In|Out)\b|\bpopover\b/g];
export const trimmedPreactUser = {
  name: 'trimmed-preact-user',
  setup(build) {
    build.onEnd(({ errors }) => {
      if (errors.length) return;
      const code = readFileSync(build.initialOptions.outfile, 'utf8');
      const used = [...new Set(unsupported.flatMap((names) => code.match(names) || []))];
      if (used.length) throw new Error(`trimPreact: ${build.initialOptions.outfile} uses ${used.join(', ')}, which the trimmed Preact no longer supports`);
    });
  },
};

// The script tag leaves the built-in themes' card to the theme chunk: where core/theme/
// builtinThemes.ts imports it, vitrine.js gets src/browser/theme/builtinCard.ts instead.
// And it leaves the runner of a theme's jsTemplate to the theme script chunk: wherever a
// module imports src/browser/theme/themeScript.ts, vitrine.js gets lazyThemeScript.ts.
const themeScript = join(root, 'src/browser/theme/themeScript');
const cardMaker = join(root, 'src/browser/render/cardMaker');
export const lazyBuiltinCard = {
  name: 'lazy-builtin-card',
  setup(build) {
    build.onResolve({ filter: /^\.\/builtinCard$/ }, ({ importer }) =>
      /[\\/]src[\\/]core[\\/]theme[\\/]builtinThemes\.ts$/.test(importer) ? { path: join(root, 'src/browser/theme/builtinCard.ts') } : undefined,
    );
    build.onResolve({ filter: /(^|\/)themeScript$/ }, ({ path, resolveDir }) =>
      (join(resolveDir, path) == themeScript ? { path: join(root, 'src/browser/theme/lazyThemeScript.ts') } : undefined),
    );
    // And the maker of cards of one structure to the cards chunk: wherever a module imports
    // src/browser/render/cardMaker.ts, vitrine.js gets lazyCardMaker.ts.
    build.onResolve({ filter: /(^|\/)cardMaker$/ }, ({ path, resolveDir }) =>
      (join(resolveDir, path) == cardMaker ? { path: join(root, 'src/browser/render/lazyCardMaker.ts') } : undefined),
    );
  },
};

/** What every shipped browser script is built with. */
export const browser = {
  bundle: true,
  minify: true,
  sourcemap: true,
  // Browsers of 2021 on (Chrome 90, Firefox 90, Safari 14) run ES2020.
  target: 'es2020',
  legalComments: 'none',
  define: { __VITRINE_VERSION__: JSON.stringify(version) },
  // Internals named `_x` are ours alone: shorten them (preact does the same).
  mangleProps: /^_[a-z]/,
  plugins: [trimMustache],
  logLevel: 'warning',
};

/** dist/vitrine.js: the core, with the theme card, the jsTemplate runner and the cards maker left to their chunks. */
export const embed = { entryPoints: ['src/browser/embed.ts'], outfile: 'dist/vitrine.js', format: 'iife', plugins: [trimMustache, trimPreact, trimmedPreactUser, lazyBuiltinCard] };
