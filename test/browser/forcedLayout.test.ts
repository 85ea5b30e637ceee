// The demo shop on an emulated phone, traced as DevTools traces it: no style or layout
// that Vitrine's scripts ask for synchronously while the page loads and its widgets
// draw (a `Layout` or `UpdateLayoutTree` event whose JavaScript stack is in vitrine.js
// or a chunk). On a phone, where pages have a viewport, even reading
// `window.innerWidth` lays the whole page out first; reading a carousel's scroll
// geometry does whenever another widget was drawn since the last frame.
import { describe, expect, it } from 'vitest';
import { useDemoShop } from './useDemoShop';

interface TraceEvent {
  name: string;
  ph: string;
  args?: { beginData?: { stackTrace?: { url: string; functionName: string; lineNumber: number; columnNumber: number }[] } };
}

const demo = useDemoShop('forced');

/** Loads a page at phone size, scrolls to its end, and returns the layouts Vitrine's scripts forced. */
async function forcedLayouts(path: string): Promise<{ forced: string[]; widgets: number }> {
  const context = await demo.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  // Trace events are loosely typed in the protocol: the fields read below are Chromium's.
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  // The stack category is what puts a JavaScript stack on a layout a script forced.
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.stack'] }, transferMode: 'ReportEvents' });
  await page.goto(demo.shop.url + path);
  // Every slot below comes near and draws.
  for (let y = 0; y < 8; y++) {
    await page.mouse.wheel(0, 700);
    await page.waitForTimeout(250);
  }
  await page.waitForFunction(() => document.querySelectorAll('.vitrine a[href^="/products/"]').length > 0, undefined, { timeout: 10_000 });
  const widgets = await page.locator('.vitrine').count();
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  const forced = events
    .filter((e) => (e.name == 'Layout' || e.name == 'UpdateLayoutTree') && (e.args?.beginData?.stackTrace ?? []).some((f) => /\/vitrine(-[a-z]+)?\.js$/.test(f.url)))
    .map((e) => `${e.name} from ${e.args!.beginData!.stackTrace!.map((f) => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber}:${f.columnNumber}`).join(' < ')}`);
  return { forced, widgets };
}

describe('on a phone, Vitrine forces no layout', () => {
  it.each(['/', '/products/quiberon-crewneck?ssr=0', '/collections/knitwear'])('%s', async (path) => {
    const { forced, widgets } = await forcedLayouts(path);
    expect(widgets).toBeGreaterThan(0);
    expect(forced).toEqual([]);
  });
});
