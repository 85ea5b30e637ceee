// @vitest-environment node
// `vitrine/server` in a Node process where something (a polluting dependency, a request
// body merged into an object) put an enumerable key on Object.prototype before the
// import. The built dist/server.mjs must load there, and render the same slots to the same
// markup and requests as in a clean process. Each case runs in a `node` of its own: the
// pollution must come before the import, and must not reach this test process.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const SERVER = pathToFileURL(resolve('dist/server.mjs')).href;

// A stand-in service: one org theme and the same five products for every widget call;
// every request is recorded with what it asked fetch for.
const RENDER = `
const requests = [];
const products = ['Aubrac Crewneck', 'Belle-Île Scarf', 'Cancale Beret', 'Dinard Cardigan', 'Étel Socks'].map((name, i) => ({ name, sku: 'P-' + i, price: String(40 + i), smallImage: '/img/' + i + '.png', currentPageUrl: '/products/p' + i }));
const themes = { errMsg: null, widgetThemes: [{ id: 'bare', themeId: 'bare', name: 'Bare', displayType: 'matrix', htmlTemplate: '<a href="{{product_currentPageUrl}}">{{product_name}}{{#variant_name}}<i>{{variant_name}}</i>{{/variant_name}} {{product_price}}</a>' }] };
// What Vitrine hands to fetch is recorded as it is, own members only: Node's own Request
// reads \`method\` and \`body\` through the prototype, even of a null-prototype init.
const fetch = async (input, init) => {
  const { signal, headers, ...rest } = init;
  requests.push([String(input), Object.entries(headers).sort(), Object.entries(rest).sort(), Object.getPrototypeOf(init)]);
  const body = new URL(String(input)).pathname == '/v1/theme' ? themes : { errMsg: null, success: '0', widgetName: 'Trending', products };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
};
const { renderSlots } = await import(process.argv[1]);
const results = await renderSlots({
  baseUrl: 'https://service.example', orgId: 'org-1', apiKey: 'key-1', consent: true, nonce: 'n0nce', timeoutMs: 10000, fetch,
  page: { pageType: 'product_page', pname: 'Aubrac Crewneck', sku: 'P-0', siteUid: 'visitor-1', domain: 'shop.example', locale: 'en-IE', currency: 'EUR', product: { name: 'Aubrac Crewneck', sku: 'P-0', price: '40.00' } },
  slots: [
    { id: 'grid', algorithm: 'trending', theme: 'bare', layout: 'matrix', max: 4 },
    { id: 'shelf', algorithm: 'contentbasedreco', layout: 'carousel', max: 5, title: 'You may also like' },
    { id: 'bundle', algorithm: 'crosssell', layout: 'bundle' },
  ],
});
// What a render took (ms) is the one field that differs from run to run.
process.stdout.write(JSON.stringify({ results: results.map(({ ms, ...result }) => result), requests: requests.sort() }));
`;

// Set by plain assignment, the way a pollution gadget sets them.
const POLLUTION: Record<string, unknown> = {
  polluted: 'polluted',
  onclick: '__pwned()',
  __html: '<img src=x onerror=__pwned()>',
  name: 'Polluted name',
  sku: 'POLLUTED',
  price: '0.01',
  variantName: 'Polluted variant',
  jsTemplate: '__pwned()',
  cssTemplate: '.vitrine{display:none}',
  theme: 'polluted',
  layout: 'bundle',
  max: 1,
  headers: { 'X-Polluted': '1' },
  method: 'PUT',
  body: 'polluted',
  currency: 'JPY',
  style: 'percent',
  maximumFractionDigits: 0,
  children: 'polluted',
  class: 'polluted',
  dangerouslySetInnerHTML: { __html: '<img src=x onerror=__pwned()>' },
};

const run = promisify(execFile);
async function render(pollute?: [string, unknown]): Promise<string> {
  const before = pollute ? `Object.prototype[${JSON.stringify(pollute[0])}] = ${JSON.stringify(pollute[1])};\n` : '';
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', before + RENDER, SERVER], { timeout: 20_000 });
  return stdout;
}

describe('vitrine/server in a process with a polluted Object.prototype', () => {
  let clean: string;
  it('the clean process renders the three slots and asks for the themes and three widgets', async () => {
    clean = await render();
    const { results, requests } = JSON.parse(clean) as { results: { id: string; ok: boolean; html: string }[]; requests: unknown[] };
    expect(results.map((r) => [r.id, r.ok])).toEqual([['grid', true], ['shelf', true], ['bundle', true]]);
    // The page's own product is left out of what it recommends.
    expect(results[0].html).toContain('Belle-Île Scarf');
    expect(requests).toHaveLength(4);
  });

  it.each(Object.keys(POLLUTION))('Object.prototype.%s: the module loads, and renders and asks for the same', async (key) => {
    expect(await render([key, POLLUTION[key]])).toBe(clean);
  });
});
