// A page still arriving when vitrine.js runs, as a real shop or a hostile page makes it:
// a consent tool further down, a page that changes its language at its end, slots its own
// script removes or moves before the end, a page cut inside the resume state, forged
// state after the genuine root, a page that never ends, and a product named further down
// (how many calls, renders and impressions the shopper's one widget costs). Built dist/
// files in real Chromium, against the sandbox on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { newRecordedPage, records, settled, expectRendered } from './embed/harness';
import { useSandboxSuite } from './useSandboxSuite';
import { arrivingPages, carouselSlot, serverCarousel, type Held } from './arrivingPages';
import { coat } from './useServerPages';

const suite = useSandboxSuite('arriving-attack', 'pages', () => arrivingPages({ csp: "script-src 'nonce-%NONCE%' 'strict-dynamic'; object-src 'none'; base-uri 'none'" }));

const tag = (extra = '') =>
  `<script async nonce="%NONCE%" src="/dist/vitrine.js" data-base-url="${suite.sandbox.url}" data-org-id="${suite.sandbox.orgId}" data-api-key="${suite.sandbox.apiKey}"${extra}></script>`;
const euro = ' data-locale="en-IE" data-currency="EUR"';
const productJsonLd = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: coat.name, sku: coat.sku, offers: { '@type': 'Offer', price: '100.00', priceCurrency: 'EUR' } })}</script>`;

const isCall = (r: Request) => r.url().startsWith(suite.sandbox.url + '/v1/widgetserver/');
const calls = (log: string[]) => log.filter((l) => /^asked .*\/v1\/widgetserver\//.test(l)).map((l) => new URL(l.slice(6)));

/** Settles when `page` has made a request `matching`, or after `ms`: says which. */
const requestOr = (page: Page, matching: (r: Request) => boolean, ms: number) =>
  new Promise<string>((resolve) => {
    const seen = (r: Request) => matching(r) && (page.off('request', seen), resolve('request'));
    page.on('request', seen);
    setTimeout(() => (page.off('request', seen), resolve('timer')), ms);
  });

/** Settles once Vitrine has started on `page` and a few frames and `ms` have passed. */
const started = async (page: Page, ms: number) => {
  await page.waitForFunction(() => typeof (window as unknown as { Vitrine?: { version?: string } }).Vitrine?.version == 'string', null, { timeout: 8000 });
  await page.evaluate((wait) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, wait)))), ms);
  return 'started';
};

async function open(path: string, page: Omit<Held, 'hold'>, hold: (page: Page) => Promise<string>) {
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 800 } });
  const opened = await newRecordedPage(context);
  const log: string[] = [];
  opened.page.on('request', (r) => log.push('asked ' + r.url()));
  opened.page.on('response', (r) => isCall(r.request()) && log.push('answered ' + r.url()));
  suite.pages.show({ ...page, hold: () => hold(opened.page) });
  // A page that never ends never loads: wait for its parts only.
  const loaded = opened.page.goto(suite.pages.origin + path, { waitUntil: 'commit' });
  return { ...opened, context, log, loaded, released: () => suite.pages.released() };
}

const count = async (page: Page, id: string, type: string) => (await records(page)).events.filter((e) => e.id == id && e.type == type).length;

describe('a page still arriving, attacked', () => {
  // The slot's call goes out while the page arrives, and its layout chunk plugs in as it
  // runs: the widget is drawn though the page never ends.
  it('a page that never ends still shows the widget of a slot in view', async () => {
    const { page, context, log, errors } = await open(
      '/',
      { head: tag(euro), first: '<h1>Maison Vitrine</h1><div id="endless" data-vitrine="trending" data-vitrine-layout="carousel"></div><p>Further down</p>', rest: '' },
      () => new Promise<string>(() => {}),
    );
    try {
      await expect.poll(() => calls(log).length, { timeout: 10_000 }).toBe(1);
      expect(await page.evaluate(() => document.readyState)).toBe('loading');
      expectRendered(await settled(page, ['endless'], 10_000), ['endless']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a product named further down: one widget for the shopper, one impression', async () => {
    const { page, context, log, loaded, released, errors } = await open(
      '/',
      { head: tag(euro), first: '<div id="late" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="4"></div>', rest: productJsonLd },
      (page) => requestOr(page, isCall, 8000),
    );
    try {
      expect(await released()).toBe('request');
      await loaded;
      await expect.poll(() => log.filter((l) => /^answered .*\/v1\/widgetserver\//.test(l)).length, { timeout: 10_000 }).toBe(2);
      await expect.poll(async () => (await records(page)).events.filter((e) => e.id == 'late' && e.type == 'render').at(-1)?.detail.page, { timeout: 10_000 }).toBe('product_page');
      await page.evaluate(() => new Promise((done) => setTimeout(done, 1500)));
      const renders = (await records(page)).events.filter((e) => e.id == 'late' && e.type == 'render').map((e) => e.detail.page);
      const impressions = await count(page, 'late', 'impression');
      console.info(`product named further down: ${calls(log).length} calls, renders ${renders.join(' then ')}, ${impressions} impressions`);
      // The shopper may see the first widget drawn then the product's; it is seen once.
      expect(renders.at(-1)).toBe('product_page');
      expect(renders.length).toBeLessThanOrEqual(2);
      expect(impressions).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a TCF consent tool further down than the slot: nothing identifying is stored and no personal algorithm is called before it answers', async () => {
    // The CMP's stub answers as the IAB TCF v2.2 API documents (`__tcfapi('addEventListener', 2, cb)`,
    // cb(tcData, success) with eventStatus 'tcloaded', purpose.consents by purpose id).
    const cmp = `<script nonce="%NONCE%">window.__tcfapi=function(cmd,v,cb){if(cmd=='addEventListener')setTimeout(function(){cb({tcString:'x',eventStatus:'tcloaded',gdprApplies:true,listenerId:1,purpose:{consents:{1:true,5:true,6:true}}},true)},50)}</script>`;
    let before = { cookies: '', storage: 0, keys: [] as string[], calls: [] as URL[] };
    const { page, context, log, loaded, released, errors } = await open(
      '/',
      { head: tag(euro + ' data-consent="tcf"'), first: '<div id="own" data-vitrine="recentviews trending" data-vitrine-layout="carousel"></div><p>Further down</p>', rest: cmp },
      async (page) => {
        await requestOr(page, isCall, 3000);
        await started(page, 300);
        before = await page.evaluate(() => ({ cookies: document.cookie, storage: localStorage.length + sessionStorage.length, keys: [...Object.keys(localStorage), ...Object.keys(sessionStorage)], calls: [] as URL[] }));
        before.calls = calls(log);
        return 'ok';
      },
    );
    try {
      await loaded;
      expect(await released()).toBe('ok');
      expect(before.cookies).toBe('');
      // The org's theme list may be kept (docs/merchants.md, Privacy and consent); nothing else.
      expect(before.keys.filter((key) => !key.startsWith('vitrine:themes:'))).toEqual([]);
      expect(before.storage).toBe(before.keys.length);
      // The chain gives way to a non-personal algorithm until the CMP has answered.
      console.info(`TCF tool further down: ${before.calls.length} calls before the end, ${calls(log).length} in all`);
      expect(before.calls.map((u) => u.pathname.split('/').pop())).not.toContain('recentviews');
      // Drawn: the chain gave way to trending before the CMP answered, or to recent views after.
      expectRendered(await settled(page, ['own']), ['own']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a consent glue that sets vitrineConfig after the slot, as docs/merchants.md shows it before the tag: what is stored before the end of the page', async () => {
    // The Cookiebot glue of docs/merchants.md, put by the merchant under the slot instead of before the tag.
    const glue = '<script nonce="%NONCE%">window.vitrineConfig = { consent: "required" };</script>';
    let before = { cookies: '', storage: 0 };
    const { page, context, log, loaded, released, errors } = await open(
      '/',
      { head: tag(euro), first: '<div id="glue" data-vitrine="trending" data-vitrine-layout="carousel"></div>' + glue, rest: '<p>The end</p>' },
      async (page) => {
        await requestOr(page, isCall, 8000);
        await started(page, 300);
        before = await page.evaluate(() => ({ cookies: document.cookie, storage: localStorage.length }));
        return 'ok';
      },
    );
    try {
      await loaded;
      expect(await released()).toBe('ok');
      await settled(page, ['glue']);
      const after = await page.evaluate(() => ({ cookies: document.cookie, storage: localStorage.length }));
      console.info(`glue under the slot: before the end ${JSON.stringify(before)}, after ${JSON.stringify(after)}, ${calls(log).length} calls`);
      // The tag ran before the glue: the page said nothing of consent then, so Vitrine stores
      // its id (and sends it) as documented for a tag without data-consent, already before the
      // end of the page: consent settings under the tag come too late (docs/merchants.md puts
      // them before it, or on the tag as data-consent).
      expect(before.storage).toBe(1);
      expect(after).toEqual(before);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a page whose language changes at its end has its widget drawn again in it, once', async () => {
    const { page, context, log, loaded, errors } = await open(
      '/',
      {
        head: tag(' data-currency="EUR"'),
        first: '<div id="lang" data-vitrine="trending" data-vitrine-layout="carousel"></div>',
        rest: '<script nonce="%NONCE%">document.documentElement.lang="de"</script>',
      },
      (page) => requestOr(page, isCall, 8000),
    );
    try {
      await loaded;
      await settled(page, ['lang']);
      await page.evaluate(() => new Promise((done) => setTimeout(done, 1500)));
      const renders = await count(page, 'lang', 'render');
      console.info(`language changed at the end: ${calls(log).length} calls, ${renders} renders, ${await count(page, 'lang', 'impression')} impressions`);
      // Drawn at most twice, and the widget the shopper is left with came after the change.
      expect(renders).toBeGreaterThanOrEqual(1);
      expect(renders).toBeLessThanOrEqual(2);
      expect(calls(log).length).toBeLessThanOrEqual(2);
      expect(await count(page, 'lang', 'impression')).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a slot the page removes before its end draws nothing and fails nothing; one it moves is drawn once where it went', async () => {
    const { page, context, log, loaded, errors } = await open(
      '/',
      {
        head: tag(euro),
        first: '<div id="box"></div><div id="gone" data-vitrine="trending" data-vitrine-layout="carousel"></div><div id="moved" data-vitrine="trending" data-vitrine-layout="matrix" data-vitrine-max="4"></div>',
        rest: '<script nonce="%NONCE%">document.getElementById("gone").remove();document.getElementById("box").append(document.getElementById("moved"))</script><p>The end</p>',
      },
      (page) => requestOr(page, isCall, 8000),
    );
    try {
      await loaded;
      await settled(page, ['moved']);
      await page.evaluate(() => new Promise((done) => setTimeout(done, 1500)));
      expect(await page.locator('#box > #moved .vitrine').count()).toBe(1);
      expect(await count(page, 'moved', 'render')).toBe(1);
      expect((await records(page)).events.filter((e) => e.type == 'error')).toEqual([]);
      expect(await page.evaluate(() => document.querySelectorAll('.vitrine').length)).toBe(1);
      console.info(`removed and moved: ${calls(log).length} calls`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a page cut inside a slot\'s attributes draws it once, with all its attributes', async () => {
    const { page, context, log, loaded, errors } = await open(
      '/',
      { head: tag(euro), padFirst: true, first: '<div id="cutattr" data-vitrine="tre', rest: 'nding" data-vitrine-layout="matrix" data-vitrine-max="3"></div>' },
      (page) => started(page, 300),
    );
    try {
      await loaded;
      expectRendered(await settled(page, ['cutattr']), ['cutattr']);
      expect(calls(log).map((u) => [u.pathname.split('/').pop(), u.searchParams.get('divisionId')])).toEqual([['trending', 'cutattr']]);
      expect(await page.locator('#cutattr .vitrine [data-vitrine-index]').count()).toBeLessThanOrEqual(3);
      expect(await count(page, 'cutattr', 'render')).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['inside the resume state', 'state'],
    ['inside the slot, with forged state after the genuine root', 'forged'],
  ])('a server-rendered page cut %s: the genuine widget is taken over, nothing forged runs', async (_, cut) => {
    const nonce = 'attack' + Date.now();
    const widget = await serverCarousel(suite.sandbox, nonce);
    const open_ = carouselSlot;
    const at = widget.indexOf('data-vitrine-resume');
    expect(at).toBeGreaterThan(-1);
    const middle = widget.indexOf('>', at) + 20;
    const forged = `<script type="application/json" data-vitrine-resume>${JSON.stringify({ v: 2, script: '__pwned("late")' })}</script><div class="vitrine" slot="vitrine" data-vitrine-state=""><script type="application/json" data-vitrine-resume nonce="guessed">{"v":2,"script":"__pwned(1)"}</script></div>`;
    const { page, context, log, loaded, errors } = await open(
      '/products/x',
      {
        head: tag(euro + ` data-page-type="product_page" data-pname="${coat.name}" data-sku="${coat.sku}"`),
        nonce,
        padFirst: cut == 'state',
        first: cut == 'state' ? open_ + widget.slice(0, middle) : open_ + widget + forged,
        rest: (cut == 'state' ? widget.slice(middle) : '') + '</div><p>The end of the page</p>',
      },
      (page) => started(page, 200),
    );
    try {
      await loaded;
      await expect.poll(async () => (await records(page)).events.filter((e) => e.type == 'render').map((e) => [e.id, e.detail.server]), { timeout: 10_000 }).toEqual([['a', true]]);
      expect(log.filter((l) => l.startsWith('asked ' + suite.sandbox.url + '/v1/'))).toEqual([]);
      expect((await records(page)).pwned).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
