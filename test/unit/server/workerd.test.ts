// @vitest-environment node
// `vitrine/server` unchanged on an edge runtime: dist/server.mjs inside Cloudflare's
// workerd (through Miniflare, which ships its binary), asked by a worker that forwards
// its request body to renderSlots. It must render the same slots to the same markup as
// Node does, against the same sandbox on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { createSandbox, type Sandbox } from '../../../demo/sandbox/createSandbox';
import { createCatalogue } from '../../../demo/sandbox/createCatalogue';
import type * as ServerApi from '../../../src/server/index';

const { renderSlots } = (await import('../../../dist/server.mjs' as string)) as typeof ServerApi;

// A module worker (Workers docs, "ES modules syntax": a default export with `fetch`).
const WORKER = `import { renderSlots } from './server.mjs';
export default {
  async fetch(request) {
    return Response.json(await renderSlots(await request.json()));
  },
};`;

let sandbox: Sandbox;
let dataDir: string;
let mf: Miniflare;
const coat = createCatalogue().find((p) => p.category == 'outerwear')!;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vitrine-workerd-'));
  sandbox = await createSandbox({ port: 0, dataDir });
  mf = new Miniflare({
    host: '127.0.0.1',
    compatibilityDate: '2025-04-01',
    modules: [
      { type: 'ESModule', path: 'worker.mjs', contents: WORKER },
      { type: 'ESModule', path: 'server.mjs', contents: readFileSync('dist/server.mjs', 'utf8') },
    ],
  });
  await mf.ready;
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('renderSlots in workerd', () => {
  it('renders the same slots to the same markup as Node', async () => {
    const options = {
      baseUrl: sandbox.url,
      orgId: sandbox.orgId,
      apiKey: sandbox.apiKey,
      consent: true,
      nonce: 'n0nce',
      timeoutMs: 5000,
      page: { pageType: 'product_page', pname: coat.name, sku: coat.sku, siteUid: 'visitor-0001', domain: 'shop.example', locale: 'en-IE', currency: 'EUR', product: { name: coat.name, sku: coat.sku, price: '199.00' } },
      slots: [
        { id: 'pdp-bundle', algorithm: 'crosssell', layout: 'bundle', title: 'Complete the look' },
        { id: 'pdp-similar', algorithm: 'contentbasedreco', layout: 'carousel', max: 6, title: 'You may also like' },
        { id: 'pdp-grid', algorithm: 'trending', layout: 'matrix', max: 4 },
        { id: 'pdp-nothing', algorithm: 'nonsense' },
      ],
    } satisfies ServerApi.RenderSlotsOptions;
    const inNode = await renderSlots(options);
    const response = await mf.dispatchFetch('http://worker.local/', { method: 'POST', body: JSON.stringify(options) });
    const inWorkerd = (await response.json()) as ServerApi.SlotResult[];
    const compare = (results: ServerApi.SlotResult[]) => results.map(({ id, ok, html, algorithm, error }) => ({ id, ok, html, algorithm, error }));
    expect(inNode.map((r) => r.ok)).toEqual([true, true, true, false]);
    expect(compare(inWorkerd)).toEqual(compare(inNode));
  });
});
