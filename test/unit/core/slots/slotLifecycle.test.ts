// @vitest-environment node
// The slot lifecycle both sides run (the browser's createSlots, the server's renderSlot):
// a slot's settings and the service's answers in, what the slot shows or why not out.
// One row per rule; the requests column is what the service was asked, in order.
import { describe, expect, it } from 'vitest';
import type { AlgorithmName, PageName } from '../../../../src/types/interface';
import type { SlotSettings } from '../../../../src/core/slots/readSettings';
import type { SlotPage } from '../../../../src/core/slots/planChain';
import { createRequester, type Requester } from '../../../../src/core/api/createRequester';
import { readSettings } from '../../../../src/core/slots/readSettings';
import { planChain } from '../../../../src/core/slots/planChain';
import { fetchProducts } from '../../../../src/core/slots/fetchProducts';
import { runChain } from '../../../../src/core/slots/runChain';

/** What the service answers for an algorithm: that many products (P1, P2, …), an HTTP error, or a proxy's HTML page. */
type Answer = number | 403 | 500 | 'html';

interface Row {
  rule: string;
  settings: SlotSettings;
  page?: SlotPage;
  consent?: boolean;
  /** Unlisted algorithms answer 3 products. */
  answers?: Partial<Record<AlgorithmName, Answer>>;
  /** An algorithm whose render throws (a bug in drawing it), after its products came. */
  drawFails?: AlgorithmName;
  /** Another slot shown next on the same page (same requester, same pending requests), and its outcome. */
  then?: [SlotSettings, Record<string, unknown>];
  expected: {
    algorithm?: AlgorithmName;
    /** The layout the slot asks for (absent: its theme's, else the algorithm's default). */
    layout?: string;
    /** The products shown, by name. */
    products?: string[];
    /** The algorithms skipped before it, each with why. */
    skipped?: [AlgorithmName, string][];
    error?: string;
    message?: string;
    substituted?: AlgorithmName[];
    requests: string[];
  };
}

const home: SlotPage = { pageType: 'home_page' };
const coat: SlotPage = { pageType: 'product_page', pname: 'Coat', sku: 'C-1' };
const product = (pageType: PageName = 'product_page'): SlotPage => ({ ...coat, pageType });

const rows: Row[] = [
  // Reading the settings
  { rule: 'a named algorithm shows its products', settings: { id: 's', algorithm: 'trending' }, page: home, expected: { algorithm: 'trending', products: ['P1', 'P2', 'P3'], skipped: [], requests: ['trending'] } },
  { rule: 'no id: nothing is asked', settings: { algorithm: 'trending' }, expected: { error: 'slot', message: 'slot has no id (its divisionId)', requests: [] } },
  { rule: 'an empty id counts as none', settings: { id: '', algorithm: 'trending' }, expected: { error: 'slot', message: 'slot has no id (its divisionId)', requests: [] } },
  { rule: 'a number id is its text', settings: { id: 7, algorithm: 'trending' }, page: home, expected: { algorithm: 'trending', requests: ['trending'] } },
  { rule: 'an unknown algorithm: nothing is asked', settings: { id: 's', algorithm: 'bestsellers' }, expected: { error: 'slot', message: 'unknown algorithm "bestsellers"', requests: [] } },
  { rule: 'a chain naming an unknown algorithm: nothing is asked', settings: { id: 's', algorithm: 'trending  bestsellers' }, expected: { error: 'slot', message: 'unknown algorithm "bestsellers"', requests: [] } },
  { rule: 'an algorithm named on Object.prototype is unknown', settings: { id: 's', algorithm: 'toString' }, expected: { error: 'slot', message: 'unknown algorithm "toString"', requests: [] } },
  { rule: 'a layout', settings: { id: 's', algorithm: 'trending', layout: 'matrix' }, page: home, expected: { layout: 'matrix', requests: ['trending'] } },
  { rule: 'an unknown layout is left to the theme', settings: { id: 's', algorithm: 'trending', layout: 'slider' }, page: home, expected: { layout: undefined, requests: ['trending'] } },
  { rule: 'max cuts the list', settings: { id: 's', algorithm: 'trending', max: 2 }, answers: { trending: 5 }, page: home, expected: { products: ['P1', 'P2'], requests: ['trending'] } },
  { rule: 'max as text, as an attribute gives it', settings: { id: 's', algorithm: 'trending', max: '2' }, answers: { trending: 5 }, page: home, expected: { products: ['P1', 'P2'], requests: ['trending'] } },
  ...[0, -1, 2.5, '2.5', 'lots', 101, NaN, Infinity, '', null, {}, ['2']].map(
    (max): Row => ({ rule: `max ${typeof max == 'object' ? JSON.stringify(max) : typeof max == 'string' ? `"${max}"` : max} is no limit`, settings: { id: 's', algorithm: 'trending', max }, answers: { trending: 5 }, page: home, expected: { products: ['P1', 'P2', 'P3', 'P4', 'P5'], requests: ['trending'] } }),
  ),
  {
    rule: 'inherited settings are no settings',
    settings: Object.assign(Object.create({ algorithm: 'recentviews', max: 1, pname: 'P2' }), { id: 's' }),
    page: { pageType: 'ajax_cart_page' },
    expected: { algorithm: 'trending', products: ['P1', 'P2', 'P3'], requests: ['trending'] },
  },
  { rule: 'settings that are not text or numbers count as absent', settings: { id: 's', algorithm: ['recentviews'] as unknown as string, pname: { toString: () => 'P1' } }, page: { pageType: 'ajax_cart_page' }, expected: { algorithm: 'trending', products: ['P1', 'P2', 'P3'] , requests: ['trending'] } },

  // The page's choice
  { rule: 'no algorithm: the page chooses (a product page, its product)', settings: { id: 's' }, page: coat, expected: { algorithm: 'contentbasedreco', requests: ['contentbasedreco'] } },
  { rule: 'no algorithm: the page chooses (a page with nothing, trending)', settings: { id: 's' }, page: { pageType: 'order_page' }, expected: { algorithm: 'trending', requests: ['trending'] } },

  // Fetching: the product on show, inputs, answers
  { rule: 'the product on show is never recommended to itself (by name)', settings: { id: 's', algorithm: 'recentviews', pname: 'P2' }, page: home, expected: { products: ['P1', 'P3'], requests: ['recentviews'] } },
  { rule: 'the product on show is never recommended to itself (by sku)', settings: { id: 's', algorithm: 'recentviews', sku: 'P-3' }, page: home, expected: { products: ['P1', 'P2'], requests: ['recentviews'] } },
  { rule: "the slot's product comes before the page's", settings: { id: 's', algorithm: 'viewedalsoviewed', pname: 'P1' }, page: coat, expected: { products: ['P2', 'P3'], requests: ['viewedalsoviewed'] } },
  { rule: 'an algorithm that needs a product, on a page without one: nothing is asked', settings: { id: 's', algorithm: 'contentbasedreco' }, page: home, expected: { error: 'input', message: 'contentbasedreco needs a pname or sku', requests: [] } },
  { rule: 'no products', settings: { id: 's', algorithm: 'trending' }, answers: { trending: 0 }, page: home, expected: { algorithm: 'trending', error: 'empty', message: 'trending returned no products', skipped: [], requests: ['trending'] } },
  { rule: 'only the product on show is no products', settings: { id: 's', algorithm: 'recentviews', pname: 'P1' }, answers: { recentviews: 1 }, page: home, expected: { error: 'empty', requests: ['recentviews'] } },
  { rule: "a proxy's HTML page", settings: { id: 's', algorithm: 'trending' }, answers: { trending: 'html' }, page: home, expected: { error: 'parse', requests: ['trending'] } },
  { rule: 'a server error, tried twice', settings: { id: 's', algorithm: 'trending' }, answers: { trending: 500 }, page: home, expected: { error: 'server', message: 'HTTP 500', requests: ['trending', 'trending'] } },
  { rule: 'a failed call is not kept: the next identical one asks again', settings: { id: 's', algorithm: 'trending' }, answers: { trending: 500 }, page: home, then: [{ id: 's', algorithm: 'trending' }, { algorithm: 'trending', error: 'server' }], expected: { error: 'server', message: 'HTTP 500', requests: ['trending', 'trending', 'trending', 'trending'] } },
  { rule: 'identical requests on one page are made once', settings: { id: 's', algorithm: 'trending' }, page: home, then: [{ id: 's', algorithm: 'trending' }, { algorithm: 'trending', products: ['P1', 'P2', 'P3'] }], expected: { algorithm: 'trending', requests: ['trending'] } },

  // The chain
  { rule: 'a chain shows the first algorithm with products and asks no further', settings: { id: 's', algorithm: 'viewedalsoviewed categoryreco trending' }, page: coat, expected: { algorithm: 'viewedalsoviewed', skipped: [], requests: ['viewedalsoviewed'] } },
  {
    rule: 'a chain goes on after no products, and says why',
    settings: { id: 's', algorithm: 'viewedalsoviewed categoryreco trending' },
    page: coat,
    answers: { viewedalsoviewed: 0 },
    expected: { algorithm: 'categoryreco', skipped: [['viewedalsoviewed', 'viewedalsoviewed returned no products']], requests: ['viewedalsoviewed', 'categoryreco'] },
  },
  {
    rule: 'a chain goes on after a missing product and a server error',
    settings: { id: 's', algorithm: 'viewedalsoviewed categoryreco trending' },
    page: { pageType: 'collection_page', sku: 'C-1' },
    answers: { categoryreco: 500 },
    expected: { algorithm: 'trending', skipped: [['viewedalsoviewed', 'viewedalsoviewed needs a pname or sku'], ['categoryreco', 'HTTP 500']], requests: ['categoryreco', 'categoryreco', 'trending'] },
  },
  {
    rule: 'a chain goes on after a render that throws (a render failure)',
    settings: { id: 's', algorithm: 'trending recentviews' },
    page: home,
    drawFails: 'trending',
    expected: { algorithm: 'recentviews', skipped: [['trending', 'cannot draw trending']], requests: ['trending', 'recentviews'] },
  },
  { rule: 'a render that throws ends the chain as a render failure', settings: { id: 's', algorithm: 'trending' }, page: home, drawFails: 'trending', expected: { algorithm: 'trending', error: 'render', message: 'cannot draw trending', requests: ['trending'] } },
  {
    rule: 'a 403 stops the chain and every later call of the page',
    settings: { id: 's', algorithm: 'viewedalsoviewed categoryreco trending' },
    page: coat,
    answers: { viewedalsoviewed: 403 },
    then: [{ id: 'other', algorithm: 'trending' }, { algorithm: 'trending', error: 'quota' }],
    expected: { algorithm: 'viewedalsoviewed', error: 'quota', message: 'HTTP 403: credits exhausted', skipped: [], requests: ['viewedalsoviewed'] },
  },
  {
    rule: 'a chain of nothing ends with the last algorithm, naming what it skipped',
    settings: { id: 's', algorithm: 'viewedalsoviewed categoryreco trending' },
    page: coat,
    answers: { viewedalsoviewed: 0, categoryreco: 0, trending: 0 },
    expected: { algorithm: 'trending', error: 'empty', skipped: [['viewedalsoviewed', 'viewedalsoviewed returned no products'], ['categoryreco', 'categoryreco returned no products']], requests: ['viewedalsoviewed', 'categoryreco', 'trending'] },
  },
  {
    rule: 'a name twice in a chain is asked once',
    settings: { id: 's', algorithm: 'trending trending recentviews' },
    page: home,
    answers: { trending: 0 },
    expected: { algorithm: 'recentviews', requests: ['trending', 'recentviews'] },
  },

  // Consent
  { rule: 'with consent a personal algorithm shows', settings: { id: 's', algorithm: 'recentviews trending' }, page: home, expected: { algorithm: 'recentviews', substituted: [], requests: ['recentviews'] } },
  {
    rule: "without consent the chain's other algorithms are tried in their order",
    settings: { id: 's', algorithm: 'viewedalsoviewed recentviews trending' },
    page: coat,
    consent: false,
    answers: { viewedalsoviewed: 0 },
    expected: { algorithm: 'trending', substituted: ['recentviews'], skipped: [['viewedalsoviewed', 'viewedalsoviewed returned no products']], requests: ['viewedalsoviewed', 'trending'] },
  },
  { rule: "without consent, else the page's first non-personal algorithm whose inputs are known", settings: { id: 's', algorithm: 'recentviews' }, page: coat, consent: false, expected: { algorithm: 'contentbasedreco', substituted: ['recentviews'], requests: ['contentbasedreco'] } },
  { rule: 'without consent, the same on a collection page', settings: { id: 's', algorithm: 'wishlistreco boughtcatitemsreco' }, page: { pageType: 'collection_page', sku: 'C-1' }, consent: false, expected: { algorithm: 'categoryreco', substituted: ['wishlistreco', 'boughtcatitemsreco'], requests: ['categoryreco'] } },
  { rule: 'without consent, else trending', settings: { id: 's', algorithm: 'inspbybrowsehist' }, page: home, consent: false, expected: { algorithm: 'trending', substituted: ['inspbybrowsehist'], requests: ['trending'] } },
  { rule: "without consent the page's own choice passes over personal algorithms", settings: { id: 's' }, page: home, consent: false, expected: { algorithm: 'trending', substituted: ['recentviews'], requests: ['trending'] } },
  { rule: 'without consent a chain with no personal algorithm is left as it is', settings: { id: 's', algorithm: 'viewedalsoviewed trending' }, page: product(), consent: false, expected: { algorithm: 'viewedalsoviewed', substituted: [], requests: ['viewedalsoviewed'] } },
];

const envelope = (n: number) => ({
  errMsg: null,
  success: '0',
  numberofdocs: n,
  widgetType: 'x',
  widgetName: 'Picks',
  products: Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, sku: `P-${i + 1}`, price: '10', smallImage: '/i.svg', currentPageUrl: `/products/P${i + 1}` })),
});

/**
 * The service as the requester meets it through `fetch` (the Fetch standard's `Response`):
 * each widget call recorded, answered as the row says.
 */
function service(row: Row, asked: string[]): typeof fetch {
  return async (input) => {
    const url = new URL(String(input));
    const algorithm = url.pathname.split('/').pop() as AlgorithmName;
    asked.push(algorithm);
    const answer = row.answers?.[algorithm] ?? 3;
    if (answer == 'html') return new Response('<html><body>Gateway says hello</body></html>', { headers: { 'Content-Type': 'text/html' } });
    if (answer == 403) return new Response('{"errMsg":"credits exhausted"}', { status: 403 });
    if (answer == 500) return new Response('', { status: 500 });
    return new Response(JSON.stringify(envelope(answer)));
  };
}

/** One show of the slot, as createSlots and renderSlot drive the steps. */
async function show(row: Row, request: Requester, inflight: Parameters<typeof fetchProducts>[1]) {
  const read = readSettings(row.settings);
  if ('error' in read) return { error: 'slot', message: read.error };
  const { spec } = read;
  const consent = row.consent ?? true;
  const page = row.page ?? coat;
  const [chain, personal, inputs] = planChain(spec, page, consent);
  const params = { divisionId: spec.divisionId, orgId: 'org-1', site_uid: 'visitor-1', domain: 'shop.example', ...inputs };
  let shown = {};
  const failed = await runChain(chain, async (algorithm, skipped) => {
    const { products } = await fetchProducts(request, inflight, algorithm, params, spec.max);
    if (algorithm == row.drawFails) throw new Error('cannot draw ' + algorithm);
    shown = { algorithm, products: products.map((p) => p.name), skipped: skipped.map((s) => [s.algorithm, s.why]) };
  });
  const substituted = consent ? [] : personal;
  if (!failed) return { ...shown, layout: spec.layout, substituted };
  return { layout: spec.layout, algorithm: failed.algorithm, skipped: failed.skipped.map((s) => [s.algorithm, s.why]), error: failed.kind, message: failed.message, substituted };
}

describe('the slot lifecycle', () => {
  it.each(rows.map((row) => [row.rule, row] as const))('%s', async (_, row) => {
    const asked: string[] = [];
    const request = createRequester({ baseUrl: 'https://api.example', orgId: 'org-1', apiKey: 'key-1', fetch: service(row, asked), retryDelayMs: 0 });
    const inflight: Parameters<typeof fetchProducts>[1] = new Map();
    const outcome = await show(row, request, inflight);
    const { requests, ...rest } = row.expected;
    expect(outcome).toMatchObject(rest);
    if (!rest.error) expect(outcome).not.toHaveProperty('error');
    if (row.then) expect(await show({ ...row, settings: row.then[0] }, request, inflight)).toMatchObject(row.then[1]);
    expect(asked).toEqual(requests);
  });
});
