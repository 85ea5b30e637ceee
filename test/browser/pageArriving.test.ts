// A page that is still arriving when vitrine.js runs (an async script in the head): the
// shop's server sends the page up to a point, then holds the rest back, as a slow network
// or a server that streams its HTML does. A slot in view asks for its widget, its layout's
// chunk and the stylesheet then, under a strict nonce policy with Trusted Types, when the
// page so far says all a widget call needs; a page whose type is in doubt waits for its
// end; a page that names its product further down has its slot drawn again for it; a
// widget the server rendered is taken over without a request however the page is cut.
// Built dist/ files in real Chromium, against the sandbox on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { newRecordedPage, records, settled, expectRendered } from './embed/harness';
import { useSandboxSuite } from './useSandboxSuite';
import { arrivingPages, carouselSlot, serverCarousel, type Held } from './arrivingPages';
import { coat } from './useServerPages';

const suite = useSandboxSuite('arriving', 'pages', () => arrivingPages());

const tag = (extra = '') =>
  `<script async nonce="%NONCE%" src="/dist/vitrine.js" data-base-url="${suite.sandbox.url}" data-org-id="${suite.sandbox.orgId}" data-api-key="${suite.sandbox.apiKey}" data-locale="en-IE" data-currency="EUR"${extra}></script>`;
const productJsonLd = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: coat.name, sku: coat.sku, offers: { '@type': 'Offer', price: '100.00', priceCurrency: 'EUR' } })}</script>`;
/** The strict nonce policy of csp.test.ts, with Trusted Types as DESIGN.md states them. */
const strictPolicy = (api: string) =>
  [
    "require-trusted-types-for 'script'",
    'trusted-types vitrine',
    "default-src 'none'",
    "script-src 'nonce-%NONCE%'",
    "style-src 'nonce-%NONCE%'",
    `img-src ${api}`,
    `connect-src ${api}`,
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');

/** Settles when `page` has made a request `matching`, or after `ms`: says which. */
const requestOr = (page: Page, matching: (r: Request) => boolean, ms: number) =>
  new Promise<string>((resolve) => {
    const seen = (r: Request) => matching(r) && (page.off('request', seen), resolve('request'));
    page.on('request', seen);
    setTimeout(() => (page.off('request', seen), resolve('timer')), ms);
  });

const isCall = (r: Request) => r.url().startsWith(suite.sandbox.url + '/v1/widgetserver/');

/** Settles once Vitrine has started on `page` and a few frames and `ms` have passed: 'request' if it made a widget call meanwhile, else 'quiet'. */
const startedThen = async (page: Page, ms: number) => {
  let called = false;
  const seen = (r: Request) => isCall(r) && (called = true);
  page.on('request', seen);
  await page.waitForFunction(() => typeof (window as unknown as { Vitrine?: { version?: string } }).Vitrine?.version == 'string', null, { timeout: 8000 });
  await page.evaluate((wait) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, wait)))), ms);
  page.off('request', seen);
  return called ? 'request' : 'quiet';
};

/** Opens the page at `path` with the recorder; `log` lists requests and the widget answers, in the order Chromium reports them. */
async function open(path: string, page: Omit<Held, 'hold'>, hold: (page: Page) => Promise<string>) {
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 800 } });
  const opened = await newRecordedPage(context);
  const log: string[] = [];
  opened.page.on('request', (r) => log.push('asked ' + r.url()));
  opened.page.on('response', (r) => isCall(r.request()) && log.push('answered ' + r.url()));
  suite.pages.show({ ...page, hold: () => hold(opened.page) });
  const loaded = opened.page.goto(suite.pages.origin + path);
  return { ...opened, context, log, loaded, released: () => suite.pages.released() };
}

const position = (log: string[], pattern: RegExp) => log.findIndex((line) => pattern.test(line));

describe('a page still arriving when vitrine.js runs', () => {
  it('asks for the widget of a slot in view, its layout chunk and the stylesheet before the end of the page arrives, under a strict nonce policy with Trusted Types', async () => {
    const { page, context, log, loaded, released, errors } = await open(
      '/',
      {
        head: tag(),
        csp: strictPolicy(suite.sandbox.url),
        first: '<h1>Maison Vitrine</h1><div id="early" data-vitrine="trending" data-vitrine-layout="carousel" data-vitrine-title="Trending"></div><p>Further down</p>',
        rest: '<footer><p>The end of the page</p></footer>',
      },
      // The end of the page waits for the widget call, 8 s at most.
      (page) => requestOr(page, isCall, 8000),
    );
    try {
      expect(await released()).toBe('request');
      await loaded;
      expectRendered(await settled(page, ['early']), ['early']);
      // The layout's chunk and the stylesheet were asked for before the answer came back.
      const answer = position(log, /^answered .*\/v1\/widgetserver\/trending\?/);
      expect(answer).toBeGreaterThan(-1);
      for (const file of [/\/dist\/vitrine-carousel\.js$/, /\/dist\/vitrine\.css$/]) {
        expect(position(log, file), String(file)).toBeGreaterThan(-1);
        expect(position(log, file), String(file)).toBeLessThan(answer);
      }
      // Both went in under the page's nonce, the chunk through the vitrine policy: nothing was refused.
      expect((await records(page)).violations).toEqual([]);
      await expect(page.locator('#early .vitrine__track').evaluate((el) => getComputedStyle(el).overflowX)).resolves.toBe('auto');
      expect(await page.locator('#early .vitrine img').count()).toBeGreaterThan(0);
      // One call: the page's end said nothing that changes it.
      expect(log.filter((l) => /^asked .*\/v1\/widgetserver\//.test(l))).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a page whose type is in doubt until its end asks for nothing before then, and asks once for its product after', async () => {
    const { page, context, log, loaded, released, errors } = await open(
      '/p/40-quiberon',
      {
        head: tag(),
        first: '<h1>A page</h1><div id="doubt" data-vitrine="trending" data-vitrine-layout="carousel"></div><p>Further down</p>',
        rest: productJsonLd,
      },
      // The end of the page waits until Vitrine has started and had time to ask.
      (page) => startedThen(page, 700),
    );
    try {
      expect(await released()).toBe('quiet');
      await loaded;
      expectRendered(await settled(page, ['doubt']), ['doubt']);
      const calls = log.filter((l) => /^asked .*\/v1\/widgetserver\//.test(l));
      expect(calls).toHaveLength(1);
      expect(new URL(calls[0].slice(6)).searchParams.get('sku')).toBe(coat.sku);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a page that names its product further down has its slot drawn again for that product', async () => {
    const { page, context, log, loaded, released, errors } = await open(
      '/',
      {
        head: tag(),
        first: '<div id="late" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="4"></div>',
        rest: productJsonLd,
      },
      (page) => requestOr(page, isCall, 8000),
    );
    try {
      expect(await released()).toBe('request');
      await loaded;
      // The widget the shopper is left with comes from a call that names the product.
      await expect.poll(() => log.filter((l) => /^answered .*\/v1\/widgetserver\//.test(l)).length, { timeout: 10_000 }).toBe(2);
      const calls = log.filter((l) => /^asked .*\/v1\/widgetserver\//.test(l)).map((l) => new URL(l.slice(6)).searchParams.get('sku'));
      expect(calls).toEqual([null, coat.sku]);
      await expect.poll(async () => (await records(page)).events.filter((e) => e.id == 'late' && e.type == 'render').at(-1)?.detail.page, { timeout: 10_000 }).toBe('product_page');
      expect(await page.locator('#late .vitrine a[href]').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['inside the slot, before the widget the server rendered', 'inside'],
    ['just after the slot', 'after'],
  ])('a widget the server rendered is taken over without a request when the page is cut %s', async (_, cut) => {
    const nonce = 'arriving' + Date.now();
    const widget = await serverCarousel(suite.sandbox, nonce);
    const open_ = carouselSlot;
    const { page, context, log, loaded, released, errors } = await open(
      '/products/x',
      {
        head: tag(` data-page-type="product_page" data-pname="${coat.name}" data-sku="${coat.sku}"`),
        csp: "script-src 'nonce-%NONCE%' 'strict-dynamic'; object-src 'none'; base-uri 'none'",
        nonce,
        first: cut == 'inside' ? open_ : open_ + widget + '</div>',
        rest: (cut == 'inside' ? widget + '</div>' : '') + '<p>The end of the page</p>',
      },
      // The end of the page waits until Vitrine has started and a frame or two have passed.
      (page) => startedThen(page, 200),
    );
    try {
      expect(await released()).toBe('quiet');
      await loaded;
      await expect.poll(async () => (await records(page)).events.filter((e) => e.type == 'render').map((e) => [e.id, e.detail.server]), { timeout: 10_000 }).toEqual([['a', true]]);
      expect(log.filter((l) => l.startsWith('asked ' + suite.sandbox.url + '/v1/'))).toEqual([]);
      expect(log.filter((l) => /vitrine\.css$/.test(l))).toEqual([]);
      expect(await page.evaluate(() => (document.querySelector('#a > .vitrine') as HTMLElement).dataset.themeScript)).toBe('ran');
      expect((await records(page)).violations).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
