// Hostile data on xss.html: every payload of xssPayloads.ts in every product field and in
// the widget name, under card and whole-widget themes, with double and triple mustaches,
// in the carousel, matrix and bundle layouts. Nothing may run (the `__pwned` trap and
// dialogs stay silent) and nothing may become markup: every card has exactly the
// elements and attributes its theme gives a plain product, and shows the payload as text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Theme, WidgetEnvelope, WidgetProduct } from '../../../src/types/interface';
import { createSandbox, type Sandbox } from '../../../demo/sandbox/createSandbox';
import { launchChromium } from '../chromium';
import { createFixtureServer, type FixtureServer } from '../fixtures/createFixtureServer';
import { expectRendered, newRecordedPage, records, settled, swipeCarousels, type OpenedPage, type SlotEvent } from './harness';
import { XSS_PAYLOADS } from './xssPayloads';

// A theme author's card that puts values everywhere: text, quoted attributes, and a URL
// attribute fed with a name.
const card = (open: string, close: string, amp: string) => `<div class="x-card" title="${open}product_name${close}">
<a class="x-link" href="{{product_currentPageUrl}}"><img class="x-img" src="{{product_imageUrl}}" alt="${open}product_name${close}"></a>
<span class="x-name">${open}product_name${close}</span>
<span class="x-sku">${open}product_sku${close}</span>
<span class="x-price">${open}product_price${close}</span>
<span class="x-sale">${open}product_discountedPrice${close}</span>
<span class="x-plain">${amp}nodiscount_price}}</span>
<span class="x-variant">${open}variant_name${close}</span>
<span class="x-widget">${open}widget_displayName${close}</span>
<a class="x-name-link" href="${open}product_name${close}">more</a>
</div>`;
const whole = (inner: string, open: string, close: string) =>
  `<section class="x-whole"><h3 class="x-title">${open}widget_displayName${close}</h3><ul>{{#products}}<li class="x-item">${inner}</li>{{/products}}</ul></section>`;

const DOUBLE = card('{{', '}}', '{{');
const TRIPLE = card('{{{', '}}}', '{{&');

const theme = (themeId: string, htmlTemplate: string, displayType: string): Theme => ({
  id: themeId,
  themeId,
  orgId: '',
  orgName: '<b>org</b>',
  htmlTemplate,
  name: '<img src=x onerror=__pwned("theme name")>',
  type: 'Custom',
  displayType,
  payload: null,
  description: null,
  divisionId: null,
  jsTemplate: null,
  cssTemplate: '.x-card{border:1px solid #ccc;padding:4px}',
});

// A careless author leaves an attribute unquoted: product text must still not add attributes.
const UNQUOTED = `<div class="x-card" title={{product_name}} data-variant={{variant_name}}><span class="x-name">{{product_name}}</span></div>`;

const THEMES: Theme[] = [
  theme('xss-unquoted', UNQUOTED, 'matrix'),
  theme('xss-card', DOUBLE, 'carousel'),
  theme('xss-triple', TRIPLE, 'carousel'),
  theme('xss-whole', whole(DOUBLE, '{{', '}}'), 'matrix'),
  theme('xss-whole-triple', whole(TRIPLE, '{{{', '}}}'), 'matrix'),
];

/** A plain product shown first in the big slots: the shape every hostile card must keep. */
const PLAIN: WidgetProduct = {
  name: 'Aubrac Merino Crewneck',
  sku: 'AUB-1',
  price: '120.00',
  discountedPrice: '99.00',
  smallImage: '/images/aub-1.png',
  currentPageUrl: '/products/aubrac-merino-crewneck',
  variantName: 'Oat / M',
};

const hostile = (payload: string): WidgetProduct => ({
  name: payload,
  sku: payload,
  price: payload,
  discountedPrice: payload,
  smallImage: payload,
  currentPageUrl: payload,
  variantName: payload,
});

const BIG_SLOTS = ['card-carousel', 'card-matrix', 'triple-carousel', 'triple-matrix', 'whole', 'whole-triple', 'unquoted'];
const CARD_SLOTS = BIG_SLOTS.filter((s) => s !== 'unquoted');
const BUNDLES = Math.ceil(XSS_PAYLOADS.length / 3);
const BUNDLE_SLOTS = ['card', 'triple'].flatMap((style) => Array.from({ length: BUNDLES }, (_, k) => `bundle-${style}-${k}`));

/** The payloads a slot shows, in order, after the plain product when there is one. */
function payloadsOf(slot: string): { plain: boolean; payloads: string[] } {
  const bundle = /^bundle-\w+-(\d+)$/.exec(slot);
  return bundle ? { plain: false, payloads: XSS_PAYLOADS.slice(3 * Number(bundle[1]), 3 * Number(bundle[1]) + 3) } : { plain: true, payloads: [...XSS_PAYLOADS] };
}

/** Each slot's widget name is a payload too. */
const widgetNameOf = (slot: string): string => XSS_PAYLOADS[[...BIG_SLOTS, ...BUNDLE_SLOTS].indexOf(slot) % XSS_PAYLOADS.length];

function envelopeFor(slot: string): WidgetEnvelope {
  const { plain, payloads } = payloadsOf(slot);
  const products = [...(plain ? [PLAIN] : []), ...payloads.map(hostile)];
  return { errMsg: null, numberofdocs: products.length, success: '0', widgetType: '<b>trending</b>', widgetName: widgetNameOf(slot), products, customValues: {} };
}

interface CardShape {
  /** `tag[attr,attr]` for the card element and each element inside it, in document order. */
  shape: { tag: string; attrs: string[] }[];
  text: Record<string, string>;
  title: string | null;
  alt: string | null;
}

/**
 * Reads every `.x-card` of a slot as plain data. `fetchpriority` is left out of the
 * attributes: Vitrine sets it on the images of a widget's first row in view when it is
 * drawn, so whether a card has it depends on where the page was scrolled at that moment
 * (a slow machine draws a matrix while the set-up scrolls through it), not on its data.
 */
function readCards(page: Page, slot: string): Promise<CardShape[]> {
  return page.locator(`#${slot} .x-card`).evaluateAll((cards) =>
    cards.map((c) => ({
      shape: [c, ...Array.from(c.querySelectorAll('*'))].map((el) => ({
        tag: el.localName,
        attrs: Array.from(el.attributes, (a) => a.name)
          .filter((name) => name != 'fetchpriority')
          .sort(),
      })),
      text: Object.fromEntries(['x-name', 'x-sku', 'x-variant', 'x-widget'].map((k) => [k, c.querySelector('.' + k)?.textContent ?? '<missing>'])),
      title: c.getAttribute('title'),
      alt: c.querySelector('img')?.getAttribute('alt') ?? null,
    })),
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-xss-'));
let sandbox: Sandbox;
let fixtures: FixtureServer;
let browser: Browser;
let opened: OpenedPage;
let outcome: Record<string, SlotEvent>;
const reference: Record<string, CardShape['shape']> = {};

beforeAll(async () => {
  sandbox = await createSandbox({ port: 0, dataDir });
  fixtures = await createFixtureServer({ api: sandbox });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  opened = await newRecordedPage(context);
  const cors = { 'Access-Control-Allow-Origin': '*' };
  await opened.page.route(
    (u) => u.pathname === '/v1/theme',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify({ errMsg: null, widgetThemes: THEMES }) }),
  );
  await opened.page.route(
    (u) => u.pathname.startsWith('/v1/widgetserver/'),
    (route) => {
      const slot = new URL(route.request().url()).searchParams.get('divisionId') ?? '';
      return route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify(envelopeFor(slot)) });
    },
  );
  await opened.page.goto(fixtures.page('xss'));
  outcome = await settled(opened.page, [...BIG_SLOTS, ...BUNDLE_SLOTS], 30_000);
  // Give anything that could fire late its chance: image errors, autofocus, toggles.
  // Widget images out of view are lazy, whatever the theme says: scroll down the page so
  // those load too; slides past a carousel's edge stay unrequested until it is paged.
  // A carousel's cards past its first track's width are drawn only when swiped near:
  // swipe every track, so every hostile card is on the page to be checked.
  await swipeCarousels(opened.page);
  await opened.page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    scrollTo(0, 0);
  });
  await opened.page.waitForFunction(() => Array.from(document.images).every((img) => img.complete || img.loading == 'lazy'), undefined, { timeout: 15_000 });
  await opened.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const plainCards = async (slot: string) => (await readCards(opened.page, slot))[0].shape;
  reference.double = await plainCards('card-carousel');
  reference.triple = await plainCards('triple-carousel');
});

afterAll(async () => {
  await browser?.close();
  await fixtures?.close();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`${XSS_PAYLOADS.length} hostile payloads in every product field and the widget name`, () => {
  it('every slot renders (hostile text is data, not a reason to fail)', () => {
    expectRendered(outcome, [...BIG_SLOTS, ...BUNDLE_SLOTS]);
  });

  it('no payload ran: no __pwned call, no dialog, no page error', async () => {
    const { pwned } = await records(opened.page);
    expect(pwned).toEqual([]);
    expect(opened.dialogs).toEqual([]);
    expect(opened.errors).toEqual([]);
  });

  it('no payload became an element that loads or runs something', async () => {
    const found = await opened.page.evaluate(() =>
      Array.from(
        document.body.querySelectorAll(
          ['script', 'iframe', 'object', 'embed', 'base', 'meta', 'svg', 'math', 'template', 'noscript', 'form', 'input', 'video', 'details', 'marquee', 'style']
            .map((tag) => `.x-card ${tag}, .x-whole ${tag}, .vitrine__title ${tag}`)
            .join(', '),
        ),
        (el) => el.outerHTML.slice(0, 80),
      ),
    );
    expect(found).toEqual([]);
  });

  it('every link and image points at http(s) or a relative path', async () => {
    const bad = await opened.page.evaluate(() =>
      Array.from(document.body.querySelectorAll('[href], [src], [action], [formaction], [xlink\\:href]'))
        .flatMap((el) => ['href', 'src', 'action', 'formaction'].map((a) => el.getAttribute(a)).filter((v): v is string => v !== null))
        .filter((v) => !/^https?:$/.test(new URL(v, location.href).protocol)),
    );
    expect(bad).toEqual([]);
  });

  for (const slot of [...CARD_SLOTS, 'bundle-card-0', 'bundle-triple-0']) {
    const style = slot.includes('triple') ? 'triple' : 'double';
    it(`${slot}: each hostile card has the plain card's elements and attributes, and shows the payload as text`, async () => {
      const cards = await readCards(opened.page, slot);
      const { plain, payloads } = payloadsOf(slot);
      expect(cards).toHaveLength(payloads.length + (plain ? 1 : 0));
      const ref = reference[style];
      const hostileCards = plain ? cards.slice(1) : cards;
      hostileCards.forEach((c, i) => {
        const payload = payloads[i];
        const what = `payload ${JSON.stringify(payload)} in #${slot}`;
        expect(c.shape.map((e) => e.tag), what).toEqual(ref.map((e) => e.tag));
        // An attribute may be dropped (an unsafe URL) but never added.
        c.shape.forEach((e, j) => expect(ref[j].attrs, `${what}: attributes of <${e.tag}>`).toEqual(expect.arrayContaining(e.attrs)));
        expect(c.text['x-name'], what).toBe(payload);
        expect(c.text['x-sku'], what).toBe(payload);
        expect(c.text['x-variant'], what).toBe(payload);
        expect(c.text['x-widget'], what).toBe(widgetNameOf(slot));
        expect(c.title, what).toBe(payload);
        expect(c.alt, what).toBe(payload);
      });
    });
  }

  it('every bundle slot keeps the card shape for its three payloads', async () => {
    for (const slot of BUNDLE_SLOTS) {
      const cards = await readCards(opened.page, slot);
      const ref = reference[slot.includes('triple') ? 'triple' : 'double'];
      const { payloads } = payloadsOf(slot);
      expect(cards.map((c) => c.text['x-name']), slot).toEqual(payloads);
      for (const c of cards) expect(c.shape.map((e) => e.tag), slot).toEqual(ref.map((e) => e.tag));
    }
  });

  // Known gap: the escaper leaves spaces alone, so in `title={{product_name}}` a name such
  // as "x autofocus hidden" adds the attributes `autofocus` and `hidden` (handlers are
  // stripped, so nothing runs). Escaping whitespace as &#32; etc. would close it.
  it('an unquoted attribute in a theme gains no attributes from product text', async () => {
    const attrs = await opened.page.locator('#unquoted .x-card').evaluateAll((cards) => cards.map((c) => Array.from(c.attributes, (a) => a.name).sort().join(' ')));
    expect(new Set(attrs)).toEqual(new Set(['class data-variant title']));
  });

  it('whole-widget themes show the widget name as text in their own title', async () => {
    for (const slot of ['whole', 'whole-triple']) {
      await expect(opened.page.locator(`#${slot} .x-title`).textContent()).resolves.toBe(widgetNameOf(slot));
    }
  });
});
