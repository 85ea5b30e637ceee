import { createFixtureServer, type FixtureServer } from '../fixtures/createFixtureServer';
import { useSandboxSuite, type SandboxSuite } from '../useSandboxSuite';

export type FixtureSuite = SandboxSuite<'fixtures', FixtureServer>;

/**
 * What every fixture-page test file needs: a sandbox with a data folder of its own, the
 * fixture server pointed at it (with the response headers `policies` gives per page),
 * and one Chromium, started before the file's tests and stopped after them.
 */
export function useFixtureSuite(name: string, policies?: (apiUrl: string) => Record<string, string>): FixtureSuite {
  return useSandboxSuite(name, 'fixtures', (sandbox) => createFixtureServer({ api: sandbox, ...(policies && { policies: policies(sandbox.url) }) }));
}
