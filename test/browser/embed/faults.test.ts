// Faults, one scenario each, on faults.html: the `#victim` slot's widget call (or the
// theme list, or storage) is broken with page.route / an init script while its
// neighbours talk to the real suite.sandbox. The victim keeps the merchant's fallback and
// says why in `vitrine:error`; the neighbours render; the page sees no uncaught error.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { expectRendered, newRecordedPage, records, settled, slotEvents, type OpenedPage, type SlotEvent } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const NEIGHBOURS = ['neighbour-carousel', 'neighbour-matrix'];
const suite = useFixtureSuite('faults');
let context: BrowserContext | undefined;

const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After' };

const isWidgetCall = (url: URL | string, division?: string): boolean => {
  const u = typeof url === 'string' ? new URL(url) : url;
  return u.pathname.startsWith('/v1/widgetserver/') && (!division || u.searchParams.get('divisionId') === division);
};

const json = (route: Route, status: number, body: unknown, headers: Record<string, string> = {}) =>
  route.fulfill({ status, contentType: 'application/json', headers: { ...CORS, ...headers }, body: JSON.stringify(body) });

interface Scenario {
  opened: OpenedPage;
  page: Page;
  outcome: Record<string, SlotEvent>;
  /** Widget GET requests the page sent for `#victim`. */
  victimCalls: Request[];
  /** Every widget GET request the page sent. */
  widgetCalls: Request[];
}

/**
 * Opens faults.html in a fresh context (no cached themes, no visitor) with `breakIt`
 * in place, and waits until the victim and its neighbours have an outcome.
 */
async function run(breakIt: (page: Page) => Promise<unknown>, wait: string[] = ['victim', ...NEIGHBOURS], query = ''): Promise<Scenario> {
  context = await suite.browser.newContext({ viewport: { width: 1024, height: 768 } });
  const opened = await newRecordedPage(context);
  const { page } = opened;
  const widgetCalls: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && isWidgetCall(r.url())) widgetCalls.push(r);
  });
  await breakIt(page);
  await page.goto(suite.fixtures.page('faults') + query);
  const outcome = await settled(page, wait, 20_000);
  const victimCalls = () => widgetCalls.filter((r) => isWidgetCall(r.url(), 'victim'));
  return { opened, page, outcome, widgetCalls, get victimCalls() { return victimCalls(); } };
}

/** What every fault owes the page: the fallback stays, the neighbours render, nothing leaks. */
async function expectContained(s: Scenario, kind: string): Promise<void> {
  const victim = s.outcome.victim;
  expect(victim.type, 'the victim reports an error').toBe('error');
  expect(victim.detail.kind).toBe(kind);
  expect(String(victim.detail.message)).not.toBe('');
  await expect(s.page.locator('#victim .fallback').isVisible()).resolves.toBe(true);
  await expect(s.page.locator('#victim .vitrine').count()).resolves.toBe(0);
  expectRendered(s.outcome, NEIGHBOURS);
  const { pwned } = await records(s.page);
  expect(pwned).toEqual([]);
  expect(s.opened.errors).toEqual([]);
  expect(s.opened.dialogs).toEqual([]);
}


afterEach(async () => {
  await context?.close();
  context = undefined;
});


describe('one failing widget never stops another', () => {
  it('a 500 is retried once, then the fallback stays', async () => {
    const s = await run((page) => page.route((u) => isWidgetCall(u, 'victim'), (route) => json(route, 500, { errMsg: 'engine down' })));
    await expectContained(s, 'server');
    expect(s.outcome.victim.detail.status).toBe(500);
    expect(s.victimCalls).toHaveLength(2);
  });

  it('a 400 with errMsg is not retried and its message stays text', async () => {
    const errMsg = 'Missing required query parameter: <img src=x onerror=__pwned("errMsg")>';
    const s = await run((page) => page.route((u) => isWidgetCall(u, 'victim'), (route) => json(route, 400, { errMsg })));
    await expectContained(s, 'request');
    expect(s.outcome.victim.detail.status).toBe(400);
    expect(String(s.outcome.victim.detail.message)).toContain(errMsg);
    expect(s.victimCalls).toHaveLength(1);
    await expect(s.page.locator('img[src="x"]').count()).resolves.toBe(0);
  });

  it('a 403 (credit quota) stops every later call on the page', async () => {
    const s = await run((page) => page.route((u) => isWidgetCall(u, 'victim'), (route) => json(route, 403, { errMsg: 'Credit quota exceeded' })));
    await expectContained(s, 'quota');
    expect(s.victimCalls).toHaveLength(1);
    const before = s.widgetCalls.length;
    // The far slot comes near: it must give up without asking the service.
    await s.page.locator('#below').scrollIntoViewIfNeeded();
    const below = (await settled(s.page, ['below'])).below;
    expect(below.type).toBe('error');
    expect(below.detail.kind).toBe('quota');
    expect(s.widgetCalls.length).toBe(before);
    await expect(s.page.locator('#below .fallback').isVisible()).resolves.toBe(true);
  });

  it('a 429 is not retried and says to wait', async () => {
    const s = await run((page) =>
      page.route((u) => isWidgetCall(u, 'victim'), (route) => json(route, 429, { errMsg: 'slow down' }, { 'Retry-After': '120' })),
    );
    await expectContained(s, 'rate');
    expect(s.victimCalls).toHaveLength(1);
  });

  it('an answer that never comes times out after one retry', async () => {
    const held: Route[] = [];
    const s = await run(async (page) => {
      // The page's clock is ours: 5 s per attempt pass in an instant.
      await page.clock.install();
      await page.route((u) => isWidgetCall(u, 'victim'), (route) => void held.push(route));
    }, NEIGHBOURS);
    expect(s.outcome.victim).toBeUndefined();
    await s.page.clock.runFor(5_100);
    // The retry waits 300–600 ms: step the clock until it is sent, then spend its 5 s.
    for (let step = 0; step < 20 && s.victimCalls.length < 2; step++) await s.page.clock.runFor(100);
    expect(s.victimCalls).toHaveLength(2);
    await s.page.clock.runFor(5_100);
    s.outcome.victim = (await settled(s.page, ['victim'])).victim;
    await expectContained(s, 'timeout');
    expect(s.victimCalls).toHaveLength(2);
    for (const route of held) await route.abort().catch(() => {});
  });

  it('a network error is retried once, then the fallback stays', async () => {
    const s = await run((page) => page.route((u) => isWidgetCall(u, 'victim'), (route) => route.abort('connectionrefused')));
    await expectContained(s, 'network');
    expect(s.victimCalls).toHaveLength(2);
  });

  it('a 200 that is not JSON (a proxy error page) fails as parse and never becomes markup', async () => {
    const page502 = '<html><body><h1 id="proxy">502 Bad Gateway</h1><img src=x onerror="__pwned(\'proxy\')"></body></html>';
    const s = await run((page) =>
      page.route((u) => isWidgetCall(u, 'victim'), (route) => route.fulfill({ status: 200, contentType: 'text/html', headers: CORS, body: page502 })),
    );
    await expectContained(s, 'parse');
    await expect(s.page.locator('#proxy').count()).resolves.toBe(0);
  });

  it('JSON of the wrong shape fails as shape', async () => {
    const s = await run((page) => page.route((u) => isWidgetCall(u, 'victim'), (route) => json(route, 200, { results: [{ name: 'Not an envelope' }] })));
    await expectContained(s, 'shape');
    await expect(s.page.getByText('Not an envelope').count()).resolves.toBe(0);
  });

  it('zero products keep the fallback and say empty', async () => {
    const s = await run((page) =>
      page.route((u) => isWidgetCall(u, 'victim'), (route) =>
        json(route, 200, { errMsg: null, numberofdocs: 0, success: '0', widgetType: 'trending', widgetName: 'Trending', products: [] }),
      ),
    );
    await expectContained(s, 'empty');
  });

  it('in debug mode (?vitrine_debug=1) the page itself says why a slot kept its fallback', async () => {
    const s = await run(
      (page) => page.route((u) => isWidgetCall(u, 'victim'), (route) => json(route, 500, { errMsg: 'engine down' })),
      ['victim', ...NEIGHBOURS],
      '?vitrine_debug=1',
    );
    await expectContained(s, 'server');
    const label = s.page.locator('#victim');
    await expect.poll(() => label.getAttribute('data-vitrine-debug')).toMatch(/nothing shown \(server\).*500.*engine down/s);
    await expect(s.page.locator('#neighbour-carousel').getAttribute('data-vitrine-debug')).resolves.toMatch(/trending .*products/);
  });

  it('a failing theme endpoint leaves every slot on its built-in theme, whose card comes with the theme chunk', async () => {
    let themeCalls = 0;
    const from = suite.fixtures.requests.length;
    const s = await run((page) =>
      page.route(
        (u) => u.pathname === '/v1/theme',
        (route) => {
          themeCalls++;
          return json(route, 500, { errMsg: 'themes unavailable' });
        },
      ),
    );
    const ids = ['victim', ...NEIGHBOURS];
    expectRendered(s.outcome, ids);
    for (const id of ids) {
      const layout = String(s.outcome[id].detail.layout);
      expect(s.outcome[id].detail.theme).toBe('vitrine-' + layout);
      await expect(s.page.locator(`#${id} > .vitrine`).getAttribute('class')).resolves.toContain('vitrine-theme--vitrine-' + layout);
    }
    // One theme list per page however many slots (and one retry of the 5xx).
    expect(themeCalls).toBe(2);
    // The script tag holds no built-in card: one chunk brings it for every slot.
    expect(suite.fixtures.requests.slice(from).filter((p) => p == '/dist/vitrine-theme.js')).toHaveLength(1);
    expect(s.opened.errors).toEqual([]);
  });

  it('no theme list and no theme chunk: every slot keeps its fallback and says which file it waited for', async () => {
    const ids = ['victim', ...NEIGHBOURS];
    const s = await run(async (page) => {
      await page.route((u) => u.pathname === '/v1/theme', (route) => json(route, 500, { errMsg: 'themes unavailable' }));
      await page.route('**/vitrine-theme.js', (route) => route.abort());
    }, []);
    // A theme error is final here: the slot's theme is the built-in one, and its card never came.
    const themeErrors = async () => (await slotEvents(s.page, 'error')).filter((e) => ids.includes(e.id) && e.detail.kind == 'theme');
    await expect.poll(async () => (await themeErrors()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(ids.length * 2);
    for (const e of await themeErrors()) expect(String(e.detail.message)).toMatch(/template did not load \(vitrine-theme\.js\)/);
    expect(await slotEvents(s.page, 'render')).toEqual([]);
    for (const id of ids) await expect(s.page.locator(`#${id} .fallback`).isVisible()).resolves.toBe(true);
    expect(s.opened.errors).toEqual([]);
  });

  it('storage that throws (blocked cookies and localStorage) still renders, with one visitor id in memory', async () => {
    const s = await run((page) =>
      page.addInitScript(() => {
        const blocked = () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        };
        Object.defineProperty(window, 'localStorage', { get: blocked, configurable: true });
        Object.defineProperty(Document.prototype, 'cookie', { get: blocked, set: blocked, configurable: true });
      }),
    );
    const ids = ['victim', ...NEIGHBOURS];
    expectRendered(s.outcome, ids);
    const uids = new Set(s.widgetCalls.map((r) => new URL(r.url()).searchParams.get('site_uid')));
    expect(uids.size).toBe(1);
    expect([...uids][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.opened.errors).toEqual([]);
  });
});

describe("faults in the merchant's own markup stay in their slot", () => {
  it('a script tag without its org id asks for nothing, keeps every fallback and says what is missing', async () => {
    context = await suite.browser.newContext();
    const opened = await newRecordedPage(context);
    const warnings: string[] = [];
    opened.page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    const asked: string[] = [];
    opened.page.on('request', (r) => r.url().startsWith(suite.sandbox.url) && asked.push(r.url()));
    await opened.page.goto(suite.fixtures.page('faults-config'));
    const outcome = await settled(opened.page, ['cfg-a', 'cfg-b']);
    for (const id of ['cfg-a', 'cfg-b']) {
      expect(outcome[id].detail.kind).toBe('config');
      expect(String(outcome[id].detail.message)).toContain('orgId is missing');
      await expect(opened.page.locator(`#${id} .fallback`).isVisible()).resolves.toBe(true);
    }
    expect(asked).toEqual([]);
    expect(warnings.join('\n')).toContain('orgId is missing');
    expect(opened.errors).toEqual([]);
  });

  it('an unknown algorithm, a slot without id, a missing product, a list slot and a form slot fail alone; a bad max falls back', async () => {
    context = await suite.browser.newContext();
    const opened = await newRecordedPage(context);
    const calls: string[] = [];
    opened.page.on('request', (r) => r.method() === 'GET' && isWidgetCall(r.url()) && calls.push(new URL(r.url()).searchParams.get('divisionId') ?? ''));
    await opened.page.goto(suite.fixtures.page('faults-setup'));
    const outcome = await settled(opened.page, ['unknown-algorithm', '', 'needs-product', 'list-slot', 'form-slot', 'fine']);
    expect(outcome['unknown-algorithm'].detail.kind).toBe('slot');
    expect(String(outcome['unknown-algorithm'].detail.message)).toContain('bestsellers');
    expect(outcome[''].detail.kind).toBe('slot');
    expect(outcome['needs-product'].detail.kind).toBe('input');
    expect(String(outcome['needs-product'].detail.message)).toContain('viewedalsoviewed');
    // A `<ul>` cannot hold the shadow root the widget is drawn through: every algorithm of
    // its chain fails before a request, and the browser's reason is the message.
    expect(outcome['list-slot'].detail.kind).toBe('slot');
    expect(String(outcome['list-slot'].detail.message)).toContain('attachShadow');
    expect((outcome['list-slot'].detail.skipped as { algorithm: string }[]).map((s: { algorithm: string }) => s.algorithm)).toEqual(['trending']);
    // A form's controls named like its methods (`getAttribute`, `querySelector`,
    // `dispatchEvent`) stand in for them: the slot still fails alone, with the event.
    expect(outcome['form-slot'].detail.kind).toBe('slot');
    expect(String(outcome['form-slot'].detail.message)).toContain('form');
    expectRendered(outcome, ['fine']);
    // A max that is not a number is noted and ignored: the service's full list shows.
    expect(outcome.fine.detail.products).toBeGreaterThan(4);
    expect(calls).toEqual(['fine']);
    for (const text of ['Unknown algorithm', 'No id', 'Needs a product', 'A list slot', 'A form slot']) {
      await expect(opened.page.getByText(text).isVisible()).resolves.toBe(true);
    }
    expect(opened.errors).toEqual([]);
  });
});
