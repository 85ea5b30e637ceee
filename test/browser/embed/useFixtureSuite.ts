import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createSandbox, type Sandbox } from '../../../demo/sandbox/createSandbox';
import { launchChromium } from '../chromium';
import { createFixtureServer, type FixtureServer } from '../fixtures/createFixtureServer';

export interface FixtureSuite {
  sandbox: Sandbox;
  fixtures: FixtureServer;
  browser: Browser;
}

/**
 * What every fixture-page test file needs: a sandbox with a data folder of its own, the
 * fixture server pointed at it (with the response headers `policies` gives per page),
 * and one Chromium, started before the file's tests and stopped after them.
 */
export function useFixtureSuite(name: string, policies?: (apiUrl: string) => Record<string, string>): FixtureSuite {
  const suite = {} as FixtureSuite;
  const dataDir = mkdtempSync(join(tmpdir(), `vitrine-${name}-`));
  beforeAll(async () => {
    suite.sandbox = await createSandbox({ port: 0, dataDir });
    suite.fixtures = await createFixtureServer({ api: suite.sandbox, ...(policies && { policies: policies(suite.sandbox.url) }) });
    suite.browser = await launchChromium();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.fixtures?.close();
    await suite.sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return suite;
}
