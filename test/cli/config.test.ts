// `vitrine config check|plan|apply` and `vitrine services` as a merchant's CI runs them:
// the bin of the packed tarball, installed offline into a folder of its own, against the
// sandbox over HTTP (the tarball is packed and installed once, by installBin.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { REPO } from '../package/packTarball';
import { configFolder, runBin, type Run } from './runBin';

const bin = inject('vitrineBin');
let sandbox: Sandbox;
let spent: Sandbox;
let standIn: Server;
let standInUrl: string;

const ORG = '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60';
const KEY = 'vitrine-sandbox-key';
const DEMO_CONFIG = join(REPO, 'demo/config');

const env = (s: { url: string } = sandbox) => ({ VITRINE_BASE_URL: s.url, VITRINE_ORG_ID: ORG, VITRINE_API_KEY: KEY });

/** Runs the bin; whatever it prints, the API key is never in it. */
async function vitrine(args: string[], environment: Record<string, string | undefined> = env(), cwd?: string): Promise<Run> {
  const r = await runBin(bin, args, environment, cwd);
  expect(r.out + r.err).not.toContain(KEY);
  return r;
}

const posts = (s: Sandbox) => s.requests.filter((r) => r.method === 'POST').length;

/** A widget file as interface.md lays it out, one field a line (so field N is on line N + 1). */
const widget = (id: string, extra = '') => `{
  "id": "${id}",
  "name": "Widget ${id}",
  "divisionId": "${id}",
  "orgId": "${ORG}",
  "orgName": "Maison Vitrine",
  "algoName": "Trending Items",
  "widgetShowType": "carousel",
  "displayTitle": "Trending",
  "maxProducts": 8,
  "themeId": "maison-carousel",
  "pageId": "home_page"${extra}
}
`;

beforeAll(async () => {
  sandbox = await createSandbox({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'vitrine-cli-sandbox-')) });
  // A key whose credits are spent: the catalogue answers 400, every other call 403.
  spent = await createSandbox({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'vitrine-cli-spent-')), quota: 0 });
  // A stand-in for what the sandbox never answers: the catalogue's 403 (interface.md,
  // "Errors": 403 when the credit quota is exceeded, body `{errMsg}`), and a web page
  // where the service should be (a proxy's login page).
  standIn = createServer((req, res) => {
    if (req.url?.startsWith('/html/')) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>Sign in</title>');
      return;
    }
    res.writeHead(403, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ errMsg: 'Credit quota exceeded' }));
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await Promise.all([sandbox?.close(), spent?.close(), new Promise((resolve) => standIn?.close(resolve))]);
});

describe('vitrine config check', () => {
  it('passes the demo configuration against the sandbox', async () => {
    const r = await vitrine(['config', 'check', DEMO_CONFIG]);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toBe(`0 errors, 0 warnings\nService cross-checks checked against ${sandbox.url}: 12 algorithms, 8 pages, 3 themes.\n`);
  });

  it('accepts both spellings the interface shows: orgID, categoryReplaced, rules as a JSON string', async () => {
    const dir = configFolder({
      'search.json': { orgId: ORG, facetList: [{ categoryReplaced: 'default', facets: [] }] },
      'widgets/a.json': widget('spell-a', ',\n  "includeRules": "{\\"rules\\":[{\\"field\\":\\"price\\",\\"operator\\":\\"<=\\",\\"value\\":120}]}"').replace('"orgId"', '"orgID"'),
    });
    expect(await vitrine(['config', 'check', dir])).toMatchObject({ code: 0, out: expect.stringMatching(/^0 errors, 0 warnings\n/) });
  });

  // Each check with a file of its own: [what, the file's text, the line expected]. A
  // warning alone passes (exit 0), an error fails (exit 1).
  const searchCases: [string, string, string][] = [
    ['malformed JSON', '{\n  "orgId": "x"\n  "paginationCount": 24\n}\n', 'search.json:3:3 (file)  error: not JSON: a comma was expected'],
    ['a widget in search.json', widget('w'), 'search.json:1:1 (file)  error: holds a widget configuration; widget files go in widgets/<name>.json'],
    ['an unknown field', `{\n  "orgId": "${ORG}",\n  "paginationCont": 24\n}\n`, 'search.json:3:3 paginationCont  warning: "paginationCont" is not a field of a search configuration in the interface\n    fix: rename it "paginationCount"'],
    ['a number written as text', `{\n  "orgId": "${ORG}",\n  "paginationCount": "24"\n}\n`, 'search.json:3:22 paginationCount  error: must be a whole number, found the text "24"\n    fix: write 24 without quotes'],
    ['a range with low above high', `{\n  "orgId": "${ORG}",\n  "facetList": [{ "category": "default", "facets": [\n    { "type": "numeric", "repoFieldName": "price_d", "displayName": "Price", "value": [{ "name": "Mid", "value": "[90 TO 50]" }] }\n  ] }]\n}\n`,
      'search.json:4:114 facetList[0].facets[0].value[0].value  error: range "[90 TO 50]" has its low end above its high end\n    fix: write "[50 TO 90]"'],
    ['a range that is not one', `{\n  "orgId": "${ORG}",\n  "facetList": [{ "category": "default", "facets": [\n    { "type": "rating", "repoFieldName": "avg_rating_d", "displayName": "Rating", "value": [{ "name": "4+", "value": "4" }] }\n  ] }]\n}\n`,
      'search.json:4:118 facetList[0].facets[0].value[0].value  error: "4" is not a range of the form [low TO high] (numbers or *)\n    fix: write "[4 TO *]"'],
    ['a facet group without category', `{\n  "orgId": "${ORG}",\n  "facetList": [\n    { "facets": [] }\n  ]\n}\n`,
      'search.json:4:5 facetList[0].category  error: a facet group needs "category" (or "categoryReplaced")'],
    ['a sort value', `{\n  "orgId": "${ORG}",\n  "sortEntity": { "sortEntities": [\n    { "key": "Cheapest", "value": "price_d ASC" }\n  ] }\n}\n`,
      'search.json:4:35 sortEntity.sortEntities[0].value  error: "price_d ASC" is not a sort of the form "<field> asc" or "<field> desc"\n    fix: write "price_d asc"'],
    ['another organisation', '{\n  "orgId": "00000000-0000-4000-8000-000000000000"\n}\n',
      `search.json:2:12 orgId  error: is not the organisation of VITRINE_ORG_ID; the service refuses another organisation's configuration\n    fix: write "${ORG}", or leave orgId out to take the environment's`],
  ];
  it.concurrent.each(searchCases)('search.json: %s', async (_name, text, expected) => {
    const r = await vitrine(['config', 'check', configFolder({ 'search.json': text })]);
    expect(r.code).toBe(expected.includes('  warning: ') ? 0 : 1);
    expect(r.out).toContain(`${expected}\n`);
  });

  it('reports every widget check at its file, line and column, in one run', async () => {
    const bundle = (date: string, start: string, end: string) => `,
  "timeZone": "Europe/Paris",
  "includeRules": { "bundledProductPlacements": [{ "anchorProname": "Vercors Oxford Shirt", "bundledProducts": [
    { "proId": 1001, "date": "${date}", "duration": { "startDate": "${start}", "endDate": "${end}" } }
  ] }] }`;
    const dir = configFolder({
      'widgets/missing.json': widget('missing').replace('  "displayTitle": "Trending",\n', ''),
      'widgets/zero.json': widget('zero').replace('"maxProducts": 8', '"maxProducts": 0'),
      'widgets/zone.json': widget('zone', ',\n  "timeZone": "Europe/Pariss"'),
      'widgets/dates.json': widget('dates', bundle('2025-06-01T09:00', '2025-06-01T08:00:00Z', '2025-07-01T08:00:00Z')),
      'widgets/ends.json': widget('ends', bundle('2025-06-01T10:00', '2025-06-01T08:00:00Z', '2025-05-01T08:00:00Z')),
      'widgets/rules.json': widget('rules', ',\n  "excludeRules": { "rules": [{ "field": "colour", "operator": "~", "value": "red" }] }'),
      'widgets/stringrules.json': widget('stringrules', ',\n  "includeRules": "{\\"rules\\": [{\\"field\\": \\"size\\"}]}"'),
      'widgets/twin.json': widget('zero').replace('"divisionId": "zero"', '"divisionId": "twin"').replace('"name": "Widget zero"', '"name": "Twin"'),
      'widgets/algo.json': widget('algo').replace('Trending Items', 'Trending Itms'),
      'widgets/page.json': widget('page').replace('"pageId": "home_page"', '"pageId": "404_page"'),
      'widgets/theme.json': widget('theme').replace('maison-carousel', 'maison-carusel'),
      'widgets/search.json': readFileSync(join(DEMO_CONFIG, 'search.json'), 'utf8'),
      'widgets/typo.json': widget('typo', ',\n  "maxProduct": 3'),
    });
    const r = await vitrine(['config', 'check', '.'], env(), dir);
    expect(r.code).toBe(1);
    for (const line of [
      'widgets/algo.json:7:15 algoName  error: "Trending Itms" is not an algorithm of the catalogue (/v1/algorithm)\n    fix: write "Trending Items"',
      'widgets/dates.json:15:30 includeRules.bundledProductPlacements[0].bundledProducts[0].date  error: is 2025-06-01T09:00 but duration.startDate is 2025-06-01T10:00 in Europe/Paris\n    fix: write "2025-06-01T10:00"',
      'widgets/ends.json:15:112 includeRules.bundledProductPlacements[0].bundledProducts[0].duration.endDate  error: the bundle ends before (or when) it starts',
      'widgets/missing.json:1:1 displayTitle  error: required field "displayTitle" is missing\n    fix: add "displayTitle"',
      'widgets/page.json:12:13 pageId  error: Trending Items cannot be placed on 404_page; it goes on home_page, product_page, collection_page, blogs_articles_page, order_page, cart_page\n    fix: use home_page, where it is recommended',
      'widgets/rules.json:13:64 excludeRules.rules[0].operator  error: "~" is not one of =, !=, <, <=, >, >=, contains',
      'widgets/search.json:1:1 (file)  error: holds a search configuration; it belongs in search.json',
      'widgets/stringrules.json:13:19 includeRules.rules[0].field  error: "size" is not one of sku, name, category, gender, colour, price, rating, inventory (inside the JSON string)',
      'widgets/stringrules.json:13:19 includeRules.rules[0].operator  error: required field "operator" is missing (inside the JSON string)',
      'widgets/theme.json:11:14 themeId  error: "maison-carusel" is not a theme of this organisation (/v1/theme)\n    fix: write "maison-carousel"',
      'widgets/zero.json:2:9 id  error: "zero" is also the id of widgets/twin.json:2:9; each widget\'s id is unique',
      'widgets/typo.json:13:3 maxProduct  warning: "maxProduct" is not a field of a widget configuration in the interface\n    fix: rename it "maxProducts"',
      'widgets/zero.json:10:18 maxProducts  error: must be 1 or more, found 0\n    fix: write 1 or more',
      'widgets/zone.json:13:15 timeZone  error: "Europe/Pariss" is not an IANA time zone\n    fix: write "Europe/Paris"',
    ]) expect(r.out).toContain(`${line}\n`);
  });

  it('--offline skips the service cross-checks and says so', async () => {
    const dir = configFolder({ 'widgets/theme.json': widget('theme').replace('maison-carousel', 'maison-carusel') });
    const r = await vitrine(['config', 'check', '--offline', dir], {});
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toBe('0 errors, 0 warnings\nOffline: the service cross-checks were skipped (algorithm, page placement, theme).\n');
  });

  it('exits 2 for a missing folder, missing credentials, an unknown flag, an unreachable or HTML service', async () => {
    expect(await vitrine(['config', 'check', '/nonexistent/config'])).toMatchObject({ code: 2, err: 'vitrine: /nonexistent/config: cannot be read (ENOENT)\n' });
    expect(await vitrine(['config', 'check', DEMO_CONFIG], {})).toMatchObject({ code: 2, err: expect.stringContaining('set VITRINE_BASE_URL, VITRINE_ORG_ID, VITRINE_API_KEY in the environment') });
    expect(await vitrine(['config', 'check', '--ofline', DEMO_CONFIG])).toMatchObject({ code: 2, err: expect.stringContaining("error: unknown option '--ofline'") });
    const closed = await vitrine(['config', 'check', DEMO_CONFIG], env({ url: 'http://127.0.0.1:9' }));
    expect(closed).toMatchObject({ code: 2, err: expect.stringContaining('cannot reach http://127.0.0.1:9') });
    const html = await vitrine(['config', 'check', DEMO_CONFIG], env({ url: `${standInUrl}/html` }));
    expect(html).toMatchObject({ code: 2, err: expect.stringContaining('answered with a web page') });
  });
});

describe('vitrine config plan and apply', () => {
  it('plans, applies, then sends nothing the second time', async () => {
    const dir = configFolder({}, DEMO_CONFIG);
    const run = (args: string[]) => vitrine([...args, '.'], env(), dir);
    const plan = await run(['config', 'plan']);
    expect(plan.code).toBe(0);
    expect(plan.out).toContain('the service has no endpoint that reads a configuration back');
    expect(plan.out).toContain('+ create search configuration  (search.json)\n    + errMsg: null\n');
    expect(plan.out).toContain('+ update widget pdp-bundle  (widgets/pdp-bundle.json)\n');
    expect(plan.out).toContain('5 calls to send, 0 unchanged.');
    expect(await run(['config', 'apply', '--dry-run'])).toEqual(plan);
    expect(posts(sandbox)).toBe(0);

    const apply = await run(['config', 'apply']);
    expect(apply).toMatchObject({ code: 0, err: '' });
    expect(apply.out.split('\n').slice(0, 5)).toEqual([
      'sent      search.json  create search configuration',
      'sent      widgets/cart-trending.json  update widget cart-trending',
      'sent      widgets/home-trending.json  update widget home-trending',
      'sent      widgets/pdp-bundle.json  update widget pdp-bundle',
      'sent      widgets/pdp-similar.json  update widget pdp-similar',
    ]);
    expect(posts(sandbox)).toBe(5);
    // The shop's home page slot now shows the configured title.
    const answer = await fetch(`${sandbox.url}/v1/widgetserver/trending?divisionId=home-trending&orgId=${ORG}&site_uid=v1&domain=shop`, {
      headers: { 'X-Service-Access-Token': KEY, 'X-Service-orgId': ORG },
    }).then((res) => res.json());
    expect(answer.widgetName).toBe('Trending this week');

    expect(await run(['config', 'apply'])).toMatchObject({ code: 0, out: `Nothing to send: 5 files match what was last applied to ${sandbox.url}.\n` });
    expect(posts(sandbox)).toBe(5);

    writeFileSync(join(dir, 'widgets/pdp-similar.json'), readFileSync(join(dir, 'widgets/pdp-similar.json'), 'utf8').replace('"maxProducts": 4', '"maxProducts": 6'));
    const changed = await run(['config', 'plan']);
    expect(changed.out).toContain('~ update widget pdp-similar  (widgets/pdp-similar.json)\n    ~ maxProducts: 4 → 6\n= unchanged  (search.json)\n');
    expect(changed.out).toContain('1 call to send, 4 unchanged.');
    expect(await run(['config', 'apply'])).toMatchObject({ code: 0 });
    expect(posts(sandbox)).toBe(6);
  });

  it('stops at the first refusal with the service\'s errMsg and its file, and says what was not sent', async () => {
    const dir = configFolder({
      'widgets/1-first.json': widget('refusal-first'),
      'widgets/2-refused.json': widget('refusal-second').replace('"maxProducts": 8', '"maxProducts": 500'),
      'widgets/3-last.json': widget('refusal-third'),
    });
    const before = posts(sandbox);
    const r = await vitrine(['config', 'apply', '.'], env(), dir);
    expect(r.code).toBe(1);
    expect(r.out).toBe([
      'sent      widgets/1-first.json  update widget refusal-first',
      'refused   widgets/2-refused.json  update widget refusal-second',
      'not sent  widgets/3-last.json  update widget refusal-third',
      'Sent 1 of 3; stopped at widgets/2-refused.json. What was sent is recorded in .vitrine-state.json.',
      '',
    ].join('\n'));
    expect(r.err).toBe('vitrine: widgets/2-refused.json: the service refused the call (HTTP 400): maxProducts must be a whole number from 1 to 100\n');
    expect(posts(sandbox)).toBe(before + 2);
    const state = JSON.parse(readFileSync(join(dir, '.vitrine-state.json'), 'utf8'));
    expect(Object.keys(state.targets[`${sandbox.url} ${ORG}`].widgets)).toEqual(['refusal-first']);
    // The next run sends the refused file first: what was taken is not sent again.
    writeFileSync(join(dir, 'widgets/2-refused.json'), widget('refusal-second'));
    const again = await vitrine(['config', 'apply', '.'], env(), dir);
    expect(again.out.split('\n').slice(0, 2)).toEqual(['sent      widgets/2-refused.json  update widget refusal-second', 'sent      widgets/3-last.json  update widget refusal-third']);
  });

  it('says the quota is spent when the configuration calls answer 403', async () => {
    const r = await vitrine(['config', 'apply', configFolder({ 'widgets/a.json': widget('quota-a') })], env(spent));
    expect(r).toMatchObject({ code: 1, out: 'Nothing sent.\n' });
    expect(r.err).toContain("the key's credit quota is spent (HTTP 403)");
  });
});

describe('vitrine services', () => {
  it('lists the catalogue as a table, or JSON for scripts', async () => {
    const r = await vitrine(['services']);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').slice(0, 3)).toEqual(['name             version  cost', 'search           1.4.2    1 credit', 'recommendations  1.4.2    1 credit']);
    const json = JSON.parse((await vitrine(['services', '--json'])).out);
    expect(json.map((s: { name: string }) => s.name)).toEqual(['search', 'recommendations', 'themes', 'configuration']);
  });

  it('says in words when no service is active (400) or the quota is spent (403)', async () => {
    const none = await vitrine(['services'], env(spent));
    expect(none).toMatchObject({ code: 1, out: '' });
    expect(none.err).toBe('vitrine: no service is active for this key (HTTP 400: No service is active for this key: its credit quota is spent); activate one in the service console or check the key\'s plan\n');
    const quota = await vitrine(['services'], env({ url: standInUrl }));
    expect(quota).toMatchObject({ code: 1, err: "vitrine: the key's credit quota is spent (HTTP 403): Credit quota exceeded; calls are refused until the plan's monthly quota renews\n" });
  });

  it('has help for every command and refuses unknown flags', async () => {
    for (const command of [['lint'], ['config', 'init'], ['config', 'check'], ['config', 'plan'], ['config', 'apply'], ['config', 'record'], ['services']]) {
      const r = await vitrine([...command, '--help'], {});
      expect(r.code).toBe(0);
      expect(r.out).toContain(`Usage: vitrine ${command.join(' ')} [options]`);
    }
    expect(await vitrine(['services', '--tabel'], env())).toMatchObject({ code: 2, err: expect.stringContaining("unknown option '--tabel'") });
  });

  it('prints the installed package\'s version', async () => {
    const { version } = JSON.parse(readFileSync(join(bin, '../../package.json'), 'utf8'));
    for (const flag of ['--version', '-V']) expect(await vitrine([flag], {})).toEqual({ code: 0, out: `${version}\n`, err: '' });
  });
});
