// The bench's reading of long tasks in real Chromium, without tracing: a task that resumes
// a script's code after `await new Promise((r) => setTimeout(r))` comes in through a native
// promise resolver, which Long Animation Frames names with no source; the page's JS
// Self-Profiling samples (allowed by the header the bench adds) say whose code it ran.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium';

// The bench is plain JavaScript modules without type declarations.
const load = (path: string): Promise<any> => import(/* @vite-ignore */ new URL(path, import.meta.url).href);

/** A script that yields once, then keeps the main thread busy for `ms`, inside a function named `name`. */
const busyAfterYield = (name: string, ms: number) => `(async () => {
  await new Promise((resolve) => setTimeout(resolve, 200));
  (function ${name}() { const end = performance.now() + ${ms}; while (performance.now() < end) {} })();
})();`;

const page = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><h1>Shop</h1>'
  + '<script src="/dist/vitrine.js"></script><script src="/assets/shop.js"></script></body></html>';

describe('long tasks read without a trace', () => {
  let server: Server;
  let origin = '';
  let browser: Browser;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const body = path == '/' ? page : path == '/dist/vitrine.js' ? busyAfterYield('renderCards', 150) : path == '/assets/shop.js' ? busyAfterYield('shopCarousel', 150) : null;
      if (body == null) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': path == '/' ? 'text/html' : 'text/javascript', 'cache-control': 'no-store' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  const view = async (profiled: boolean): Promise<any> => {
    const { allowJsProfiling, observeLongTasks, readLongTasksInPage } = await load('../../bench/lib/longTasks.mjs');
    const context = await browser.newContext();
    try {
      const tab = await context.newPage();
      if (profiled) await allowJsProfiling(await context.newCDPSession(tab));
      await tab.addInitScript(observeLongTasks);
      await tab.goto(origin + '/');
      await tab.waitForTimeout(1000);
      return await tab.evaluate(readLongTasksInPage);
    } finally {
      await context.close();
    }
  };

  it('gives Vitrine its own resumed task and not the shop\'s, by the profiler\'s samples', async () => {
    const { vitrineTasks, nameTask } = await load('../../bench/lib/longTasks.mjs');
    const { isVitrineScript } = await load('../../bench/page/measurePageView.mjs');
    const seen = await view(true);
    expect(seen.samples, 'the profiler ran: the document came with Document-Policy: js-profiling').not.toBeNull();
    // Both scripts made a long task; their Long Animation Frames entries carry no source.
    const long = seen.longTasks.filter((t: any) => t.ms >= 140);
    expect(long).toHaveLength(2);
    const ours = vitrineTasks(seen.longTasks, seen.scripts, isVitrineScript, seen.samples);
    expect(ours).toHaveLength(1);
    expect(ours[0].by).toBe('samples');
    expect(ours[0].heaviest[0].name).toBe('renderCards');
    expect(nameTask(() => null, ours[0])).toMatch(/^a callback with no source, entered by .*; innermost most in vitrine\.js:\d+ renderCards/);
  });

  it('without the profiler, sees the same two long tasks and can give neither to anyone', async () => {
    const { vitrineTasks } = await load('../../bench/lib/longTasks.mjs');
    const { isVitrineScript } = await load('../../bench/page/measurePageView.mjs');
    const seen = await view(false);
    expect(seen.samples).toBeNull();
    expect(seen.longTasks.filter((t: any) => t.ms >= 140)).toHaveLength(2);
    expect(seen.scripts.filter((s: any) => s.ms >= 140).every((s: any) => s.url == '')).toBe(true);
    expect(vitrineTasks(seen.longTasks, seen.scripts, isVitrineScript, seen.samples)).toEqual([]);
  });
});
