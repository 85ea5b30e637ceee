// Privacy and consent in Chromium, one page per consent mode, driven as the shopper and
// the consent tool would drive them. After every step the test reads what a privacy
// review reads: the cookies, localStorage and sessionStorage, every request the page
// made (path and `site_uid`), and what each slot shows.
//   consent-required.html    data-consent="required": the page's own banner answers via Vitrine.consent()
//   consent-shopify.html     data-consent="shopify": a stand-in of Shopify's Customer Privacy API
//   consent-tcf.html         data-consent="tcf": a stand-in IAB TCF v2.2 CMP
//   consent-tcf-silent.html  data-consent="tcf" with a CMP stub that never answers
import { describe, expect, it } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Cookie, Page } from 'playwright-core';
import { createCatalogue } from '../../../demo/sandbox/createCatalogue';
import { consentHeard, hearConsent, newRecordedPage, settled, shownNames, slotEvents, type OpenedPage, type SlotEvent } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const SLOTS = ['c-recent', 'c-auto', 'c-picks', 'c-trending'];
/** The slots that name (or whose page chooses) a personal algorithm. */
const PERSONAL_SLOTS = ['c-recent', 'c-auto', 'c-picks'];
const suite = useFixtureSuite('consent');

interface Call {
  path: string;
  site_uid: string | null;
  divisionId: string | null;
}

interface Visit {
  context: BrowserContext;
  opened: OpenedPage;
  page: Page;
  /** Every request of the page, as URLs, oldest first. */
  urls: URL[];
}

/** The requests to the service (widgets and themes), from the `from`th request on. */
function calls(v: Visit, from = 0): Call[] {
  return v.urls
    .slice(from)
    .filter((u) => u.origin === suite.sandbox.url)
    .filter((u) => u.pathname.startsWith('/v1/'))
    .map((u) => ({ path: u.pathname, site_uid: u.searchParams.get('site_uid'), divisionId: u.searchParams.get('divisionId') }));
}
const widgetCalls = (v: Visit, from = 0) => calls(v, from).filter((c) => c.path.startsWith('/v1/widgetserver/'));
const sorted = (list: Call[]) => [...list].sort((a, b) => `${a.divisionId}${a.path}`.localeCompare(`${b.divisionId}${b.path}`));

async function open(name: string, options: { storageState?: BrowserContextOptions['storageState']; query?: string; init?: () => void } = {}): Promise<Visit> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 2000 }, storageState: options.storageState });
  const opened = await newRecordedPage(context);
  const page = opened.page;
  await hearConsent(page);
  if (options.init) await page.addInitScript(options.init);
  const urls: URL[] = [];
  page.on('request', (r) => urls.push(new URL(r.url())));
  await page.goto(suite.fixtures.page(name) + (options.query ?? ''));
  return { context, opened, page, urls };
}

/** What a privacy review reads on the device. */
async function device(v: Visit): Promise<{ cookies: Cookie[]; local: Record<string, string>; session: Record<string, string> }> {
  const cookies = await v.context.cookies();
  const { local, session } = await v.page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));
  return { cookies, local, session };
}

/** Nothing that identifies the visitor: no cookie, no id in either storage (the theme cache may stay). */
async function expectNothingStored(v: Visit): Promise<void> {
  const { cookies, local, session } = await device(v);
  expect(cookies).toEqual([]);
  expect(Object.keys(local).filter((k) => !k.startsWith('vitrine:themes:'))).toEqual([]);
  expect(session).toEqual({});
}

/** The stored id: the same in the cookie and in localStorage, a first-party cookie for a year. */
async function storedId(v: Visit): Promise<string> {
  // Written (or renewed) in a task after the one that read it: waited for, a few seconds at most.
  await expect
    .poll(async () => {
      const { cookies, local } = await device(v);
      const renewed = cookies.find((c) => c.name == 'vitrine_uid' && c.expires - Date.now() / 1000 > 364 * 86400);
      return !!renewed && local.vitrine_uid == renewed.value;
    }, { timeout: 5000 })
    .toBe(true);
  const { cookies, local, session } = await device(v);
  expect(cookies.map((c) => c.name)).toEqual(['vitrine_uid']);
  const [cookie] = cookies;
  expect(cookie.value).toMatch(/^[0-9a-f-]{36}$/);
  expect(local.vitrine_uid).toBe(cookie.value);
  expect(cookie).toMatchObject({ domain: '127.0.0.1', path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
  const days = (cookie.expires - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);
  expect(session).toEqual({});
  return cookie.value;
}

const heard = (v: Visit) => consentHeard(v.page);

/** Every outcome of a slot so far: renders, and errors that are final. */
async function outcomes(v: Visit, id: string): Promise<SlotEvent[]> {
  return (await slotEvents(v.page)).filter((e) => e.id === id && (e.type === 'render' || (e.type === 'error' && e.detail.kind !== 'theme')));
}

/** Waits until each slot has had `count` outcomes; returns the last of each. */
async function outcomeNumber(v: Visit, ids: string[], count: number): Promise<Record<string, SlotEvent>> {
  await v.page.waitForFunction(
    ([want, n]) => {
      const events = (window as unknown as { __vitrineTest: { events: SlotEvent[] } }).__vitrineTest.events;
      return (want as string[]).every((id) => events.filter((e) => e.id === id && (e.type === 'render' || (e.type === 'error' && e.detail.kind !== 'theme'))).length >= (n as number));
    },
    [ids, count] as const,
    { timeout: 15_000, polling: 50 },
  );
  const last: Record<string, SlotEvent> = {};
  for (const id of ids) last[id] = (await outcomes(v, id)).at(-1)!;
  return last;
}

/** What a slot shows: the widget's product names, or the merchant's fallback text. */
async function shows(v: Visit, id: string): Promise<{ products: string[] } | { fallback: string }> {
  if (await v.page.locator(`#${id} > .vitrine`).count()) return { products: await shownNames(v.page, id) };
  return { fallback: (await v.page.locator(`#${id}`).innerText()).trim() };
}

/** The outcome every slot has before consent: trending, with the personal algorithm that gave way. */
function expectNonPersonal(outcome: Record<string, SlotEvent>): void {
  const detail = (id: string) => ({ type: outcome[id].type, algorithm: outcome[id].detail.algorithm, personal: outcome[id].detail.personal, substituted: outcome[id].detail.substituted });
  expect(detail('c-recent')).toEqual({ type: 'render', algorithm: 'trending', personal: false, substituted: ['recentviews'] });
  expect(detail('c-auto')).toEqual({ type: 'render', algorithm: 'trending', personal: false, substituted: ['recentviews'] });
  expect(detail('c-picks')).toEqual({ type: 'render', algorithm: 'trending', personal: false, substituted: ['inspbybrowsehist'] });
  expect(detail('c-trending')).toEqual({ type: 'render', algorithm: 'trending', personal: false, substituted: [] });
}

/** Before consent: only trending was asked for, every call with one id that is on no disk. */
async function expectNoPersonalCalls(v: Visit, from = 0): Promise<string> {
  const widgets = widgetCalls(v, from);
  expect(widgets.map((c) => c.path)).toEqual(widgets.map(() => '/v1/widgetserver/trending'));
  expect(new Set(widgets.map((c) => c.divisionId))).toEqual(new Set(SLOTS));
  const ids = new Set(widgets.map((c) => c.site_uid));
  expect(ids.size).toBe(1);
  const [memoryId] = ids;
  expect(memoryId).toMatch(/^[0-9a-f-]{36}$/);
  // The theme list is the org's, not the visitor's.
  expect(calls(v, from).filter((c) => c.path === '/v1/theme').every((c) => c.site_uid === null)).toBe(true);
  return memoryId!;
}

async function expectEverySlotShowsProducts(v: Visit): Promise<void> {
  for (const id of SLOTS) expect((await shows(v, id)) as { products: string[] }, id).toMatchObject({ products: expect.arrayContaining([expect.any(String)]) });
}

const consent = (v: Visit, granted: boolean) => v.page.evaluate((g) => (window as unknown as { Vitrine: { consent(g: boolean): void } }).Vitrine.consent(g), granted);

/** A negative check (nothing more happens) has nothing to wait on: give the page half a second. */
const quietly = (v: Visit) => v.page.waitForTimeout(500);

const chunkLoaded = (from: number) => suite.fixtures.requests.slice(from).includes('/dist/vitrine-consent.js');

/** A first visit in a mode whose answer comes from a consent API: no answer yet, the chunk loaded. */
async function firstVisit(name: string): Promise<Visit> {
  const from = suite.fixtures.requests.length;
  const v = await open(name);
  expectNonPersonal(await settled(v.page, SLOTS));
  expect(chunkLoaded(from)).toBe(true);
  await expectNothingStored(v);
  await expectNoPersonalCalls(v);
  return v;
}

/** After a yes, a new visitor's personal slots ask for their own algorithms with the stored id. */
function expectOwnAlgorithmCalls(v: Visit, from: number, id: string): void {
  expect(sorted(widgetCalls(v, from))).toEqual(
    sorted([
      { path: '/v1/widgetserver/recentviews', site_uid: id, divisionId: 'c-auto' },
      { path: '/v1/widgetserver/inspbybrowsehist', site_uid: id, divisionId: 'c-picks' },
      { path: '/v1/widgetserver/recentviews', site_uid: id, divisionId: 'c-recent' },
      // No history yet: the chain goes on to trending.
      { path: '/v1/widgetserver/trending', site_uid: id, divisionId: 'c-recent' },
    ]),
  );
}

/** After a withdrawal, the personal slots render trending again, never with the withdrawn id. */
async function expectWithdrawn(v: Visit, from: number, id: string): Promise<void> {
  await expectNothingStored(v);
  const after = await outcomeNumber(v, PERSONAL_SLOTS, 3);
  expectNonPersonal({ ...after, 'c-trending': (await outcomes(v, 'c-trending'))[0] });
  const widgets = widgetCalls(v, from);
  expect(sorted(widgets).map((c) => [c.path, c.divisionId])).toEqual([
    ['/v1/widgetserver/trending', 'c-auto'],
    ['/v1/widgetserver/trending', 'c-picks'],
    ['/v1/widgetserver/trending', 'c-recent'],
  ]);
  // One fresh memory id: the withdrawn one is not used again.
  expect(new Set(widgets.map((c) => c.site_uid)).size).toBe(1);
  expect(widgets[0].site_uid).not.toBe(id);
  await expectEverySlotShowsProducts(v);
}

// A returning shopper who consented on an earlier visit: the id is still on the device and
// the service knows the products viewed with it.
const products = createCatalogue();
const VIEWED = [products[3], products[17], products[42]];
async function returningShopper(): Promise<{ id: string; origin: string; storageState: { cookies: Cookie[]; origins: { origin: string; localStorage: { name: string; value: string }[] }[] } }> {
  const id = crypto.randomUUID();
  for (const p of VIEWED) {
    const query = new URLSearchParams({ divisionId: 'earlier-visit', orgId: suite.sandbox.orgId, site_uid: id, domain: '127.0.0.1', pname: p.name });
    const res = await fetch(`${suite.sandbox.url}/v1/widgetserver/viewedalsoviewed?${query}`, { headers: { Accept: 'application/json', 'X-Service-Access-Token': suite.sandbox.apiKey, 'X-Service-orgId': suite.sandbox.orgId } });
    expect(res.status).toBe(200);
  }
  const origin = suite.fixtures.url;
  const cookie: Cookie = { name: 'vitrine_uid', value: id, domain: '127.0.0.1', path: '/', expires: Math.round(Date.now() / 1000) + 86400 * 300, httpOnly: false, secure: false, sameSite: 'Lax' };
  return { id, origin, storageState: { cookies: [cookie], origins: [{ origin, localStorage: [{ name: 'vitrine_uid', value: id }] }] } };
}

describe('data-consent="required": the page’s own banner answers through Vitrine.consent()', () => {
  it('no answer: nothing stored, no personal algorithm asked for, trending stands in; a new memory id per page', async () => {
    const from = suite.fixtures.requests.length;
    const v = await open('consent-required');
    expectNonPersonal(await settled(v.page, SLOTS));
    await expectNothingStored(v);
    const first = await expectNoPersonalCalls(v);
    await expectEverySlotShowsProducts(v);
    expect(await heard(v)).toEqual([]);
    // Speaking to Shopify or a CMP is a chunk this page never loads.
    expect(chunkLoaded(from)).toBe(false);

    const mark = v.urls.length;
    await v.page.reload();
    expectNonPersonal(await settled(v.page, SLOTS));
    await expectNothingStored(v);
    const second = await expectNoPersonalCalls(v, mark);
    expect(second).not.toBe(first);
    expect(v.opened.errors).toEqual([]);
    await v.context.close();
  });

  it('a yes said as the tag loads, before Vitrine has read its settings, is kept: the first calls are already personal', async () => {
    // A tag manager's callback in the script's load event, which runs before Vitrine starts.
    const sayYesOnLoad = () =>
      document.addEventListener(
        'load',
        (e) => {
          const script = e.target as HTMLScriptElement;
          if (script.localName == 'script' && /\/vitrine\.js$/.test(script.src)) (window as unknown as { Vitrine: { consent(g: boolean): void } }).Vitrine.consent(true);
        },
        true,
      );
    const v = await open('consent-required', { init: sayYesOnLoad });
    await settled(v.page, SLOTS);
    expect(await heard(v)).toEqual([true]);
    const id = await storedId(v);
    const widgets = widgetCalls(v);
    // Every call carries the stored id, and the personal slots asked for their own algorithms
    // from the start: no render without consent came first.
    expect(new Set(widgets.map((c) => c.site_uid))).toEqual(new Set([id]));
    expect(widgets.map((c) => c.path)).toEqual(expect.arrayContaining(['/v1/widgetserver/recentviews', '/v1/widgetserver/inspbybrowsehist']));
    expect(v.opened.errors).toEqual([]);
    await v.context.close();
  });

  it('grant, new visitor: an id is created and stored, the personal slots render once with their own algorithms', async () => {
    const v = await open('consent-required');
    await settled(v.page, SLOTS);
    const memoryId = await expectNoPersonalCalls(v);
    const mark = v.urls.length;
    await consent(v, true);
    expect(await heard(v)).toEqual([true]);
    // Stored at once, before any slot asks for it.
    const id = await storedId(v);
    expect(id).not.toBe(memoryId);
    const after = await outcomeNumber(v, PERSONAL_SLOTS, 2);
    // A new visitor has no history: recent views give way to trending within the chain;
    // a slot whose only algorithm has nothing keeps the merchant's fallback.
    expect(after['c-recent'].detail).toMatchObject({ algorithm: 'trending', personal: true, substituted: [], skipped: [{ algorithm: 'recentviews', why: 'recentviews returned no products' }] });
    expect(after['c-auto']).toMatchObject({ type: 'error', detail: { kind: 'empty', algorithm: 'recentviews', personal: true } });
    expect(after['c-picks']).toMatchObject({ type: 'error', detail: { kind: 'empty', algorithm: 'inspbybrowsehist', personal: true } });
    expectOwnAlgorithmCalls(v, mark, id);
    expect(await shows(v, 'c-auto')).toEqual({ fallback: 'Picked for you (fallback)' });
    expect(await shows(v, 'c-picks')).toEqual({ fallback: 'Editor picks (fallback)' });
    expect((await shows(v, 'c-recent')) as { products: string[] }).toMatchObject({ products: expect.arrayContaining([expect.any(String)]) });

    // Once: the same answer again changes nothing.
    const settledCalls = v.urls.length;
    await consent(v, true);
    await quietly(v);
    expect(await heard(v)).toEqual([true]);
    expect(widgetCalls(v, settledCalls)).toEqual([]);
    expect((await outcomes(v, 'c-recent')).length).toBe(2);
    // The slot that was never personal was never asked again.
    expect((await outcomes(v, 'c-trending')).length).toBe(1);
    expect(await storedId(v)).toBe(id);
    expect(v.opened.errors).toEqual([]);
    await v.context.close();
  });

  it('grant, returning shopper: the stored id is not read before consent, then recent views show what was viewed', async () => {
    const shopper = await returningShopper();
    const v = await open('consent-required', { storageState: shopper.storageState });
    await settled(v.page, SLOTS);
    const memoryId = await expectNoPersonalCalls(v);
    expect(memoryId).not.toBe(shopper.id);
    expect(v.urls.some((u) => u.search.includes(shopper.id))).toBe(false);

    const mark = v.urls.length;
    await consent(v, true);
    expect(await storedId(v)).toBe(shopper.id);
    const after = await outcomeNumber(v, PERSONAL_SLOTS, 2);
    expect(after['c-recent'].detail).toMatchObject({ algorithm: 'recentviews', personal: true, substituted: [], skipped: [] });
    expect(after['c-auto'].detail).toMatchObject({ algorithm: 'recentviews', personal: true });
    expect(after['c-picks'].detail).toMatchObject({ algorithm: 'inspbybrowsehist', personal: true });
    // Most recent first.
    const viewed = VIEWED.map((p) => p.name).reverse();
    expect(await shows(v, 'c-recent')).toEqual({ products: viewed });
    expect(await shows(v, 'c-auto')).toEqual({ products: viewed });
    expect(((await shows(v, 'c-picks')) as { products: string[] }).products.length).toBeGreaterThan(0);
    expect(sorted(widgetCalls(v, mark))).toEqual(
      sorted([
        { path: '/v1/widgetserver/recentviews', site_uid: shopper.id, divisionId: 'c-auto' },
        { path: '/v1/widgetserver/inspbybrowsehist', site_uid: shopper.id, divisionId: 'c-picks' },
        { path: '/v1/widgetserver/recentviews', site_uid: shopper.id, divisionId: 'c-recent' },
      ]),
    );
    await v.context.close();
  });

  it('refuse: an id left from before consent was asked is deleted, unread; the slots stay as they are', async () => {
    const shopper = await returningShopper();
    const v = await open('consent-required', { storageState: shopper.storageState });
    const before = await settled(v.page, SLOTS);
    expectNonPersonal(before);
    await expectNoPersonalCalls(v);
    expect(v.urls.some((u) => u.search.includes(shopper.id))).toBe(false);
    // Unread, but still there until the shopper says no.
    expect((await device(v)).local.vitrine_uid).toBe(shopper.id);

    const mark = v.urls.length;
    await consent(v, false);
    expect(await heard(v)).toEqual([false]);
    await expectNothingStored(v);
    await quietly(v);
    expect(widgetCalls(v, mark)).toEqual([]);
    for (const id of SLOTS) expect((await outcomes(v, id)).length, id).toBe(1);
    await expectEverySlotShowsProducts(v);
    expect(v.opened.errors).toEqual([]);
    await v.context.close();
  });

  it('withdraw after grant: cookie and localStorage id deleted, the personal slots render non-personal again', async () => {
    const shopper = await returningShopper();
    const v = await open('consent-required', { storageState: shopper.storageState });
    await settled(v.page, SLOTS);
    await consent(v, true);
    expect(await storedId(v)).toBe(shopper.id);
    await outcomeNumber(v, PERSONAL_SLOTS, 2);

    const mark = v.urls.length;
    await consent(v, false);
    expect(await heard(v)).toEqual([true, false]);
    await expectWithdrawn(v, mark, shopper.id);
    expect(await shows(v, 'c-recent')).not.toEqual({ products: VIEWED.map((p) => p.name).reverse() });
    expect(v.opened.errors).toEqual([]);
    await v.context.close();
  });
});

describe('data-consent="shopify": Shopify’s Customer Privacy API', () => {
  it('loads the API when the theme has not, follows visitorConsentCollected: analytics alone is no, preferences yes, then withdrawn', async () => {
    const v = await firstVisit('consent-shopify');
    await v.page.waitForFunction(() => (window as unknown as { __shopifyLoads: unknown[] }).__shopifyLoads.length > 0);
    expect(await v.page.evaluate(() => (window as unknown as { __shopifyLoads: unknown[] }).__shopifyLoads)).toEqual([[{ name: 'consent-tracking-api', version: '0.1' }]]);

    const setTrackingConsent = (consent: Record<string, boolean>) =>
      v.page.evaluate(
        (c) =>
          new Promise<void>((done) => (window as unknown as { Shopify: { customerPrivacy: { setTrackingConsent(c: object, cb: () => void): void } } }).Shopify.customerPrivacy.setTrackingConsent(c, done)),
        consent,
      );

    // Analytics and marketing, but no preferences (personalisation): still no.
    let mark = v.urls.length;
    await setTrackingConsent({ analytics: true, marketing: true, preferences: false, sale_of_data: false });
    await v.page.waitForFunction(() => (window as unknown as { __consentHeard: boolean[] }).__consentHeard.length > 0);
    expect(await heard(v)).toEqual([false]);
    await expectNothingStored(v);
    await quietly(v);
    expect(widgetCalls(v, mark)).toEqual([]);

    mark = v.urls.length;
    await setTrackingConsent({ preferences: true });
    await v.page.waitForFunction(() => (window as unknown as { __consentHeard: boolean[] }).__consentHeard.length > 1);
    expect(await heard(v)).toEqual([false, true]);
    const id = await storedId(v);
    const granted = await outcomeNumber(v, PERSONAL_SLOTS, 2);
    expect(granted['c-recent'].detail).toMatchObject({ personal: true, substituted: [] });
    expectOwnAlgorithmCalls(v, mark, id);

    mark = v.urls.length;
    await setTrackingConsent({ preferences: false });
    await v.page.waitForFunction(() => (window as unknown as { __consentHeard: boolean[] }).__consentHeard.length > 2);
    expect(await heard(v)).toEqual([false, true, false]);
    await expectWithdrawn(v, mark, id);
    expect(v.opened.errors).toEqual([]);
    await v.context.close();
  });
});

describe('data-consent="tcf": an IAB TCF v2.2 CMP', () => {
  it('first visit: no answer while the CMP UI shows; purposes 1, 5 and 6 grant; a choice without 6 withdraws', async () => {
    const v = await firstVisit('consent-tcf');
    await v.page.waitForFunction(() => (window as unknown as { __cmp: { listeners(): number } }).__cmp.listeners() === 1);
    // `cmpuishown` is no answer.
    expect(await heard(v)).toEqual([]);

    const cmp = (action: 'reopen' | 'choose', purposes?: number[]) =>
      v.page.evaluate(([a, p]) => {
        const api = (window as unknown as { __cmp: { reopen(): void; choose(p: number[]): void } }).__cmp;
        if (a === 'reopen') api.reopen();
        else api.choose(p as number[]);
      }, [action, purposes ?? []] as const);

    let mark = v.urls.length;
    await cmp('choose', [1, 2, 5, 6, 7]);
    expect(await heard(v)).toEqual([true]);
    const id = await storedId(v);
    await outcomeNumber(v, PERSONAL_SLOTS, 2);
    expectOwnAlgorithmCalls(v, mark, id);

    // The shopper reopens the CMP (no answer yet), then keeps 1 and 5 but not 6.
    await cmp('reopen');
    expect(await heard(v)).toEqual([true]);
    expect(await storedId(v)).toBe(id);
    mark = v.urls.length;
    await cmp('choose', [1, 5]);
    expect(await heard(v)).toEqual([true, false]);
    await expectWithdrawn(v, mark, id);
    expect(v.opened.errors).toEqual([]);
    await v.context.close();
  });

  it('returning shopper: the stored choice (tcloaded) grants without any click', async () => {
    const shopper = await returningShopper();
    const v = await open('consent-tcf', { storageState: shopper.storageState, query: '?returning' });
    await v.page.waitForFunction(() => (window as unknown as { __consentHeard: boolean[] }).__consentHeard.length > 0, undefined, { timeout: 10_000 });
    expect(await heard(v)).toEqual([true]);
    expect(await storedId(v)).toBe(shopper.id);
    // The personal slots end with their own algorithms, for the stored id.
    await v.page.waitForFunction(() => {
      const events = (window as unknown as { __vitrineTest: { events: SlotEvent[] } }).__vitrineTest.events;
      return events.some((e) => e.id === 'c-recent' && e.type === 'render' && e.detail.algorithm === 'recentviews');
    });
    expect(await shows(v, 'c-recent')).toEqual({ products: VIEWED.map((p) => p.name).reverse() });
    expect(widgetCalls(v).filter((c) => c.path !== '/v1/widgetserver/trending').every((c) => c.site_uid === shopper.id)).toBe(true);
    expect(v.opened.errors).toEqual([]);
    await v.context.close();
  });

  it('a CMP that never answers: Vitrine stays without consent, renders, and throws nothing', async () => {
    const v = await firstVisit('consent-tcf-silent');
    await expectEverySlotShowsProducts(v);
    // The chunk's listener waits in the stub's queue, as the specification's stub keeps it.
    await v.page.waitForFunction(() => (window as unknown as { __tcfapi: { a: unknown[][] } }).__tcfapi.a.length > 0);
    expect(await v.page.evaluate(() => (window as unknown as { __tcfapi: { a: unknown[][] } }).__tcfapi.a.map((c) => [c[0], c[1]]))).toEqual([['addEventListener', 2]]);
    expect(await heard(v)).toEqual([]);
    expect(v.opened.errors).toEqual([]);
    await v.context.close();
  });
});
