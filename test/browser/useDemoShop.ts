import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { createShop, type Shop } from '../../demo/shop/createShop';

export interface DemoShop {
  sandbox: Sandbox;
  shop: Shop;
  browser: Browser;
}

/**
 * What a test file of the demo shop needs: a sandbox with a data folder of its own, the
 * shop pointed at it (serving the built `dist/`), and one Chromium, started before the
 * file's tests and stopped after them. The fields are filled once `beforeAll` has run.
 */
export function useDemoShop(name: string): DemoShop {
  const demo = {} as DemoShop;
  const dataDir = mkdtempSync(join(tmpdir(), `vitrine-${name}-`));
  beforeAll(async () => {
    demo.sandbox = await createSandbox({ port: 0, dataDir });
    demo.shop = await createShop({ port: 0, apiUrl: demo.sandbox.url, orgId: demo.sandbox.orgId, apiKey: demo.sandbox.apiKey });
    demo.browser = await launchChromium();
  });
  afterAll(async () => {
    await demo.browser?.close();
    await demo.shop?.close();
    await demo.sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return demo;
}
