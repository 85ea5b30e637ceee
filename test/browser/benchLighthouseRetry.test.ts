// The bench's Lighthouse part, made to fail for real: a page whose document answers 500
// once is audited on the second try and counted once; a page that always answers 500 is
// listed with both errors and gives no figure, so it cannot be averaged in.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { findChromium } from './findChromium.mjs';

// The bench is plain JavaScript modules without type declarations.
const load = (path: string): Promise<any> => import(/* @vite-ignore */ new URL(path, import.meta.url).href);

const page = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Shop</title></head><body><h1>Linen shirts</h1><p>Washed linen, cut wide.</p></body></html>';

describe('a Lighthouse run that errors', () => {
  let server: Server;
  let origin = '';
  let chrome: LaunchedChrome;
  const served: Record<string, number> = {};

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      served[path] = (served[path] ?? 0) + 1;
      // `/flaky` fails its first document request only; `/broken` every time.
      const fail = path == '/broken' || (path == '/flaky' && served[path] == 1);
      if (path != '/flaky' && path != '/broken') return void res.writeHead(404).end();
      res.writeHead(fail ? 500 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(fail ? 'Internal Server Error' : page);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { executablePath, args } = await findChromium();
    chrome = await launch({ chromePath: executablePath, chromeFlags: [...args, '--headless=new'], logLevel: 'silent' });
  }, 60_000);

  afterAll(async () => {
    chrome?.kill();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('is run once more and then counted once', async () => {
    const { auditOrRetry } = await load('../../bench/runLighthouse.mjs');
    const errors: string[] = [];
    const run = await auditOrRetry(chrome.port, `${origin}/flaky`, origin, 'with', errors);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^with \/flaky \(attempt 1\): Lighthouse on .*\/flaky: ERRORED_DOCUMENT_REQUEST/);
    expect(run).not.toBeNull();
    expect(run.lcp).toBeGreaterThan(0);
    // The first answer was the 500. A good run may request the document more than once
    // (seen once in a full run on a loaded machine), so this counts a floor, not a total.
    expect(served['/flaky']).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('that errors twice is reported with both errors and gives no figure', async () => {
    const { auditOrRetry } = await load('../../bench/runLighthouse.mjs');
    const errors: string[] = [];
    const run = await auditOrRetry(chrome.port, `${origin}/broken`, origin, 'without', errors);
    expect(run).toBeNull();
    expect(errors.map((e) => e.replace(/:.*/s, ''))).toEqual(['without /broken (attempt 1)', 'without /broken (attempt 2)']);
  }, 120_000);
});
