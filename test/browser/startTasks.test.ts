// Vitrine's start on the demo shop, task by task, on an emulated phone. On a phone every
// task of the start is several times longer than on a desktop, so what the shopper waits
// for (the first widget's call) is made right after the task that knows it is needed, and
// the rest in tasks of their own after it: the script's own task only defines the API;
// the task that finds the first slot near (the observer's report, or for a slot marked
// `loading="eager"` a task of its own once it is found) reads the page, the visitor id is
// read in the next, its call leaves in the task right after, and what its drawing waits
// for in the two after that (the themes, then its layout chunk and the stylesheet); the
// number format worker and the analytics chunk follow in later tasks; the page chunk's
// arrival reads nothing and calls nothing in its own task.
//
// The page labels its tasks itself: a label is set as a task of interest starts (the
// assignment of `window.Vitrine`, an observer's callback, the page chunk's load event, a
// timer's callback) and a user-blocking task posted at that moment (`scheduler.postTask`)
// takes it off. Tasks of one priority run in the order they were posted, and before any
// of a lower one (timers), so that task runs before any Vitrine posted or queued later in
// the same task, and what is recorded under the label was done in that task. Each task
// Vitrine posts ahead of the page's is labelled `posted <n>`, in the order they ran.
import { describe, expect, it } from 'vitest';
import type { Cookie } from 'playwright-core';
import { useDemoShop } from './useDemoShop';

const demo = useDemoShop('start-tasks');

type Done = [what: string, detail: string, task: string];

/** Runs in the page before its own scripts: labels the tasks and records what Vitrine does in which. */
function labelTasks() {
  const w = window as unknown as { __task: string; __done: Done[] };
  w.__task = '';
  w.__done = [];
  const scheduler = (window as unknown as { scheduler: { postTask(task: () => void, options: object): unknown } }).scheduler;
  const post = scheduler.postTask.bind(scheduler);
  const next = (task: () => void) => post(task, { priority: 'user-blocking' });
  const label = (name: string, ...then: string[]) => {
    w.__task = name;
    next(() => (then.length ? label(...(then as [string, ...string[]])) : (w.__task = '')));
  };
  const note = (what: string, detail: string) => w.__done.push([what, detail, w.__task]);
  const timer = window.setTimeout;
  let vitrine: unknown;
  Object.defineProperty(window, 'Vitrine', {
    configurable: true,
    get: () => vitrine,
    set(value) {
      if (!vitrine) label('script');
      vitrine = value;
    },
  });
  const IO = window.IntersectionObserver;
  window.IntersectionObserver = class extends IO {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      super((entries, observer) => (label('observer'), callback(entries, observer)), options);
    }
    override observe(target: Element) {
      note('observe', target.id || target.tagName);
      super.observe(target);
    }
  };
  // A page whose cookie store keeps its answer (`__holdCookieStore`) answers once the first
  // widget call has gone: a read of the id then cannot have waited for it.
  const store = (window as unknown as { CookieStore: { prototype: { get(this: unknown, ...args: unknown[]): Promise<unknown> } } }).CookieStore.prototype;
  const ask = store.get;
  store.get = function (...args) {
    note('cookie store asked', '');
    const answer = ask.apply(this, args);
    const held = (window as unknown as { __holdCookieStore?: boolean }).__holdCookieStore;
    return held ? new Promise((resolve) => { const look = () => (w.__done.some(([what, url]) => what == 'fetch' && url.includes('/v1/widgetserver/')) ? resolve(answer) : timer(look, 50)); look(); }) : answer;
  };
  // Each timer's task (the steps Vitrine spreads its work over) has a label of its own.
  let timers = 0;
  window.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => timer(() => (label('timer ' + ++timers), handler(...args)), ms)) as typeof setTimeout;
  // So has each task Vitrine posts ahead of the page's (the first widget's draw steps),
  // unless it runs under a label already (the task right after an observer's report).
  let posted = 0;
  scheduler.postTask = (task: () => void, options: object) => post(() => (w.__task || label('posted ' + ++posted), task()), options);
  const fetch = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    note('fetch', String(input instanceof Request ? input.url : input));
    return fetch.call(this, input, init);
  };
  const append = Node.prototype.appendChild;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    const el = node as unknown as HTMLScriptElement & HTMLLinkElement;
    if (this == document.head && (el.src || el.href)) note(el.tagName.toLowerCase() + (el.rel ? ':' + el.rel : ''), el.src || el.href);
    // A theme's script is added to the head, once, when it first runs.
    if (this == document.head && el.id?.startsWith?.('vitrine-script-')) note('theme script', el.id);
    return append.call(this, node) as T;
  };
  const Work = window.Worker;
  window.Worker = class extends Work {
    constructor(url: string | URL, options?: WorkerOptions) {
      note('worker', String(url));
      super(url, options);
    }
  };
  // Markup Vitrine parses (a card's or a whole-widget theme's, before it is sanitised)
  // goes into an inert <template>; a widget is drawn when its root goes into its slot.
  const ours = () => /\/dist\/vitrine/.test(new Error().stack || '');
  const markup = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
  Object.defineProperty(Element.prototype, 'innerHTML', {
    ...markup,
    set(this: Element, value: string) {
      if (this instanceof HTMLTemplateElement && ours()) note('parse', '');
      markup.set!.call(this, value);
    },
  });
  const put = Element.prototype.append;
  Element.prototype.append = function (this: Element, ...nodes: (Node | string)[]) {
    if (this.hasAttribute('data-vitrine') && ours()) note('draw', this.id);
    put.apply(this, nodes);
  };
  // Mustache scans a template with String.prototype.search and match: noted once a task.
  for (const name of ['search', 'match'] as const) {
    const scan = String.prototype[name] as (this: string, pattern: RegExp) => unknown;
    (String.prototype as unknown as Record<string, unknown>)[name] = function (this: string, pattern: RegExp) {
      const last = w.__done[w.__done.length - 1];
      if (w.__task && !(last?.[0] == 'scan' && last[2] == w.__task) && ours()) note('scan', '');
      return scan.call(this, pattern);
    };
  }
  // What reads the page (microdata, RDFa, the title) asks the document.
  for (const name of ['querySelector', 'querySelectorAll'] as const) {
    const query = Document.prototype[name] as (selector: string) => unknown;
    (Document.prototype as unknown as Record<string, unknown>)[name] = function (this: Document, selector: string) {
      // Vitrine's own queries: the test's polling is evaluated between the page's tasks.
      if (w.__task == 'page chunk' && /\/dist\/vitrine/.test(new Error().stack || '')) note(name, selector);
      return query.call(this, selector);
    };
  }
  document.addEventListener('load', (e) => /vitrine-page\.js$/.test((e.target as HTMLScriptElement).src || '') && label('page chunk'), true);
  // What is kept of the visitor on the device: the cookies written and the id's localStorage
  // entry; and where Vitrine reads the cookie (a wait on the browser's cookie store).
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  Object.defineProperty(Document.prototype, 'cookie', {
    configurable: true,
    get() {
      if (ours()) note('cookie read', '');
      return cookie.get!.call(this);
    },
    set(value: string) {
      note('cookie', value);
      cookie.set!.call(this, value);
    },
  });
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    if (key == 'vitrine_uid') note('localStorage', key + '=' + value);
    return setItem.call(this, key, value);
  };
}

/**
 * Runs in the page after `labelTasks`: the first widget is drawn as on a phone whose theme
 * script runner is already here. Its answer is handed over once the theme script chunk
 * has run (else the script waits for the chunk, in a task of the chunk's, whatever the
 * draw did), and going into its slot takes at least `ms`: Chromium's CPU throttling slows
 * the page by pausing its thread from another one, which on a busy machine does not
 * always get to run, and the draw then took a desktop's few milliseconds.
 */
function phoneDraw(ms: number) {
  let ran: () => void;
  const runner = new Promise<void>((resolve) => (ran = resolve));
  document.addEventListener('load', (e) => /vitrine-script\.js$/.test((e.target as HTMLScriptElement).src || '') && ran(), true);
  const fetch = window.fetch;
  window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
    const answer = fetch.call(this, input, init);
    return String(input instanceof Request ? input.url : input).includes('/v1/widgetserver/') ? Promise.all([answer, runner]).then(([response]) => response) : answer;
  };
  const put = Element.prototype.append;
  Element.prototype.append = function (this: Element, ...nodes: (Node | string)[]) {
    if (this.hasAttribute('data-vitrine')) for (const end = performance.now() + ms; performance.now() < end; );
    put.apply(this, nodes);
  };
}

/**
 * Loads a demo page on a phone once its first widget is drawn (`until`: once Vitrine has
 * done that), and returns what Vitrine did in which task; `cpu`: the main thread that many
 * times slower; `hold`: the cookie store answers only once the first widget call has gone.
 */
async function start(path: string, storageState?: { cookies: Cookie[]; origins: [] }, { cpu = 1, until = '', drawMs = 0, hold = false } = {}): Promise<Done[]> {
  const context = await demo.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, storageState });
  const page = await context.newPage();
  if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
  if (hold) await page.addInitScript(() => ((window as unknown as { __holdCookieStore: boolean }).__holdCookieStore = true));
  await page.addInitScript(labelTasks);
  if (drawMs) await page.addInitScript(phoneDraw, drawMs);
  await page.goto(demo.shop.url + path);
  await page.waitForFunction(() => document.querySelectorAll('.vitrine a[href^="/products/"]').length > 0, undefined, { timeout: 15_000 });
  if (until) await page.waitForFunction((what) => (window as unknown as { __done: Done[] }).__done.some((d) => d[0] == what), until, { timeout: 15_000 });
  const done = await page.evaluate(() => (window as unknown as { __done: Done[] }).__done);
  await context.close();
  return done;
}

const widgetCall = ([what, url]: Done) => what == 'fetch' && url.includes('/v1/widgetserver/');
const inTask = (done: Done[], task: string) => done.filter((d) => d[2] == task);

describe('on a phone, Vitrine starts in short tasks', () => {
  it('the script’s own task defines the API and nothing else: no slot watched, no element added, no request', async () => {
    const done = await start('/');
    expect(inTask(done, 'script')).toEqual([]);
    // The start came in a later task: the slots were watched then, and the widget was drawn.
    expect(done.filter(([what]) => what == 'observe').length).toBeGreaterThan(0);
  });

  it.each([
    ['/', 'its first slot, marked loading="eager", in a task of its own once found'],
    ['/cart', 'the observer’s report'],
  ])('%s: %s reads the page, and neither the cookie nor the network; the id is read in a later task and the first widget’s call leaves alone in the one after; the themes in the next, then the layout chunk and the stylesheet; the analytics chunk later', async (path) => {
    const done = await start(path);
    const call = done.find(widgetCall)!;
    const before = done.slice(0, done.indexOf(call));
    const posted = (task: string) => Number(/^posted (\d+)$/.exec(task)?.[1]);
    // The task that found the slot near asked nothing of the network or of the cookie.
    const found = path == '/' ? before.filter(([, , task]) => task == 'posted ' + (posted(call[2]) - 2)) : inTask(done, 'observer');
    expect(found.filter(([what]) => /^(fetch|script|link|worker|cookie read)/.test(what)), JSON.stringify(done)).toEqual([]);
    // The call leaves alone in a task posted ahead of the page's: no cookie read there,
    // nor anything else asked for.
    expect(call[2], JSON.stringify(done)).toMatch(/^posted \d+$/);
    expect(inTask(done, call[2]).filter(([what]) => /^(fetch|script|link|worker|cookie read)/.test(what)), JSON.stringify(done)).toEqual([call]);
    // The id, where the cookie store had not answered yet, was read from the cookie in the
    // task right before, which asked for nothing.
    for (const read of before.filter(([what]) => what == 'cookie read')) {
      expect(read[2], JSON.stringify(done)).toBe('posted ' + (posted(call[2]) - 1));
      expect(inTask(done, read[2]).filter(([what]) => /^(fetch|script|link|worker)/.test(what))).toEqual([]);
    }
    // What the widget's drawing waits for is asked for in the two tasks after the call's:
    // the themes (a cached list read from localStorage on a warm view), then the chunk and
    // the stylesheet.
    const themes = inTask(done, 'posted ' + (posted(call[2]) + 1));
    expect(themes.filter(([what]) => /^(fetch|script|link|worker)/.test(what)), JSON.stringify(done)).toEqual([themes.find(([what, url]) => what == 'fetch' && url.includes('/v1/theme?'))]);
    const after = inTask(done, 'posted ' + (posted(call[2]) + 2));
    expect(after.some(([what, src]) => what == 'script' && src.endsWith('/vitrine-carousel.js')), JSON.stringify(done)).toBe(true);
    expect(after.some(([what, href]) => what == 'link:stylesheet' && href.endsWith('/vitrine.css'))).toBe(true);
    expect(after.filter(([what, url]) => what == 'fetch' || url.endsWith('/vitrine-analytics.js'))).toEqual([]);
    // The number format's worker, which the draw waits for, is started in a later task.
    expect([...themes, ...after].filter(([what]) => what == 'worker')).toEqual([]);
    expect(done.some(([what]) => what == 'worker')).toBe(true);
    // It was asked for all the same.
    expect(done.some(([what, src]) => what == 'script' && src.endsWith('/vitrine-analytics.js'))).toBe(true);
  });

  it('/: the slot marked loading="eager" is not left to the observer: its call leaves without it ever being watched for coming near; the slots below it are', async () => {
    const done = await start('/');
    const call = done.find(widgetCall)!;
    expect(new URL(call[1]).searchParams.get('divisionId')).toBe('home-trending');
    expect(done.filter(([what, id]) => what == 'observe' && id == 'home-trending')).toEqual([]);
    expect(done.filter(([what, id]) => what == 'observe' && id == 'home-recent').length).toBe(1);
  });

  it('a cookie store slow to answer (the page still loading) holds nothing back: the id is read from the cookie, in a task posted ahead of the page’s, and the call carries it', async () => {
    const id = '3e9b1c2d-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
    const url = new URL(demo.shop.url);
    const cookie: Cookie = { name: 'vitrine_uid', value: id, domain: url.hostname, path: '/', expires: Math.round(Date.now() / 1000) + 86400 * 30, httpOnly: false, secure: false, sameSite: 'Lax' };
    const done = await start('/cart', { cookies: [cookie], origins: [] }, { hold: true });
    const call = done.find(widgetCall)!;
    // The store was asked as the slot was found, and answered only after the call.
    expect(done.slice(0, done.indexOf(call)).some(([what]) => what == 'cookie store asked')).toBe(true);
    const read = done.slice(0, done.indexOf(call)).filter(([what]) => what == 'cookie read');
    expect(read.length, JSON.stringify(done)).toBe(1);
    expect(read[0][2], JSON.stringify(done)).toMatch(/^posted \d+$/);
    expect(new URL(call[1]).searchParams.get('site_uid')).toBe(id);
  });

  it('a new visitor: the tasks that read the page and the id and send the first widget call store nothing; the id it carried is stored in a later task, in the cookie and localStorage', async () => {
    const done = await start('/cart');
    const first = done.find(widgetCall)!;
    const n = Number(first[2].split(' ')[1]);
    const id = new URL(first[1]).searchParams.get('site_uid')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const kept = done.filter(([what, detail]) => (what == 'cookie' || what == 'localStorage') && detail.startsWith('vitrine_uid'));
    expect(kept.filter(([, , task]) => ['observer', 'posted ' + (n - 1), first[2]].includes(task)), JSON.stringify(done)).toEqual([]);
    expect(kept.map(([what, detail]) => [what, detail.split(';')[0]])).toEqual([
      ['localStorage', 'vitrine_uid=' + id],
      ['cookie', 'vitrine_uid=' + id],
    ]);
    expect(kept[1][1]).toMatch(/; max-age=31536000; path=\/; SameSite=Lax$/);
    // Every widget call of the page carried that one id.
    expect(new Set(done.filter(widgetCall).map(([, url]) => new URL(url).searchParams.get('site_uid')).filter(Boolean))).toEqual(new Set([id]));
  });

  it('a page whose cookie store never answers: the widget is drawn all the same, its call carrying the id the cookie holds', async () => {
    const id = '5d0e3c7a-9b1f-4e2a-8c6d-7f3a2b1c0e9d';
    const context = await demo.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    await context.addCookies([{ name: 'vitrine_uid', value: id, url: demo.shop.url }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { CookieStore: { prototype: { get: () => Promise<never> } } }).CookieStore.prototype.get = () => new Promise(() => {});
    });
    const calls: string[] = [];
    page.on('request', (request) => request.url().includes('/v1/widgetserver/') && calls.push(request.url()));
    await page.goto(demo.shop.url + '/');
    await page.waitForFunction(() => document.querySelectorAll('.vitrine a[href^="/products/"]').length > 0, undefined, { timeout: 15_000 });
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.map((url) => new URL(url).searchParams.get('site_uid'))).toEqual(calls.map(() => id));
    await context.close();
  });

  it('a returning visitor keeps their id: the calls carry it, and its cookie is renewed for a year a task after the first call, localStorage untouched', async () => {
    const id = '0b7c6a52-1f7e-4c1e-9d0a-5e2f3a4b5c6d';
    const url = new URL(demo.shop.url);
    const cookie: Cookie = { name: 'vitrine_uid', value: id, domain: url.hostname, path: '/', expires: Math.round(Date.now() / 1000) + 86400 * 30, httpOnly: false, secure: false, sameSite: 'Lax' };
    const done = await start('/', { cookies: [cookie], origins: [] });
    const calls = done.filter(widgetCall);
    expect(calls[0][2]).toMatch(/^posted \d+$/);
    expect(calls.map(([, u]) => new URL(u).searchParams.get('site_uid')).filter(Boolean).every((uid) => uid == id)).toBe(true);
    const kept = done.filter(([what, detail]) => (what == 'cookie' || what == 'localStorage') && detail.startsWith('vitrine_uid'));
    expect(kept.map(([what, detail]) => [what, detail])).toEqual([['cookie', `vitrine_uid=${id}; max-age=31536000; path=/; SameSite=Lax`]]);
    expect(done.indexOf(kept[0])).toBeGreaterThan(done.indexOf(calls[0]));
    expect(kept[0][2]).not.toBe(calls[0][2]);
  });

  it.each(['/cart', '/no-such-page'])('%s: a widget is drawn in a task of its own: its cards, or a whole-widget theme’s markup, were parsed in the tasks before', async (path) => {
    const done = await start(path);
    const draws = done.filter(([what]) => what == 'draw');
    expect(draws.length).toBeGreaterThan(0);
    expect(done.some(([what]) => what == 'parse')).toBe(true);
    for (const draw of draws) {
      // One of the tasks the draw goes on in (timers, or for the page's first widget tasks
      // posted ahead of the page's), and the first thing done in it: no card or
      // whole-widget markup parsed before it there.
      expect(draw[2]).toMatch(/^(timer|posted) \d+$/);
      const task = inTask(done, draw[2]);
      expect(task.slice(0, task.indexOf(draw)), JSON.stringify(done)).toEqual([]);
    }
  });

  it('/ at phone speed (4× CPU): a theme’s script runs in a task after the one that drew its widget', async () => {
    const done = await start('/', undefined, { cpu: 4, until: 'theme script', drawMs: 20 });
    // The demo's carousel theme has a script, whose runner is here before the answer. At
    // phone speed the draw alone is more than a task's few milliseconds of steps (20–40 ms
    // measured at 4× CPU; held to at least 20 ms here), so the script waits for the next.
    const script = done.find(([what]) => what == 'theme script')!;
    expect(done.slice(0, done.indexOf(script)).some(([what]) => what == 'draw'), JSON.stringify(done)).toBe(true);
    expect(inTask(done, script[2]).filter(([what]) => what == 'draw'), JSON.stringify(done)).toEqual([]);
  });

  it('/cart: the warm-up card’s template is scanned in a task of its own, before the one that parses its markup', async () => {
    const done = await start('/cart');
    const parsed = done.find(([what]) => what == 'parse')!;
    // The first markup parsed is the warm-up card's, in a task of Vitrine's own (a timer,
    // or posted ahead of the page's for the page's first widget), and no template was
    // scanned there: the scan (on a phone, half of a task of 28–70 ms) came before.
    expect(parsed[2], JSON.stringify(done)).toMatch(/^(timer|posted) \d+$/);
    expect(inTask(done, parsed[2]).filter(([what]) => what == 'scan'), JSON.stringify(done)).toEqual([]);
    expect(done.slice(0, done.indexOf(parsed)).some(([what]) => what == 'scan')).toBe(true);
  });

  it.each(['/no-such-page', '/blogs/journal'])('%s: the page chunk is asked for after the observer’s report, and its arrival reads nothing and calls nothing in its own task', async (path) => {
    const done = await start(path);
    // The page needed the chunk (its page type is read from the URL and the title)…
    expect(done.some(([what, src]) => what == 'script' && src.endsWith('/vitrine-page.js'))).toBe(true);
    // …asked for, like its number format's worker, in a task after the report's.
    expect(inTask(done, 'observer').filter(([what]) => /^(fetch|script|link|worker)/.test(what)), JSON.stringify(done)).toEqual([]);
    // …and its widget's call came after it, in a later task.
    expect(done.filter(widgetCall).length).toBeGreaterThan(0);
    expect(inTask(done, 'page chunk'), JSON.stringify(done)).toEqual([]);
  });
});
