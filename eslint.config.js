// The house rules of ARCHITECTURE.md, checked in `npm test` (`npm run lint`): which folder
// may import which, no DOM globals in src/core/, no import circle in src/.
//
// ESLint rather than oxlint: the boundaries are between folders, and eslint-plugin-import-x's
// `no-restricted-paths` judges an import by the file it resolves to (`../../browser/x`,
// `./../browser` and an index file alike), with a message per boundary saying what to do;
// oxlint has `no-cycle` but no such rule, and ESLint's Node API lints code in memory at any
// path, which is how the rules' own test proves each one fires. Only these rules run (no
// style set): the linter checks structure, tsc checks types.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import tsParser from '@typescript-eslint/parser';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const root = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

// What src/core/ may use of the globals a browser has: the web platform that Node 20, the
// edge runtimes and workers share with the page (WinterTC's Minimum Common API), none of
// which is the page. Every other global that TypeScript's DOM library declares as a value
// (window, document, navigator, location, localStorage, HTMLElement, MutationObserver, …)
// is refused in core/, along with self and globalThis, which reach them by another name.
const shared = new Set([
  'AbortController', 'AbortSignal', 'Blob', 'ByteLengthQueuingStrategy', 'CompressionStream',
  'CountQueuingStrategy', 'Crypto', 'CryptoKey', 'DecompressionStream', 'DOMException', 'Event',
  'EventTarget', 'File', 'FormData', 'Headers', 'ReadableByteStreamController', 'ReadableStream',
  'ReadableStreamBYOBReader', 'ReadableStreamBYOBRequest', 'ReadableStreamDefaultController',
  'ReadableStreamDefaultReader', 'Request', 'Response', 'SubtleCrypto', 'TextDecoder',
  'TextDecoderStream', 'TextEncoder', 'TextEncoderStream', 'TransformStream',
  'TransformStreamDefaultController', 'URL', 'URLSearchParams', 'WebAssembly', 'WritableStream',
  'WritableStreamDefaultController', 'WritableStreamDefaultWriter', 'atob', 'btoa', 'console',
  'crypto', 'fetch', 'performance', 'queueMicrotask', 'reportError', 'setTimeout', 'clearTimeout',
  'setInterval', 'clearInterval', 'structuredClone',
]);
const domLib = readFileSync(require.resolve('typescript/lib/lib.dom.d.ts'), 'utf8');
const pageGlobals = [...new Set([...domLib.matchAll(/^declare (?:var|function) (\w+)/gm)].map((m) => m[1]).concat('self', 'globalThis'))]
  .filter((name) => !shared.has(name));

const noPageInCore = 'src/core/ decides without a page (it also runs on the server): take what you need from the page as an argument, read by a module in src/browser/ (ARCHITECTURE.md).';

// import-x's circle check, its messages ending with what to do about a circle.
const circleAdvice = 'src/ has no import circle (ARCHITECTURE.md): move what the files of the circle share into a module of its own that imports none of them, or pass it in as an argument.';
const noCycle = importX.rules['no-cycle'];
const house = {
  rules: {
    'no-cycle': {
      ...noCycle,
      meta: {
        ...noCycle.meta,
        messages: Object.fromEntries(Object.entries(noCycle.meta.messages).map(([id, text]) => [id, `${text}. ${circleAdvice}`])),
      },
    },
  },
};

/** A boundary: files in `target` import nothing that resolves into `from` (paths from the repository's root). */
const zone = (target, from, message) => ({ target, from, message });

export default [
  { ignores: ['**/dist/**', 'node_modules/**'] },
  {
    files: ['src/**/*.{ts,tsx}', 'cli/**/*.ts'],
    languageOptions: {
      parser: tsParser,
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, house },
    settings: {
      // import-x reads the imports of a TypeScript file only when told it is one: without
      // these it follows no .ts import at all, and finds no circle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', {
        basePath: root,
        zones: [
          { ...zone('./src/types', './src', 'src/types/ holds shapes only and imports nothing outside itself: move the shape into src/types/, or the code out of it.'), except: ['./types'] },
          zone('./src/core', './src/browser', 'src/core/ imports nothing from src/browser/: move what both need into src/core/, or pass it in from the browser side.'),
          zone('./src/core', './src/server', 'src/core/ imports nothing from src/server/: move what both need into src/core/, or pass it in from the server side.'),
          zone(['./src/layouts', './src/server', './src/client', './src/lint'], './src/browser', 'src/layouts/, src/server/, src/client/ and src/lint/ run without a page: import nothing from src/browser/; move what is shared into src/core/.'),
          zone(['./src', './cli'], './demo', 'demo/ never ships: src/ and cli/ import nothing from it; move what they need into src/ or cli/ (the demo may import it from there).'),
        ],
      }],
    },
  },
  {
    files: ['src/types/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(?!\\.{1,2}/)', message: 'src/types/ holds shapes only and imports no package: write the shape out in src/types/.' }],
      }],
    },
  },
  {
    files: ['src/core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', ...pageGlobals.map((name) => ({ name, message: noPageInCore }))],
      // The two ways round the rules above: a global declared in the file (`declare const
      // window`), which the rule then takes for a name of the file's own, and an import whose
      // module is computed, which no rule can resolve.
      'no-restricted-syntax': ['error',
        { selector: 'VariableDeclaration[declare=true], TSModuleDeclaration[kind="global"]', message: 'src/core/ declares no global: take what you need from the page as an argument (ARCHITECTURE.md).' },
        { selector: 'ImportExpression[source.type!="Literal"]', message: 'src/core/ names the modules it imports: write the path out, so the import rules can check it.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // Type-only imports are erased and do not count; a circle of values does, dynamic
      // imports (the chunks) included.
      'house/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
