import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createCatalogue } from './createCatalogue';
import { createHistory } from './createHistory';
import { createRecommender } from './createRecommender';
import { createSandboxHandler, type RecordedRequest } from './createSandboxHandler';
import { createStateStore } from './createStateStore';
import { SANDBOX_API_KEY, SANDBOX_ORG_ID, SANDBOX_ORG_NAME } from './credentials';

export type { RecordedRequest } from './createSandboxHandler';

export interface SandboxOptions {
  /** 0 = a free port; default 8780. */
  port?: number;
  /** Default 127.0.0.1: the sandbox is for this machine only. */
  host?: string;
  /** Where state is kept across restarts; default `demo/.data`. */
  dataDir?: string;
  /** Credits per key per month; default 1,000,000. */
  quota?: number;
  /** Fixed delay before every API answer (not images), for benchmarks. */
  latencyMs?: number;
  /** Print one line per request. */
  log?: boolean;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:8780 */
  url: string;
  orgId: string;
  apiKey: string;
  close(): Promise<void>;
  /** Every request answered so far, oldest first. */
  requests: RecordedRequest[];
}

// `demo/sandbox/` in the sources and `demo/dist/` in the bundle are both one
// level below `demo/`, so this resolves to `demo/.data` from either.
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../.data/', import.meta.url));

/** Starts the sandbox service: the whole interface over the sample store. */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const store = createStateStore(options.dataDir ?? DEFAULT_DATA_DIR);
  const products = createCatalogue();
  const recommender = createRecommender(products, [...createHistory(products), ...store.state.events]);
  const requests: RecordedRequest[] = [];
  const server = createServer(createSandboxHandler({
    orgId: SANDBOX_ORG_ID,
    orgName: SANDBOX_ORG_NAME,
    apiKey: SANDBOX_API_KEY,
    quota: options.quota ?? 1_000_000,
    latencyMs: options.latencyMs ?? 0,
    log: options.log ?? false,
    products,
    recommender,
    store,
    requests,
  }));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8780, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    orgId: SANDBOX_ORG_ID,
    apiKey: SANDBOX_API_KEY,
    requests,
    close: () => new Promise<void>((resolve, reject) => {
      server.close((e) => (e ? reject(e) : resolve()));
      server.closeAllConnections();
    }),
  };
}
