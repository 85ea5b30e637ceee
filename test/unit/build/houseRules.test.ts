// @vitest-environment node
// The house rules `npm run lint` checks (eslint.config.js): each fires on code that breaks
// it, at the path it would have in the repository, naming the rule's folder and what to do;
// and code within the rules passes.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: the config is a plain JavaScript module without declarations
import config from '../../../eslint.config.js';

const eslint = new ESLint({ cwd: process.cwd() });

/** The messages ESLint gives `code` placed at `filePath` (from the repository's root). */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('src/core/', () => {
  it('imports nothing from src/browser/ or src/server/, by whatever path', async () => {
    expect(await lint('src/core/fixture.ts', "import { boot } from '../browser/boot';\nboot;")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*src\/core\/ imports nothing from src\/browser\/: move what both need into src\/core\//),
    ]);
    expect(await lint('src/core/api/fixture.ts', "export * from '../../core/../browser/embed';")).toEqual([
      expect.stringContaining('src/core/ imports nothing from src/browser/'),
    ]);
    expect(await lint('src/core/fixture.ts', "import { renderSlots } from '../server';\nrenderSlots;")).toEqual([
      expect.stringContaining('src/core/ imports nothing from src/server/'),
    ]);
    // A dynamic import is an import too.
    expect(await lint('src/core/fixture.ts', "export const later = () => import('../browser/embed');")).toEqual([
      expect.stringContaining('src/core/ imports nothing from src/browser/'),
    ]);
  });

  it('reads no page global, by its own name or through self and globalThis', async () => {
    const code = [
      'export const title = document.title;',
      'export const width = window.innerWidth;',
      'export const agent = navigator.userAgent;',
      'export const path = location.pathname;',
      "export const seen = localStorage.getItem('seen');",
      'export const watch = new MutationObserver(() => {});',
      'export const isElement = (x: unknown) => x instanceof HTMLElement;',
      'export const viaSelf = self.document;',
      'export const viaGlobal = globalThis.document;',
      "export const known = typeof window != 'undefined';",
    ].join('\n');
    const messages = await lint('src/core/theme/fixture.ts', code);
    expect(messages).toHaveLength(10);
    for (const name of ['document', 'window', 'navigator', 'location', 'localStorage', 'MutationObserver', 'HTMLElement', 'self', 'globalThis']) {
      expect(messages).toContainEqual(
        `no-restricted-globals: Unexpected use of '${name}'. src/core/ decides without a page (it also runs on the server): take what you need from the page as an argument, read by a module in src/browser/ (ARCHITECTURE.md).`,
      );
    }
  });

  it('declares no global and computes no import, the ways round the rules above', async () => {
    expect(await lint('src/core/fixture.ts', 'declare const window: { x: number };\nexport const x = window.x;')).toEqual([
      expect.stringMatching(/^no-restricted-syntax: src\/core\/ declares no global/),
    ]);
    expect(await lint('src/core/fixture.ts', 'declare global { var shop: string }\nexport {};')).toEqual([
      expect.stringMatching(/^no-restricted-syntax: src\/core\/ declares no global/),
    ]);
    expect(await lint('src/core/fixture.ts', "const name = 'embed';\nexport const later = () => import('../browser/' + name);")).toEqual([
      expect.stringMatching(/^no-restricted-syntax: src\/core\/ names the modules it imports/),
    ]);
  });

  it('may use what the server and workers share with the page, and names of its own', async () => {
    const code = [
      'export async function get(url: string, document: { title: string }) {',
      '  const controller = new AbortController();',
      '  setTimeout(() => controller.abort(), 10);',
      '  const response = await fetch(new URL(url), { signal: controller.signal });',
      '  console.log(new TextEncoder().encode(document.title), crypto.getRandomValues(new Uint8Array(4)));',
      '  return response.json();',
      '}',
    ].join('\n');
    expect(await lint('src/core/api/fixture.ts', code)).toEqual([]);
  });
});

describe('src/types/', () => {
  it('imports nothing outside itself, neither from src/ nor a package', async () => {
    expect(await lint('src/types/fixture.ts', "import type { ApiError } from '../core/api/apiError';\nexport type E = ApiError;")).toEqual([
      expect.stringContaining('src/types/ holds shapes only and imports nothing outside itself'),
    ]);
    expect(await lint('src/types/fixture.ts', "import type { VNode } from 'preact';\nexport type V = VNode;")).toEqual([
      expect.stringContaining('src/types/ holds shapes only and imports no package'),
    ]);
    expect(await lint('src/types/fixture.ts', "import type { Layout } from './config';\nexport type L = Layout;")).toEqual([]);
  });
});

describe('what runs without a page, and what never ships', () => {
  it('src/layouts/, src/server/, src/client/ and src/lint/ import nothing from src/browser/', async () => {
    for (const file of ['src/layouts/fixture.tsx', 'src/server/fixture.ts', 'src/client/fixture.ts', 'src/lint/fixture.ts']) {
      expect(await lint(file, "export { boot } from '../browser/boot';"), file).toEqual([
        expect.stringContaining('run without a page: import nothing from src/browser/'),
      ]);
    }
  });

  it('src/ and cli/ import nothing from demo/', async () => {
    for (const [file, from] of [['cli/fixture.ts', '../demo/start'], ['src/browser/fixture.ts', '../../demo/start']]) {
      expect(await lint(file, `import '${from}';`), file).toEqual([
        expect.stringContaining('demo/ never ships: src/ and cli/ import nothing from it; move what they need into src/ or cli/'),
      ]);
    }
  });
});

describe('import circles in src/', () => {
  /** A folder laid out like the repository, holding `files`, linted with the house config. */
  async function lintTree(files: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-rules-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const results = await new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config }).lintFiles(['src']);
    return Object.fromEntries(results.map((r) => [r.filePath.slice(dir.length + 1), r.messages.map((m) => `${m.ruleId}: ${m.message}`)]));
  }

  it('fail on each file of a circle, naming the way round and what to do', async () => {
    const found = await lintTree({
      'src/browser/slots/watch.ts': "import { paint } from '../render/paint';\nexport const watch = () => paint();",
      'src/browser/render/paint.ts': "import { chooseTheme } from '../../core/theme/chooseTheme';\nexport const paint = () => chooseTheme();",
      'src/core/theme/chooseTheme.ts': "import { later } from '../later';\nexport const chooseTheme = () => later();",
      'src/core/later.ts': "export const later = () => import('../browser/slots/watch');",
    });
    for (const file of ['src/browser/slots/watch.ts', 'src/browser/render/paint.ts', 'src/core/theme/chooseTheme.ts']) {
      expect(found[file], file).toContainEqual(expect.stringMatching(/^house\/no-cycle: Dependency cycle (detected|via ".*")\. src\/ has no import circle \(ARCHITECTURE\.md\): move what the files of the circle share/));
    }
  });

  it('pass a chain that does not come back, and type-only imports, which the build erases', async () => {
    const found = await lintTree({
      'src/browser/a.ts': "import { b } from './b';\nexport const a = () => b;",
      'src/browser/b.ts': "import type { A } from './c';\nexport const b: A = 1;",
      'src/browser/c.ts': "import type { a } from './a';\nexport type A = ReturnType<typeof a> extends never ? never : number;",
    });
    expect(found).toEqual({ 'src/browser/a.ts': [], 'src/browser/b.ts': [], 'src/browser/c.ts': [] });
  });
});
