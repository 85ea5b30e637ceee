import { createShop, type Shop } from '../../demo/shop/createShop';
import { useSandboxSuite, type SandboxSuite } from './useSandboxSuite';

export type DemoShop = SandboxSuite<'shop', Shop>;

/**
 * What a test file of the demo shop needs: a sandbox of its own, the shop pointed at it
 * (serving the built `dist/`), and one Chromium, for the file's tests.
 */
export function useDemoShop(name: string): DemoShop {
  return useSandboxSuite(name, 'shop', (sandbox) => createShop({ port: 0, apiUrl: sandbox.url, orgId: sandbox.orgId, apiKey: sandbox.apiKey }));
}
