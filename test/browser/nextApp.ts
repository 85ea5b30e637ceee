// What the suites that start servers of their own share: the environment of the Next.js
// example's processes, and a free port on 127.0.0.1 to serve on.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from '../package/packTarball';

/** The environment of the Next processes: the sandbox, no telemetry, no way off this machine. */
export function nextEnv(sandbox: { url: string; orgId: string; apiKey: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    VITRINE_BASE_URL: sandbox.url,
    VITRINE_ORG_ID: sandbox.orgId,
    VITRINE_API_KEY: sandbox.apiKey,
    NODE_OPTIONS: `--import=${pathToFileURL(join(REPO, 'test/browser/fixtures/loopbackOnly.mjs')).href}`,
  };
  // vitest's NODE_ENV=test would make `next build` mix development and production React.
  delete env.NODE_ENV;
  return env;
}

/** A port nothing listens on now, on 127.0.0.1. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
