import { useEffect, useState } from 'preact/hooks';
import { createClient, type Client } from '../../../src/client/index';
import type { Theme } from '../../../src/types/interface';
import { loadSandboxConfig } from '../sandboxConfig';
import type { SandboxCatalogue } from './DataPicker';

/** The visitors the sandbox's event history is made of (demo/sandbox/createHistory.ts). */
export const VISITORS = Array.from({ length: 12 }, (_, i) => `visitor-${String(i + 1).padStart(4, '0')}`);

export interface SandboxState {
  client: Client | null;
  catalogue: SandboxCatalogue | null;
  orgThemes: Theme[];
  org: { orgId: string; orgName: string };
  /** Why there is no sandbox, once that is known. */
  failure: string | null;
}

/** Connects to the sandbox named by `/sandbox.json` and loads its algorithms, products and themes once. */
export function useSandbox(): SandboxState {
  const [state, setState] = useState<SandboxState>({
    client: null, catalogue: null, orgThemes: [], org: { orgId: '', orgName: '' }, failure: null,
  });
  useEffect(() => {
    (async () => {
      const config = await loadSandboxConfig();
      const client = createClient(config);
      const [algorithms, search, themes] = await Promise.all([
        client.algorithms(),
        client.search({ orgId: config.orgId, query: '', filter: '', sortEntities: '', com: '', start: '0', rows: '60' }),
        client.themes(),
      ]);
      setState({
        client,
        org: { orgId: config.orgId, orgName: themes.widgetThemes[0]?.orgName ?? '' },
        orgThemes: themes.widgetThemes,
        catalogue: {
          algorithms: algorithms.widgets,
          products: search.Docs.map((d) => ({
            name: d.name,
            sku: d.sku,
            price: d.price,
            ...(d.discountedprice !== null ? { discountedPrice: d.discountedprice } : {}),
            smallImage: d.smallimage,
            currentPageUrl: d.currentPageUrl,
          })),
          visitors: VISITORS,
        },
        failure: null,
      });
    })().catch((e: Error) => setState((s) => ({ ...s, failure: `No sandbox: ${e.message}. Sample and pasted data still work.` })));
  }, []);
  return state;
}
