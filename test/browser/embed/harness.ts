// What every embed scenario needs in the page: a recorder of Vitrine's events, of
// calls to the `__pwned` trap that hostile payloads call, and of CSP violations; and
// event-driven waits on those records (no fixed sleeps).
import { expect, it } from 'vitest';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';

export type SlotEventType = 'render' | 'error' | 'impression' | 'click' | 'add-to-cart';

export interface SlotEvent {
  type: SlotEventType;
  /** id of the slot the event came from (the slot itself or the one around the target). */
  id: string;
  /** Whether the event was dispatched on the slot element itself (DESIGN.md: events are on the slot). */
  onSlot: boolean;
  detail: Record<string, unknown>;
}

export interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

interface Records {
  events: SlotEvent[];
  pwned: string[];
  violations: Violation[];
}

type RecordingWindow = Window & { __vitrineTest: Records };

/**
 * Runs in the page before any of its scripts. The records live on a non-enumerable
 * property so that `Object.keys(window)` (the hygiene scenario) does not see them.
 */
function installRecorder(): void {
  const records: Records = { events: [], pwned: [], violations: [] };
  Object.defineProperty(window, '__vitrineTest', { value: records, enumerable: false });
  // Hostile payloads call this; a call means a payload ran.
  Object.defineProperty(window, '__pwned', { value: (what: unknown) => records.pwned.push(String(what)), enumerable: false });
  for (const type of ['render', 'error', 'impression', 'click', 'add-to-cart']) {
    window.addEventListener(
      'vitrine:' + type,
      (event) => {
        const detail = (event as CustomEvent).detail;
        const target = event.target as Element;
        const slot = target.closest?.('[data-vitrine]');
        records.events.push({ type: type as SlotEventType, id: (slot ?? target).id, onSlot: slot === target, detail: JSON.parse(JSON.stringify(detail ?? {})) });
      },
      true,
    );
  }
  document.addEventListener('securitypolicyviolation', (e) => {
    records.violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
  });
}

export interface OpenedPage {
  page: Page;
  /** Uncaught errors of the page (`pageerror`), as messages. */
  errors: string[];
  /** Messages of dialogs (alert/confirm/prompt) the page opened. */
  dialogs: string[];
}

/** A case that shows a defect: expected to fail (SHOW_DEFECTS=1 runs it as a plain case, to see its symptom). */
export const defect = process.env.SHOW_DEFECTS ? it : it.fails;

/** Before the page's scripts: keeps each `vitrine:consent` on the document, in order (what an analytics bridge would hear). */
export async function hearConsent(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const heard: boolean[] = [];
    Object.defineProperty(window, '__consentHeard', { value: heard });
    document.addEventListener('vitrine:consent', (e) => heard.push((e as CustomEvent<{ granted: boolean }>).detail.granted));
  });
}

/** The answers `hearConsent` kept so far. */
export const consentHeard = (page: Page): Promise<boolean[]> => page.evaluate(() => [...(window as unknown as { __consentHeard: boolean[] }).__consentHeard]);

/** A page with the recorder installed, not yet navigated. */
export async function newRecordedPage(context: BrowserContext): Promise<OpenedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss().catch(() => {});
  });
  await page.addInitScript(installRecorder);
  return { page, errors, dialogs };
}

export function records(page: Page): Promise<Records> {
  return page.evaluate(() => (window as unknown as RecordingWindow).__vitrineTest);
}

export async function slotEvents(page: Page, type?: SlotEventType): Promise<SlotEvent[]> {
  const all = (await records(page)).events;
  return type ? all.filter((e) => e.type === type) : all;
}

/**
 * Waits until every slot has an outcome: a `vitrine:render`, or a `vitrine:error` that
 * is final (a `theme` error is followed by a render with the built-in theme). Returns
 * the last outcome event per slot id.
 */
export async function settled(page: Page, ids: string[], timeout = 15_000): Promise<Record<string, SlotEvent>> {
  try {
    await page.waitForFunction(
      (want) => {
        const events = (window as unknown as RecordingWindow).__vitrineTest.events;
        return want.every((id) => events.some((e) => e.id === id && (e.type === 'render' || (e.type === 'error' && e.detail.kind !== 'theme'))));
      },
      ids,
      { timeout, polling: 50 },
    );
  } catch (error) {
    const events = (await records(page).catch(() => ({ events: [] as SlotEvent[] }))).events;
    const seen = events.map((e) => `${e.id}:${e.type}${e.type === 'error' ? '/' + String(e.detail.kind) : ''}`).join(', ');
    throw new Error(`slots ${ids.join(', ')} did not all settle in ${timeout} ms; events so far: ${seen || 'none'}`, { cause: error });
  }
  const outcome: Record<string, SlotEvent> = {};
  for (const e of (await records(page)).events) {
    if (ids.includes(e.id) && (e.type === 'render' || (e.type === 'error' && e.detail.kind !== 'theme'))) outcome[e.id] = e;
  }
  return outcome;
}

/** Asserts each slot rendered, naming the error of any that did not. */
export function expectRendered(outcome: Record<string, SlotEvent>, ids: string[]): void {
  for (const id of ids) {
    const e = outcome[id];
    expect(e?.type, `slot #${id}: ${e?.type === 'error' ? `${String(e.detail.kind)}: ${String(e.detail.message)}` : 'no outcome'}`).toBe('render');
  }
}

/**
 * A carousel fills its slides past the first few as they come near: swipes each track
 * `selector` finds in `scope` (a page, or a frame such as the studio's preview) to its
 * end, a track's width at a time, as a shopper would, and back to its start, waiting
 * for the frames that fill the slides and settle the buttons.
 */
export async function swipeCarousels(scope: Page | FrameLocator, selector = '.vitrine__track'): Promise<void> {
  await scope.locator(selector).evaluateAll(async (tracks) => {
    const frame = () => new Promise((next) => requestAnimationFrame(() => requestAnimationFrame(next)));
    for (const track of tracks) {
      for (let left = 0; left < track.scrollWidth; left += track.clientWidth) {
        track.scrollTo({ left, behavior: 'instant' });
        await frame();
      }
      track.scrollTo({ left: 0, behavior: 'instant' });
      await frame();
    }
  });
}

/** Product names shown in a slot's widget, in order (built-in and sample theme cards alike). */
export async function shownNames(page: Page, id: string): Promise<string[]> {
  await swipeCarousels(page, `#${id} .vitrine__track`);
  await page.waitForFunction((slot) => !document.querySelector(`#${slot} .vitrine__slide:empty`), id, { timeout: 10_000 });
  return page
    .locator(`#${id}`)
    .locator('.vitrine__name, .mv-card__name, .mv-grid__name, .mv-bundle__name')
    .evaluateAll((names) => names.map((n) => (n.textContent ?? '').trim()));
}

/** The org's theme list, as `GET /v1/theme` answers it, holding `themes`. */
export async function serveThemes(page: Page, ...themes: unknown[]): Promise<void> {
  await page.route(
    (u) => u.pathname === '/v1/theme',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify({ errMsg: null, widgetThemes: themes }) }),
  );
}

/**
 * Widget answers of `count` products: the sandbox answers at most 12, so its answer is
 * kept, in its shape, with its products repeated under the names and SKUs `product(i, call)`
 * gives (`call` counts the page's widget calls from 1).
 */
export async function repeatProducts(page: Page, count: number, product: (i: number, call: number) => { sku: string; name: string; currentPageUrl: string }): Promise<void> {
  let calls = 0;
  await page.route(
    (u) => u.pathname.startsWith('/v1/widgetserver/'),
    async (route) => {
      const call = ++calls;
      const answer = await route.fetch();
      const body = await answer.json();
      const some = body.products as Record<string, unknown>[];
      body.products = Array.from({ length: count }, (_, i) => ({ ...some[i % some.length], ...product(i, call) }));
      await route.fulfill({ response: answer, body: JSON.stringify(body) });
    },
  );
}
