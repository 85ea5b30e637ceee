import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  // Classic JSX with Preact's `h`, as build.mjs compiles it; no development props
  // (`__source`, `__self`), which would land in the DOM as attributes.
  oxc: { jsx: { runtime: 'classic', pragma: 'h', pragmaFrag: 'Fragment', development: false } },
  define: { __VITRINE_VERSION__: JSON.stringify('test') },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}', 'test/demo/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // A few tests start the sandbox or the lint command as a process of its own: on a
          // busy two-core machine that alone can pass vitest's 5 s default.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // The packed tarball installed into apps of its own (npm, tsc, Vite).
          name: 'package',
          include: ['test/package/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The `vitrine` bin of the packed tarball, run as a process against the sandbox.
          name: 'cli',
          include: ['test/cli/**/*.test.ts'],
          globalSetup: ['test/cli/installBin.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The docs' code blocks and links, and the snippets they show run as written:
          // against the packed tarball, the sandbox, workerd and Chromium.
          name: 'docs',
          include: ['test/docs/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
