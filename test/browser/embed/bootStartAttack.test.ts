// A hostile or messy page before Vitrine's start: the settings and the consent state are
// read in the task after the script's own, and what the page said before then (consent,
// context, plugins, slots) must be kept. Fixtures:
//   boot-start-attack-required.html  data-consent="required", the tag after the slots (start: postTask)
//   boot-start-attack-open.html      no consent mode, the tag in the head (start: a timer)
//   boot-start-attack-twins.html     two copies: the first asks for consent, the second not
// Each page calls `window.__onVitrineLoad(script)` in the script's load event, before the start.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, BrowserContextOptions, ConsoleMessage } from 'playwright-core';
import { consentHeard, defect, hearConsent, newRecordedPage, settled, slotEvents } from './harness';
import { useFixtureSuite } from './useFixtureSuite';

const suite = useFixtureSuite('boot-start-attack');
const SLOTS = ['a-recent', 'a-trending'];
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

type Init = (() => void) | [(arg: never) => void, unknown];

async function open(name: string, options: { init?: Init[]; storageState?: BrowserContextOptions['storageState'] } = {}) {
  context = await suite.browser.newContext({ viewport: { width: 1280, height: 1000 }, storageState: options.storageState });
  const opened = await newRecordedPage(context);
  const { page } = opened;
  await hearConsent(page);
  for (const init of options.init ?? []) {
    if (typeof init == 'function') await page.addInitScript(init);
    else await page.addInitScript(init[0] as (arg: unknown) => void, init[1]);
  }
  const warnings: string[] = [];
  page.on('console', (m: ConsoleMessage) => m.type() == 'warning' && /vitrine/i.test(m.text()) && warnings.push(m.text()));
  const urls: URL[] = [];
  page.on('request', (r) => urls.push(new URL(r.url())));
  await page.goto(suite.fixtures.page(name));
  const widgetCalls = () => urls.filter((u) => u.origin === suite.sandbox.url && u.pathname.startsWith('/v1/widgetserver/'));
  const stored = async () => {
    const cookies = (await context!.cookies()).filter((c) => c.name === 'vitrine_uid').map((c) => c.value);
    const local = await page.evaluate(() => localStorage.getItem('vitrine_uid'));
    return { cookies, local };
  };
  const heard = () => consentHeard(page);
  return { ...opened, warnings, widgetCalls, stored, heard };
}

/** Long enough for an id write left for a later task to have happened. */
const aWhile = (page: import('playwright-core').Page) => page.waitForTimeout(600);

const returning = (id: string) => ({
  cookies: [{ name: 'vitrine_uid', value: id, domain: '127.0.0.1', path: '/', expires: Math.round(Date.now() / 1000) + 86400 * 300, httpOnly: false, secure: false, sameSite: 'Lax' as const }],
  origins: [{ origin: suite.fixtures.url, localStorage: [{ name: 'vitrine_uid', value: id }] }],
});
const OLD_ID = '0f0e0d0c-0b0a-4908-8706-050403020100';

/** The page's own `scheduler.postTask`, in the browser's place before any script runs. */
const postTaskThat = (kind: 'never runs' | 'throws' | 'runs at once'): Init => [
  (how: string) => {
    (globalThis as unknown as { Scheduler: { prototype: Record<string, unknown> } }).Scheduler.prototype.postTask =
      how == 'throws'
        ? () => {
            throw new Error('no');
          }
        : how == 'runs at once'
          ? (task: () => void) => (task(), Promise.resolve())
          : () => new Promise(() => {});
  },
  kind,
];

/** The page's answers, said in the script's load event (before the start). */
const sayOnLoad = (answers: unknown[]): Init => [
  (list: unknown[]) => {
    (window as unknown as { __onVitrineLoad: () => void }).__onVitrineLoad = () => {
      for (const a of list) (window as unknown as { Vitrine: { consent(g: unknown): void } }).Vitrine.consent(a === 'undefined' ? undefined : a);
    };
  },
  answers,
];

describe('consent said before the start', () => {
  it('required: yes then the string "true" (a CMP that speaks strings) is a no: nothing stored, nothing personal', async () => {
    const v = await open('boot-start-attack-required', { init: [sayOnLoad([true, 'true'])] });
    const outcome = await settled(v.page, SLOTS);
    expect(outcome['a-recent'].detail).toMatchObject({ personal: false });
    await aWhile(v.page);
    expect(await v.stored()).toEqual({ cookies: [], local: null });
    // Both answers, in order, as the page said them: the id the yes made is never written.
    expect(await v.heard()).toEqual([true, false]);
    expect(v.errors).toEqual([]);
  });

  it('required: 1, undefined, "yes" are no yes: nothing stored, no personal call', async () => {
    const v = await open('boot-start-attack-required', { init: [sayOnLoad([1, 'undefined', 'yes'])] });
    await settled(v.page, SLOTS);
    await aWhile(v.page);
    expect(await v.stored()).toEqual({ cookies: [], local: null });
    expect(v.widgetCalls().map((u) => u.pathname)).toEqual(v.widgetCalls().map(() => '/v1/widgetserver/trending'));
    expect(v.errors).toEqual([]);
  });

  it('required: no, no, yes said several times: the last answer counts, the id is stored, the calls are personal', async () => {
    const v = await open('boot-start-attack-required', { init: [sayOnLoad([false, false, true, true])] });
    const outcome = await settled(v.page, SLOTS);
    expect(outcome['a-recent'].detail).toMatchObject({ personal: true });
    await expect.poll(async () => (await v.stored()).local, { timeout: 5000 }).toMatch(/^[0-9a-f-]{36}$/);
    expect(v.errors).toEqual([]);
  });

  // Every answer said before the start is applied in order, as it would be after it.
  it('required, returning shopper: no then yes before the start: the id from before the refusal is not used again', async () => {
    const v = await open('boot-start-attack-required', { init: [sayOnLoad([false, true])], storageState: returning(OLD_ID) });
    await settled(v.page, SLOTS);
    await aWhile(v.page);
    const { cookies, local } = await v.stored();
    expect(v.widgetCalls().some((u) => u.searchParams.get('site_uid') === OLD_ID)).toBe(false);
    expect(local).not.toBe(OLD_ID);
    expect(cookies).not.toContain(OLD_ID);
  });

  it('control: the same no then yes said after the start deletes the old id and stores a new one', async () => {
    const v = await open('boot-start-attack-required', { storageState: returning(OLD_ID) });
    await settled(v.page, SLOTS);
    await v.page.evaluate(() => {
      const api = (window as unknown as { Vitrine: { consent(g: boolean): void } }).Vitrine;
      api.consent(false);
      api.consent(true);
    });
    await aWhile(v.page);
    expect(await v.heard()).toEqual([false, true]);
    const { local } = await v.stored();
    expect(local).toMatch(/^[0-9a-f-]{36}$/);
    expect(local).not.toBe(OLD_ID);
    expect(v.errors).toEqual([]);
  });

  it('no consent mode, returning shopper: a no before the start deletes the stored id, unsent, and nothing is written again', async () => {
    const v = await open('boot-start-attack-open', { init: [sayOnLoad([false])], storageState: returning(OLD_ID) });
    const outcome = await settled(v.page, SLOTS);
    expect(outcome['a-recent'].detail).toMatchObject({ personal: false });
    await aWhile(v.page);
    expect(await v.stored()).toEqual({ cookies: [], local: null });
    expect(v.widgetCalls().some((u) => u.searchParams.get('site_uid') === OLD_ID)).toBe(false);
    expect(await v.heard()).toEqual([false]);
    expect(v.errors).toEqual([]);
  });

  it('no consent mode, new visitor: a no before the start: nothing is ever written', async () => {
    const v = await open('boot-start-attack-open', { init: [sayOnLoad([false])] });
    await settled(v.page, SLOTS);
    await aWhile(v.page);
    expect(await v.stored()).toEqual({ cookies: [], local: null });
    expect(v.errors).toEqual([]);
  });

  it('two copies, the first asking for consent: the second copy’s settings change nothing, nothing is stored', async () => {
    const v = await open('boot-start-attack-twins');
    const outcome = await settled(v.page, SLOTS);
    expect(outcome['a-recent'].detail).toMatchObject({ personal: false });
    await aWhile(v.page);
    expect(await v.stored()).toEqual({ cookies: [], local: null });
    expect(v.errors).toEqual([]);
  });
});

describe('the page API used before the start', () => {
  it('a throwing plugin, setContext, render(), refresh() and a throwing consent listener: the slots render once for the page said, no error reaches the page', async () => {
    const v = await open('boot-start-attack-required', {
      init: [
        () => {
          const w = window as unknown as Record<string, unknown> & { Vitrine: Record<string, (...a: unknown[]) => unknown> };
          w.__pluginRuns = 0;
          document.addEventListener('vitrine:consent', () => {
            throw new Error('page listener');
          });
          w.__onVitrineLoad = () => {
            w.Vitrine.use(() => {
              throw new Error('plugin broke');
            });
            w.Vitrine.use(() => void (w.__pluginRuns = (w.__pluginRuns as number) + 1));
            w.Vitrine.setContext({ pageType: 'product_page', pname: 'Quiberon Crewneck', sku: 'MV-KNI-001' });
            w.Vitrine.render();
            w.Vitrine.refresh();
            w.Vitrine.consent(false);
          };
        },
      ],
    });
    await settled(v.page, SLOTS);
    await aWhile(v.page);
    const renders = (await slotEvents(v.page, 'render')).filter((e) => e.id === 'a-trending');
    expect(renders.map((e) => e.detail.page)).toEqual(['product_page']);
    expect(await v.page.evaluate(() => (window as unknown as { __pluginRuns: number }).__pluginRuns)).toBe(1);
    // The page's own listener threw: that error is the page's, and nothing of Vitrine's follows it.
    expect(v.errors).toEqual(['page listener']);
    expect(await v.stored()).toEqual({ cookies: [], local: null });
  });

  it('the script element removed in its load event: Vitrine starts with its settings (consent still required)', async () => {
    const v = await open('boot-start-attack-required', { init: [() => ((window as unknown as { __onVitrineLoad: (s: Element) => void }).__onVitrineLoad = (s) => s.remove())] });
    const outcome = await settled(v.page, SLOTS);
    expect(outcome['a-trending'].type).toBe('render');
    expect(outcome['a-recent'].detail).toMatchObject({ personal: false });
    await aWhile(v.page);
    expect(await v.stored()).toEqual({ cookies: [], local: null });
    expect(v.errors).toEqual([]);
  });

  // The tag's data-* are read at the start: a page that takes data-consent="required" off
  // its own tag in the script's load event has no consent mode (its choice, as any setting
  // it writes before then). Vitrine starts and throws nothing.
  it('data-consent removed in the load event: Vitrine starts and throws nothing', async () => {
    const v = await open('boot-start-attack-required', { init: [() => ((window as unknown as { __onVitrineLoad: (s: HTMLElement) => void }).__onVitrineLoad = (s) => void s.removeAttribute('data-consent'))] });
    await settled(v.page, SLOTS);
    await aWhile(v.page);
    expect((await slotEvents(v.page, 'render')).length).toBeGreaterThan(0);
    expect(v.errors).toEqual([]);
  });
});

describe('a page whose vitrineConfig is hostile, with a complete tag', () => {
  const clobber = (kind: string): Init => [
    (k: string) => {
      (window as unknown as { __onVitrineLoad: () => void }).__onVitrineLoad = () => {
        const main = document.querySelector('main')!;
        if (k == 'form') main.insertAdjacentHTML('beforeend', '<form id="vitrineConfig"><input name="consent" value="granted"><input name="orgId" value="evil"><input name="baseUrl" value="https://evil.example"></form>');
        if (k == 'iframe') main.insertAdjacentHTML('beforeend', '<iframe name="vitrineConfig" srcdoc="<p>x</p>"></iframe>');
        if (k == 'iframe-sandbox') main.insertAdjacentHTML('beforeend', '<iframe name="vitrineConfig" sandbox srcdoc="<p>x</p>"></iframe>');
        if (k == 'anchor') main.insertAdjacentHTML('beforeend', '<a id="vitrineConfig" href="https://evil.example/?consent=granted" data-consent="granted">x</a><a id="vitrineConfig" name="orgId">y</a>');
      };
    },
    kind,
  ];

  for (const kind of ['form', 'iframe', 'iframe-sandbox', 'anchor']) {
    it(`clobbered by markup (${kind}) before the start: the tag’s settings hold, consent still required, no error`, async () => {
      const v = await open('boot-start-attack-required', { init: [clobber(kind)] });
      const outcome = await settled(v.page, SLOTS);
      expect(outcome['a-trending'].type).toBe('render');
      expect(outcome['a-recent'].detail).toMatchObject({ personal: false });
      expect(v.widgetCalls().every((u) => u.searchParams.get('orgId') === suite.sandbox.orgId)).toBe(true);
      await aWhile(v.page);
      expect(await v.stored()).toEqual({ cookies: [], local: null });
      expect(v.warnings).toEqual([]);
      expect(v.errors).toEqual([]);
    });
  }

  for (const kind of ['getter', 'proxy']) {
    it(`window.vitrineConfig that throws (${kind}): not started, one warning, vitrine:error config on each slot, fallbacks stay, no error`, async () => {
      const v = await open('boot-start-attack-required', {
        init: [
          [
            (k: string) => {
              (window as unknown as { __onVitrineLoad: () => void }).__onVitrineLoad = () => {
                if (k == 'getter') Object.defineProperty(window, 'vitrineConfig', { configurable: true, get: () => { throw new Error('broken'); } });
                else (window as unknown as Record<string, unknown>).vitrineConfig = new Proxy({}, { ownKeys: () => { throw new Error('broken'); } });
              };
            },
            kind,
          ],
        ],
      });
      const outcome = await settled(v.page, SLOTS);
      expect(outcome['a-trending']).toMatchObject({ type: 'error', detail: { kind: 'config', message: 'the settings could not be read' } });
      expect(outcome['a-recent']).toMatchObject({ type: 'error', detail: { kind: 'config' } });
      expect(v.warnings).toEqual(['[vitrine] not started: the settings could not be read']);
      expect(await v.page.locator('#a-trending').innerText()).toBe('Trending (fallback)');
      expect(v.widgetCalls()).toEqual([]);
      expect(v.errors).toEqual([]);
    });
  }
});

describe('a page that replaced the scheduler or the timers', () => {
  // A known defect, older than the start's own task: `soon` checks that `scheduler` is the
  // browser's, not that its `postTask` is. A page (a monitoring or "yield" helper) that
  // replaces Scheduler.prototype.postTask with one that queues the task and never runs it
  // leaves Vitrine unstarted for good: every slot keeps its fallback, with no vitrine:error.
  // Expected to fail; SHOW_DEFECTS=1 runs it as a plain case, to see its symptom.
  defect('postTask replaced by one that never runs the task: the slots still render', async () => {
    const v = await open('boot-start-attack-required', {
      init: [postTaskThat('never runs')],
    });
    const outcome = await settled(v.page, SLOTS, 8000);
    expect(outcome['a-trending'].type).toBe('render');
    expect(v.errors).toEqual([]);
  });

  it('a no said before a start that never comes (the same postTask) still deletes the stored id at once', async () => {
    const v = await open('boot-start-attack-required', {
      init: [postTaskThat('never runs'), sayOnLoad([false])],
      storageState: returning(OLD_ID),
    });
    await aWhile(v.page);
    expect(await v.stored()).toEqual({ cookies: [], local: null });
    expect(v.widgetCalls()).toEqual([]);
    expect(v.errors).toEqual([]);
  });

  it('postTask that throws: the start falls back to a timer, the slots render', async () => {
    const v = await open('boot-start-attack-required', {
      init: [postTaskThat('throws')],
    });
    const outcome = await settled(v.page, SLOTS);
    expect(outcome['a-trending'].type).toBe('render');
    expect(v.errors).toEqual([]);
  });

  it('postTask that runs the task at once (a naive polyfill): a yes said in the load event still counts', async () => {
    const v = await open('boot-start-attack-required', {
      init: [
        postTaskThat('runs at once'),
        sayOnLoad([true]),
      ],
    });
    const outcome = await settled(v.page, SLOTS);
    expect(outcome['a-recent'].detail).toMatchObject({ personal: true });
    expect(v.errors).toEqual([]);
  });

  it('setTimeout wrapped by the page (zone.js style, strict, passes its own this): the start runs, the slots render', async () => {
    const v = await open('boot-start-attack-open', {
      init: [
        () => {
          'use strict';
          const original = window.setTimeout;
          (window as unknown as { setTimeout: unknown }).setTimeout = function (this: unknown, fn: () => void, ms?: number, ...rest: unknown[]) {
            return original.call(window, () => fn(...(rest as [])), ms);
          };
        },
        sayOnLoad([false]),
      ],
    });
    const outcome = await settled(v.page, SLOTS);
    expect(outcome['a-trending'].type).toBe('render');
    await aWhile(v.page);
    expect(await v.stored()).toEqual({ cookies: [], local: null });
    expect(v.errors).toEqual([]);
  });
});
