import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Browser files whose verdict depends on the page getting the machine's time: long tasks
 * and task lengths, CPU throttling, impressions looked at once a second, heap snapshots,
 * progressive drawing, the order of the page's tasks, and pages held to a deadline.
 */
const TIMING = [
  'test/browser/benchLighthouseRetry.test.ts',
  'test/browser/benchLongTasks.test.ts',
  'test/browser/embed/a11y.test.ts',
  'test/browser/embed/bigMatrix.test.ts',
  'test/browser/embed/drawTasks.test.ts',
  'test/browser/embed/markup.test.ts',
  'test/browser/endOfPageAttack.test.ts',
  'test/browser/firstImage.test.ts',
  'test/browser/forcedLayout.test.ts',
  'test/browser/impressionAttack.test.ts',
  'test/browser/impressionEdgeAttack.test.ts',
  'test/browser/impressionVisibilityAttack.test.ts',
  'test/browser/pageArriving.test.ts',
  'test/browser/pageArrivingAttack.test.ts',
  'test/browser/plugAttack.test.ts',
  'test/browser/serverRender.test.ts',
  'test/browser/spaMemory.test.ts',
  'test/browser/startTasks.test.ts',
  'test/browser/taskOrderAttack.test.ts',
  'test/browser/tasksAttack.test.ts',
];

export default defineConfig({
  root,
  // Classic JSX with Preact's `h`, as build.mjs compiles it; no development props
  // (`__source`, `__self`), which would land in the DOM as attributes.
  oxc: { jsx: { runtime: 'classic', pragma: 'h', pragmaFrag: 'Fragment', development: false } },
  define: { __VITRINE_VERSION__: JSON.stringify('test') },
  test: {
    // Two files at a time: vitest's default is one worker fewer than the machine's cores,
    // one on a two-core machine, and most browser files wait on a page far more than they
    // work. Projects that set `fileParallelism: false` (`docs`, `timing`) still run one file
    // at a time, after the rest.
    maxWorkers: 2,
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
          // Real Chromium on the built dist/ files that wait on the page far more than they
          // work: two at a time, alongside the unit, package and cli files.
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          exclude: TIMING,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Chromium files that measure time, tasks, frames or the heap, or hold a page to
          // a deadline: one at a time, after everything else, on a machine left to them.
          name: 'timing',
          include: TIMING,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
