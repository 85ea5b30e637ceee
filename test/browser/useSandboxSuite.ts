import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';

export type SandboxSuite<K extends string, S> = { sandbox: Sandbox; browser: Browser } & Record<K, S>;

/**
 * What a browser test file needs: a sandbox with a data folder of its own, the server
 * `serve` puts in front of it (stored under `key`), and one Chromium, started before the
 * file's tests and stopped after them. The fields are filled once `beforeAll` has run.
 */
export function useSandboxSuite<K extends string, S extends { close(): Promise<void> }>(
  name: string,
  key: K,
  serve: (sandbox: Sandbox) => Promise<S>,
): SandboxSuite<K, S> {
  const suite = {} as SandboxSuite<K, S>;
  const dataDir = mkdtempSync(join(tmpdir(), `vitrine-${name}-`));
  let server: S | undefined;
  beforeAll(async () => {
    suite.sandbox = await createSandbox({ port: 0, dataDir });
    server = (suite as Record<K, S>)[key] = await serve(suite.sandbox);
    suite.browser = await launchChromium();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await server?.close();
    await suite.sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return suite;
}
