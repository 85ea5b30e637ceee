// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCatalogue } from '../../demo/sandbox/createCatalogue';
import { createSandbox } from '../../demo/sandbox/createSandbox';
import type { SearchResponse, WidgetEnvelope } from '../../src/types/interface';
import { sandboxFetch, searchPath, widgetQuery } from './sandboxFetch';

const [first, second] = createCatalogue().filter((p) => p.category === 'outerwear');
let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'vitrine-state-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('state across a restart', () => {
  // Two sandboxes, a dozen calls and the first search's index build (MiniSearch, ~50 ms
  // idle): 1.7 s alone, past 5 s when the whole suite shares two cores.
  it('keeps widget and search configuration, learnt views and spent credits', async () => {
    const before = await createSandbox({ port: 0, dataDir, quota: 6 });
    const call = sandboxFetch(before);
    await call('/v1/widget/custom/update', { body: {
      id: 'w-keep', name: 'Kept', divisionId: 'kept-slot', orgId: before.orgId, orgName: 'Maison Vitrine', algoName: 'Recent Views',
      widgetShowType: 'carousel', displayTitle: 'Still here', maxProducts: 1, themeId: 'maison-carousel', pageId: 'home_page',
    } });
    await call('/v1/conf/search/update', { body: { orgId: before.orgId, paginationCount: 3 } });
    await call(`/v1/widgetserver/viewedalsoviewed?${widgetQuery(before, { site_uid: 'returning', pname: first.name })}`);
    await call(`/v1/widgetserver/viewedalsoviewed?${widgetQuery(before, { site_uid: 'returning', pname: second.name })}`);
    await before.close();

    const after = await createSandbox({ port: 0, dataDir, quota: 6 });
    try {
      const again = sandboxFetch(after);
      const recent = await again<WidgetEnvelope>(`/v1/widgetserver/recentviews?${widgetQuery(after, { site_uid: 'returning', divisionId: 'kept-slot' })}`);
      expect(recent.body.widgetName).toBe('Still here');
      expect(recent.body.products.map((p) => p.sku)).toEqual([second.sku]);
      const search = await again<SearchResponse>(searchPath(after, { rows: '0' }));
      expect(search.body.Docs).toHaveLength(3);
      // Two widget calls before the restart and two since: 4 of 6 credits spent, so two more, then 403.
      expect((await again(`/v1/widgetserver/trending?${widgetQuery(after)}`)).status).toBe(200);
      expect((await again(`/v1/widgetserver/trending?${widgetQuery(after)}`)).status).toBe(200);
      expect((await again(`/v1/widgetserver/trending?${widgetQuery(after)}`)).status).toBe(403);
    } finally {
      await after.close();
    }
  }, 15_000);
});

describe('unreadable state', () => {
  it('refuses to start on a corrupt file, naming it', async () => {
    const file = join(dataDir, 'widgets.json');
    writeFileSync(file, '{"kept-slot": {');
    await expect(createSandbox({ port: 0, dataDir })).rejects.toThrow(file);
  });
  it('refuses to start on a file of the wrong shape, saying what it must hold', async () => {
    const file = join(dataDir, 'events.json');
    writeFileSync(file, '{"not": "a list"}');
    await expect(createSandbox({ port: 0, dataDir })).rejects.toThrow(/events\.json does not hold an array of events/);
  });
});
