// @vitest-environment node
// The bench's rules for judging what it measured: a view or run that errors is tried once
// more and then reported, never averaged in; a missing figure is a failure that says which,
// never a crash; the budgets compare what the issue says they compare.
import { describe, expect, it } from 'vitest';

// The bench is plain JavaScript modules without type declarations.
const load = (path: string): Promise<any> => import(/* @vite-ignore */ new URL(path, import.meta.url).href);

describe('a measurement that errors', () => {
  it('is tried once more, and the first error is kept for the report', async () => {
    const { retryOnce } = await load('../../../bench/lib/retryOnce.mjs');
    const missed: string[] = [];
    let calls = 0;
    const value = await retryOnce('with Vitrine, view 2', async () => {
      calls++;
      if (calls == 1) throw new Error('the page recorded no largest-contentful-paint entry');
      return { t: 1234, what: 'img' };
    }, missed);
    expect(value).toEqual({ t: 1234, what: 'img' });
    expect(calls).toBe(2);
    expect(missed).toEqual(['with Vitrine, view 2 (attempt 1): the page recorded no largest-contentful-paint entry']);
  });

  it('that errors twice comes back null with both errors listed, and is not tried a third time', async () => {
    const { retryOnce } = await load('../../../bench/lib/retryOnce.mjs');
    const missed: string[] = [];
    let calls = 0;
    const value = await retryOnce('algolia /', async () => {
      calls++;
      throw new Error(`Lighthouse on /: ERRORED_DOCUMENT_REQUEST (${calls})`);
    }, missed);
    expect(value).toBeNull();
    expect(calls).toBe(2);
    expect(missed).toEqual(['algolia / (attempt 1): Lighthouse on /: ERRORED_DOCUMENT_REQUEST (1)', 'algolia / (attempt 2): Lighthouse on /: ERRORED_DOCUMENT_REQUEST (2)']);
  });
});

describe('the LCP part', () => {
  it('leaves a view with no figure out of the median instead of reading .t of nothing', async () => {
    const { summarizeViews } = await load('../../../bench/runLcp.mjs');
    const views = [{ t: 2000, what: 'img in #home-trending' }, null, { t: 2400, what: 'img in #home-trending' }, { t: 2100, what: 'p' }, null];
    expect(summarizeViews(views)).toEqual({ ms: 2100, measured: 3, what: 'img in #home-trending; p' });
    expect(summarizeViews([null, null])).toEqual({ ms: null, measured: 0, what: null });
  });

  it('judges the page with Vitrine against the no-draw floor at 1.15×, and names a missing figure', async () => {
    const { judgeLcp, lcpFloorBudget } = await load('../../../bench/runLcp.mjs');
    expect(lcpFloorBudget).toBe(1.15);
    // 2.3× the page without Vitrine, but within 1.15× the floor: within budget.
    expect(judgeLcp({ without: 1000, with: 2300, floor: 2000 })).toEqual([]);
    const [over] = judgeLcp({ without: 712, with: 2096, floor: 1268 });
    expect(over).toContain('1.65× the no-draw floor');
    expect(over).toContain('2.94× the page without it');
    expect(judgeLcp({ without: 700, with: 2000, floor: null })[0]).toMatch(/no view of the floor gave a figure/);
    expect(judgeLcp({ without: 700, with: null, floor: 1200 })[0]).toMatch(/no view of the home page with Vitrine/);
  });
});

describe('the render budget', () => {
  it('is the median of per-round ratios to the card floor, at 24 and 100 products in each layout', async () => {
    const { judgeCardFloor } = await load('../../../bench/runRender.mjs');
    // Round 3 is a slow stretch of the machine for both: the ratio that round stays 1.2.
    const times = {
      'vitrine matrix 24': [6, 6, 60, 6.6, 6],
      'card floor 24': [5, 5, 50, 5, 5],
      'vitrine carousel 100': [3, 3, 3],
      'card floor 100': [10, 10, 10],
    };
    const judged = judgeCardFloor(times);
    expect(judged.map((j: any) => `${j.layout} ${j.n}`)).toEqual(['carousel 24', 'carousel 100', 'matrix 24', 'matrix 100', 'bundle 24', 'bundle 100']);
    const matrix24 = judged.find((j: any) => j.layout == 'matrix' && j.n == 24);
    expect(matrix24).toMatchObject({ rounds: 5, ratio: 1.2 });
    expect(judged.find((j: any) => j.layout == 'carousel' && j.n == 100)).toMatchObject({ rounds: 3, ratio: 0.3 });
    // A contender that never ran (it threw, or its layout does not exist): no figure, not a zero.
    expect(judged.find((j: any) => j.layout == 'bundle' && j.n == 24)).toMatchObject({ rounds: 0, ratio: null });
  });
});

describe('long tasks of Vitrine', () => {
  const isOurs = (url: string) => /\/dist\/vitrine[^/]*\.js$/.test(url);
  const script = (start: number, ms: number, url: string) => ({ start, ms, url, fn: '', at: 10, invoker: 'TimerHandler:setTimeout', invokerType: 'user-callback' });

  it('are the long tasks whose Vitrine scripts ran longest, and for a quarter of the task or more', async () => {
    const { vitrineTasks } = await load('../../../bench/lib/longTasks.mjs');
    const tasks = [{ start: 100, ms: 80 }, { start: 300, ms: 90 }, { start: 500, ms: 120 }, { start: 700, ms: 60 }];
    const scripts = [
      script(105, 60, 'http://127.0.0.1/dist/vitrine.js'), // ours, most of the task
      script(305, 30, 'http://127.0.0.1/dist/vitrine.js'), // ours, but the shop's script ran longer
      script(340, 45, 'http://127.0.0.1/assets/shop.js'),
      script(505, 20, 'http://127.0.0.1/dist/vitrine-carousel.js'), // ours and alone, but a sixth of the task
      // 700: no script over 5 ms (the browser's own work): not Vitrine's
    ];
    const ours = vitrineTasks(tasks, scripts, isOurs);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ ms: 80, oursMs: 60, othersMs: 0, unnamedMs: 20 });
    expect(ours[0].top.url).toBe('http://127.0.0.1/dist/vitrine.js');
  });

  it('include a task that resumed Vitrine\'s code through a native callback, which only the profiler\'s samples can place', async () => {
    const { vitrineTasks, nameTask } = await load('../../../bench/lib/longTasks.mjs');
    // Long Animation Frames names no source for a promise resolver handed to setTimeout.
    const anonymous = { start: 1000, ms: 90, url: '', fn: '', at: -1, invoker: 'TimerHandler:setTimeout', invokerType: 'user-callback' };
    const boot = { url: 'http://127.0.0.1/dist/vitrine.js', name: '', line: 2, column: 100 };
    const sample = (t: number, url: string | null, line = 2) => ({ t, url, name: 'n', line, column: 5000, entry: url ? { ...boot, url } : null });
    const ours = [1005, 1015, 1025, 1035, 1045, 1055, 1065].map((t, i) => sample(t, 'http://127.0.0.1/dist/vitrine.js', i < 4 ? 2 : 3));
    const [task] = vitrineTasks([{ start: 1000, ms: 90 }], [anonymous], isOurs, [...ours, sample(1075, null), sample(2000, 'http://127.0.0.1/assets/shop.js')]);
    expect(task).toMatchObject({ ms: 90, by: 'samples', sampled: { ours: 7, others: 0, none: 1 } });
    expect(task.entered).toMatchObject({ line: 2, column: 100, samples: 7 });
    expect(task.heaviest[0]).toMatchObject({ line: 2, samples: 4 });
    const named = nameTask((_url: string, where: any) => `src/browser/boot.ts:${where.line}`, task);
    expect(named).toBe('a callback with no source, entered by TimerHandler:setTimeout (90 ms); its samples start in src/browser/boot.ts:1 (7 of 8 samples); innermost most in src/browser/boot.ts:1 (4 of 8 samples), src/browser/boot.ts:2 (3 of 8 samples)');
    // The same task whose samples are the shop's: not Vitrine's.
    const shop = ours.map((s) => ({ ...s, url: 'http://127.0.0.1/assets/shop.js', entry: null }));
    expect(vitrineTasks([{ start: 1000, ms: 90 }], [anonymous], isOurs, shop)).toEqual([]);
    // And with no samples at all (no profiler), Long Animation Frames alone cannot place it.
    expect(vitrineTasks([{ start: 1000, ms: 90 }], [anonymous], isOurs, null)).toEqual([]);
  });

  it('are named as evaluating the script when the task was the script file itself', async () => {
    const { nameScript } = await load('../../../bench/lib/longTasks.mjs');
    const noMap = () => null;
    expect(nameScript(noMap, { ...script(0, 153, 'http://127.0.0.1:4000/dist/vitrine.js'), invoker: 'http://127.0.0.1:4000/dist/vitrine.js', invokerType: 'classic-script' }))
      .toBe('evaluating vitrine.js (its top level and the page API it puts in place, 153 ms)');
    expect(nameScript(() => 'src/core/api/createRequester.ts:62 text', { ...script(0, 99, 'http://127.0.0.1:4000/dist/vitrine.js'), invoker: 'Response.text.then', invokerType: 'resolve-promise' }))
      .toBe('src/core/api/createRequester.ts:62 text, entered by Response.text.then (99 ms)');
  });
});

describe('Lighthouse budgets between pages', () => {
  const server = { label: 'product (server-rendered)', bootupVs: { label: 'product (client-rendered)', ratio: 0.3 } };
  const client = { label: 'product (client-rendered)' };

  it('holds the server-rendered page to 0.3× the client-rendered page\'s main-thread time in the same run', async () => {
    const { checkBetweenPages } = await load('../../../bench/runLighthouse.mjs');
    expect(checkBetweenPages([{ page: client, withV: { bootupTotal: 200 } }, { page: server, withV: { bootupTotal: 60 } }])).toEqual([]);
    const [over] = checkBetweenPages([{ page: client, withV: { bootupTotal: 199 } }, { page: server, withV: { bootupTotal: 62 } }]);
    expect(over).toContain('0.31× the product (client-rendered) page\'s 199 ms (budget 0.3×)');
  });

  it('says so when either page has no finished run, or the other page charged nothing', async () => {
    const { checkBetweenPages } = await load('../../../bench/runLighthouse.mjs');
    expect(checkBetweenPages([{ page: client, withV: null }, { page: server, withV: { bootupTotal: 62 } }])[0]).toMatch(/could not be compared .*\(no run of that page finished\)/);
    expect(checkBetweenPages([{ page: client, withV: { bootupTotal: 0 } }, { page: server, withV: { bootupTotal: 62 } }])[0]).toMatch(/charged no main-thread time/);
  });
});
