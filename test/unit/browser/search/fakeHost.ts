import { sanitizeNodes } from '../../../../src/browser/sanitize/sanitizeHtml';
import { h } from 'preact';
import type { Config, EmbedHost } from '../../../../src/browser/host';
import type { SearchResponse, Theme } from '../../../../src/types/interface';
import type { Query } from '../../../../src/core/api/createRequester';
import { apiError } from '../../../../src/core/api/apiError';
import { parseFilter } from '../../../../src/client/parseFilter';
import { builtinThemes } from '../../../../src/core/theme/builtinThemes';
import { themeScript } from '../../../../src/browser/theme/themeScript';
import { cardMaker } from '../../../../src/browser/render/cardMaker';
import { prepareFormat } from '../../../../src/browser/render/prepareFormat';

// A small store answered by a requester in the service's own terms: the search UI under
// test talks to it exactly as it talks to the service (request JSON in, answer JSON out).

export interface Item {
  name: string;
  sku: string;
  price: number;
  sale: number | null;
  category: string;
  url: string;
}

const categories = ['shirts', 'dresses', 'candles'];
export const ITEMS: Item[] = Array.from({ length: 30 }, (_, i) => ({
  name: `Product ${String(i + 1).padStart(2, '0')}`,
  sku: `SKU-${i + 1}`,
  price: 10 + i * 5,
  sale: i % 7 === 0 ? 5 + i * 5 : null,
  category: categories[i % 3],
  url: `/products/p${i + 1}`,
}));

/** What the configuration's paginationCount would be. */
export const CONFIGURED_PAGE_SIZE = 8;

export interface Call {
  path: string;
  request: Record<string, string>;
}

export function answer(items: Item[], request: Record<string, string>): SearchResponse {
  const filters = parseFilter(request.filter);
  const words = request.query.toLowerCase().split(/\s+/).filter(Boolean);
  const inRange = (price: number, range: string) => {
    const [, low, high] = /^\[(\S+) TO (\S+)\]$/.exec(range)!;
    return (low === '*' || price >= Number(low)) && (high === '*' || price <= Number(high));
  };
  const passes = (item: Item, skip?: string) =>
    words.every((w) => item.name.toLowerCase().includes(w) || item.category.includes(w)) &&
    (skip === 'category_s' || !filters.category_s || filters.category_s.includes(item.category)) &&
    (skip === 'price_d' || !filters.price_d || filters.price_d.some((r) => inRange(item.sale ?? item.price, r)));
  const matching = items.filter((item) => passes(item));
  if (request.sortEntities === 'price_d asc') matching.sort((a, b) => a.price - b.price);
  if (request.sortEntities === 'price_d desc') matching.sort((a, b) => b.price - a.price);
  const rows = Number(request.rows) || CONFIGURED_PAGE_SIZE;
  const start = Number(request.start);
  const priceRanges = ['[0 TO 49.99]', '[50 TO 99.99]', '[100 TO *]'];
  return {
    Numberofdocs: matching.length,
    Pagination: rows,
    SearchEntities: [
      { key: 'Price: low to high', value: 'price_d asc' },
      { key: 'Price: high to low', value: 'price_d desc' },
    ],
    Docs: matching.slice(start, start + rows).map((item) => ({
      name: item.name,
      sku: item.sku,
      price: item.price,
      discountedprice: item.sale,
      smallimage: `/images/${item.sku}.svg`,
      currentPageUrl: item.url,
      description: '',
    })),
    facetcount: [
      {
        type: 'categorical',
        repoFieldName: 'category_s',
        displayName: 'Department',
        displayType: 'multiselect',
        value: categories.map((c, index) => ({
          index,
          name: c[0].toUpperCase() + c.slice(1),
          value: c,
          operator: '=',
          count: items.filter((i) => passes(i, 'category_s') && i.category === c).length,
        })),
      },
      {
        type: 'numeric',
        repoFieldName: 'price_d',
        displayName: 'Price',
        displayType: 'radio',
        value: priceRanges.map((range, index) => ({
          index,
          name: ['Under €50', '€50 – €100', '€100 and up'][index],
          value: range,
          operator: '[*TO*]',
          count: items.filter((i) => passes(i, 'price_d') && inRange(i.sale ?? i.price, range)).length,
        })),
      },
    ],
  };
}

export interface FakeHost {
  host: EmbedHost;
  calls: Call[];
  rendered: HTMLElement[];
  /** Make the next search calls fail with this error kind. */
  failWith(kind: 'quota' | 'server' | null): void;
}

export function createFakeHost(
  options: {
    items?: Item[];
    themes?: Theme[];
    config?: Partial<Config>;
    /** Settings the merchant wrote, read by the chunk itself (`searchParam`, `searchPage`). */
    settings?: Record<string, string>;
    tweak?: (answer: SearchResponse) => void;
    /** Answer 400 to `rows: "0"`, as a service without a configured page size might. */
    refuseZeroRows?: boolean;
  } = {},
): FakeHost {
  const items = options.items ?? ITEMS;
  const calls: Call[] = [];
  const rendered: HTMLElement[] = [];
  let failure: 'quota' | 'server' | null = null;
  const config: Config = {
    baseUrl: 'http://api.test',
    orgId: 'org-1',
    apiKey: 'key',
    debug: false,
    endpoints: {},
    assetBase: '/dist/',
    setting: (key) => options.settings?.[key],
    nonce: 'n0nce',
    ...options.config,
  };
  const host: EmbedHost = {
    win: window as unknown as Window,
    doc: document,
    config,
    context: () => ({ pageType: 'home_page', siteUid: 'visitor', domain: 'shop.test', locale: 'en-GB', currency: 'EUR' }),
    mayStore: () => true,
    request: async (path: string, query: Query = {}) => {
      const request = JSON.parse(String(query.request));
      calls.push({ path, request });
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (failure === 'quota') throw apiError('quota', 'credit quota exceeded', 403, 'quota');
      if (failure === 'server') throw apiError('server', 'server error 500', 500);
      if (options.refuseZeroRows && request.rows === '0') throw apiError('request', 'request refused (400)', 400, 'rows must be positive');
      const body = answer(items, request);
      options.tweak?.(body);
      return JSON.parse(JSON.stringify(body));
    },
    themes: async () => options.themes ?? [],
    strings: async () => ({}),
    translations: {},
    render: (slot) => rendered.push(slot),
    slots: { track() {}, refresh() {}, sweep() {}, fail() {}, update() {} },
    log: () => {},
    history: [],
    layouts: {},
    builtinThemes,
    themeScript,
    cards: cardMaker,
    h,
    sanitize: sanitizeNodes,
    prepareFormat,
  };
  return { host, calls, rendered, failWith: (kind) => (failure = kind) };
}
