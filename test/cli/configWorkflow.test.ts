// What a CI job and a new user lean on beyond check: apply --json that applies, exit codes
// of every command, files as Windows editors write them, paths as typed, a starter folder
// from the service, files applied by hand, one folder for several environments, a plan
// for a pull request. The installed package's bin against the sandbox over HTTP.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { configFolder, runBin, type Run } from './runBin';

const bin = inject('vitrineBin');
const ORG = '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60';
const KEY = 'vitrine-sandbox-key';
let sandbox: Sandbox;
let production: Sandbox;

const env = (s: { url: string } = sandbox, extra: Record<string, string> = {}) => ({ VITRINE_BASE_URL: s.url, VITRINE_ORG_ID: ORG, VITRINE_API_KEY: KEY, ...extra });

async function vitrine(args: string[], environment: Record<string, string | undefined> = env(), cwd?: string): Promise<Run> {
  const r = await runBin(bin, args, environment, cwd);
  expect(r.out + r.err).not.toContain(KEY);
  return r;
}

const posts = (s: Sandbox) => s.requests.filter((r) => r.method === 'POST').length;

/** A widget that leaves its organisation to the environment. */
const widget = (id: string, extra: Record<string, unknown> = {}) => ({
  id, name: `Widget ${id}`, divisionId: id, algoName: 'Trending Items', widgetShowType: 'carousel',
  displayTitle: 'Trending', maxProducts: 8, themeId: 'maison-carousel', pageId: 'home_page', ...extra,
});

beforeAll(async () => {
  sandbox = await createSandbox({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'vitrine-cli-sandbox-')) });
  production = await createSandbox({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'vitrine-cli-production-')) });
}, 120_000);

afterAll(async () => {
  await Promise.all([sandbox?.close(), production?.close()]);
});

describe('vitrine config apply --json', () => {
  it('sends, and prints per file what was sent and what the service answered', async () => {
    const dir = configFolder({ 'widgets/a.json': widget('json-a', { orgName: 'Maison Vitrine' }), 'widgets/b.json': widget('json-b', { orgName: 'Maison Vitrine' }) });
    const before = posts(sandbox);
    const r = await vitrine(['config', 'apply', '--json', '.'], env(), dir);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(posts(sandbox)).toBe(before + 2);
    const out = JSON.parse(r.out);
    expect(out.target).toEqual({ baseUrl: sandbox.url, orgId: ORG });
    expect(out.sent).toBe(2);
    expect(out.results.map((x: { file: string; status: string }) => [x.file, x.status])).toEqual([['widgets/a.json', 'sent'], ['widgets/b.json', 'sent']]);
    expect(out.results[0].sent).toMatchObject({ orgId: ORG, divisionId: 'json-a' });
    expect(out.results[0].answer).toMatchObject({ errMsg: null, uid: expect.any(String) });

    const again = JSON.parse((await vitrine(['config', 'apply', '--json', '.'], env(), dir)).out);
    expect(again.results.map((x: { status: string }) => x.status)).toEqual(['unchanged', 'unchanged']);
    expect(posts(sandbox)).toBe(before + 2);
  });

  it('sends nothing with --dry-run, and names a refusal with the service\'s answer', async () => {
    const dir = configFolder({ 'widgets/a.json': widget('json-refused', { orgName: 'M', maxProducts: 500 }), 'widgets/b.json': widget('json-after', { orgName: 'M' }) });
    const before = posts(sandbox);
    const dry = await vitrine(['config', 'apply', '--dry-run', '--json', '.'], env(), dir);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.out).changes).toHaveLength(2);
    expect(posts(sandbox)).toBe(before);
    const r = await vitrine(['config', 'apply', '--json', '.'], env(), dir);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.out);
    expect(out.results.map((x: { status: string }) => x.status)).toEqual(['refused', 'not sent']);
    expect(out.results[0].answer).toEqual({ status: 400, errMsg: 'maxProducts must be a whole number from 1 to 100' });
    expect(r.err).toContain('widgets/a.json: the service refused the call (HTTP 400)');
  });
});

describe('exit codes', () => {
  it('are 0 ok, 1 problems or a refused call (401 included), 2 usage or unreachable, for every command', async () => {
    const good = configFolder({ 'widgets/a.json': widget('codes-a', { orgName: 'M' }) });
    const bad = configFolder({ 'widgets/a.json': widget('codes-b', { orgName: 'M', maxProducts: 0 }) });
    const wrongKey = env(sandbox, { VITRINE_API_KEY: 'not-the-key' });
    const closed = env({ url: 'http://127.0.0.1:9' });
    const cases: [string[], Record<string, string>, number][] = [
      [['config', 'check', good], env(), 0], [['config', 'check', bad], env(), 1], [['config', 'check', good], wrongKey, 1], [['config', 'check', good], closed, 2], [['config', 'check', '/nonexistent'], env(), 2],
      [['config', 'plan', good], env(), 0], [['config', 'plan', bad], env(), 1], [['config', 'plan', good], {}, 2],
      [['config', 'plan', '--detailed-exitcode', good], env(), 2], [['config', 'plan', '--detailed-exitcode', bad], env(), 1], [['config', 'plan', '--detailed-exitcode', good], {}, 1],
      [['config', 'apply', bad], env(), 1], [['config', 'apply', good], wrongKey, 1], [['config', 'apply', good], closed, 2], [['config', 'apply', '--dry-run', good], env(), 0],
      [['config', 'record', bad], env(), 1], [['config', 'record', good, '/elsewhere.json'], env(), 2],
      [['config', 'init', good], env(), 1], [['config', 'init', join(mkdtempSync(join(tmpdir(), 'vitrine-init-')), 'x')], wrongKey, 1], [['config', 'init', join(mkdtempSync(join(tmpdir(), 'vitrine-init-')), 'x')], closed, 2],
      [['services'], env(), 0], [['services'], wrongKey, 1], [['services'], closed, 2], [['services', '--tabel'], env(), 2],
      [['lint', '--rules'], {}, 0], [['lint', '/nonexistent.json'], {}, 2], [['nonsense'], {}, 2],
    ];
    const runs = await Promise.all(cases.map(([args, e]) => vitrine(args, e)));
    expect(runs.map((r, i) => `${cases[i][0].join(' ').replace(/\/tmp\/\S+/g, '<dir>')} → ${r.code}`)).toEqual(cases.map(([args, , code]) => `${args.join(' ').replace(/\/tmp\/\S+/g, '<dir>')} → ${code}`));
    expect(runs[2].err).toContain('the service does not accept these credentials (HTTP 401)');
    expect(runs[10].err).toContain('set VITRINE_BASE_URL, VITRINE_ORG_ID, VITRINE_API_KEY');
  });

  it('check prints no "0 errors" when the service cannot be reached', async () => {
    const dir = configFolder({ 'widgets/a.json': widget('unreachable', { orgName: 'M' }) });
    const r = await vitrine(['config', 'check', dir], env({ url: 'http://127.0.0.1:9' }));
    expect(r.code).toBe(2);
    expect(r.out).not.toMatch(/errors?, \d+ warnings?/);
    expect(r.out).toContain('The service cross-checks could not run. The files were checked offline only.');
  });
});

describe('files as editors write them, paths as typed', () => {
  const BOM = '\uFEFF';
  it('reads a file with a byte order mark and CRLF line ends, and places problems on its lines', async () => {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    const good = configFolder({ 'search.json': BOM + crlf(`{\n  "orgId": "${ORG}",\n  "paginationCount": 24\n}\n`) });
    expect(await vitrine(['config', 'check', '--offline', '.'], env(), good)).toMatchObject({ code: 0, out: expect.stringMatching(/^0 errors, 0 warnings\n/) });
    const bad = configFolder({ 'search.json': BOM + crlf(`{\n  "orgId": "${ORG}",\n  "paginationCount": "24"\n}\n`) });
    const r = await vitrine(['config', 'check', '--offline', '.'], env(), bad);
    expect(r.out).toContain('search.json:3:22 paginationCount  error: must be a whole number, found the text "24"');
    const before = posts(sandbox);
    expect(await vitrine(['config', 'apply', '.'], env(), good)).toMatchObject({ code: 0 });
    expect(posts(sandbox)).toBe(before + 1);
  });

  it('points at a trailing comma, a comment, a single quote and an empty file, with the fix', async () => {
    const cases: [string, string][] = [
      [`{\n  "orgId": "${ORG}",\n  "paginationCount": 24,\n}\n`, 'search.json:3:24 (file)  error: not JSON: a trailing comma after the last field (JSON allows none)\n    fix: remove this comma'],
      [`{\n  "orgId": "${ORG}",\n  "includeWidgets": ["siteUpSell",]\n}\n`, 'search.json:3:34 (file)  error: not JSON: a trailing comma after the last item (JSON allows none)'],
      [`{\n  // the shop's search\n  "orgId": "${ORG}"\n}\n`, 'search.json:2:3 (file)  error: not JSON: a comment (JSON has no comments)\n    fix: remove it, or keep the note in a "$comment" field'],
      [`{\n  'orgId': "${ORG}"\n}\n`, 'search.json:2:3 (file)  error: not JSON: a single quote (JSON strings and field names take double quotes)'],
      ['\n', 'search.json:1:1 (file)  error: the file is empty\n    fix: write the configuration object, or delete the file'],
    ];
    const runs = await Promise.all(cases.map(([text]) => vitrine(['config', 'check', '--offline', '.'], env(), configFolder({ 'search.json': text }))));
    runs.forEach((r, i) => {
      expect(r.code).toBe(1);
      expect(r.out).toContain(cases[i][1]);
    });
  });

  it('names files from the folder as typed, relative to the working directory', async () => {
    const project = mkdtempSync(join(tmpdir(), 'vitrine-project-'));
    mkdirSync(join(project, 'config/widgets'), { recursive: true });
    writeFileSync(join(project, 'config/widgets/pdp.json'), `${JSON.stringify(widget('typed', { orgName: 'M', maxProducts: 0 }), null, 2)}\n`);
    for (const typed of ['config', './config/']) {
      const r = await vitrine(['config', 'check', '--offline', typed], env(), project);
      expect(r.out).toContain('config/widgets/pdp.json:8:18 maxProducts  error: must be 1 or more, found 0');
      expect(r.out).not.toContain('./config');
    }
  });
});

describe('vitrine config init and record', () => {
  it('writes a starter folder from the service that checks and applies, with $schema the package ships', async () => {
    const project = mkdtempSync(join(tmpdir(), 'vitrine-init-'));
    const r = await vitrine(['config', 'init'], env(), project);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out.split('\n')).toEqual([
      'wrote      config/search.json', 'wrote      config/widgets/home-recentviews.json', 'wrote      config/README.md',
      `3 files written from ${sandbox.url}. Next: vitrine config check config`, '',
    ]);
    const dir = join(project, 'config');
    const search = JSON.parse(readFileSync(join(dir, 'search.json'), 'utf8'));
    const home = JSON.parse(readFileSync(join(dir, 'widgets/home-recentviews.json'), 'utf8'));
    expect(home).toMatchObject({ algoName: 'Recent Views', themeId: 'maison-carousel', pageId: 'home_page', orgName: 'Maison Vitrine' });
    expect(home.$comment).toContain('divisionId');
    expect(home.orgId).toBeUndefined();
    // The references resolve to the schemas of the installed package.
    expect(resolve(dir, search.$schema)).toBe(resolve(bin, '../schema/search.schema.json'));
    expect(resolve(dir, 'widgets', home.$schema)).toBe(resolve(bin, '../schema/widget.schema.json'));
    expect(JSON.parse(readFileSync(resolve(dir, 'widgets', home.$schema), 'utf8')).properties.maxProducts).toMatchObject({ type: 'integer', minimum: 1 });
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    for (const seen of ['| Trending Items | trending |', '| maison-carousel | carousel |', '| product_page | PDP |', '| search | 1.4.2 | 1 |']) expect(readme).toContain(seen);

    expect(await vitrine(['config', 'check', 'config'], env(), project)).toMatchObject({ code: 0, out: expect.stringMatching(/^0 errors, 0 warnings\n/) });
    const before = posts(sandbox);
    expect(await vitrine(['config', 'apply', 'config'], env(), project)).toMatchObject({ code: 0 });
    expect(posts(sandbox)).toBe(before + 2);
    // The body sent carries the organisation of the environment, and neither note.
    const sent = JSON.parse(readFileSync(join(dir, '.vitrine-state.json'), 'utf8')).targets[`${sandbox.url} ${ORG}`].widgets['home-recentviews'].body;
    expect(sent).toMatchObject({ orgId: ORG, orgName: 'Maison Vitrine' });
    expect(Object.keys(sent)).not.toContain('$schema');
    expect(Object.keys(sent)).not.toContain('$comment');
  });

  it('refuses a folder that holds configuration, and names every file --force writes over', async () => {
    const dir = configFolder({ 'widgets/mine.json': widget('mine', { orgName: 'M' }), 'README.md': 'ours\n' });
    const r = await vitrine(['config', 'init', dir]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`already holds configuration (${join(dir, 'README.md')}, ${join(dir, 'widgets/mine.json')}); nothing was written`);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('ours\n');
    expect(existsSync(join(dir, 'search.json'))).toBe(false);
    const forced = await vitrine(['config', 'init', '--force', dir]);
    expect(forced.code).toBe(0);
    expect(forced.out).toContain(`overwrote  ${join(dir, 'README.md')}\n`);
    expect(forced.out).toContain(`wrote      ${join(dir, 'search.json')}\n`);
    expect(readFileSync(join(dir, 'widgets/mine.json'), 'utf8')).toContain('"mine"');
  });

  it('records files applied by hand without sending them', async () => {
    const dir = configFolder({ 'widgets/a.json': widget('by-hand-a', { orgName: 'M' }), 'widgets/b.json': widget('by-hand-b', { orgName: 'M' }) });
    const before = posts(sandbox);
    const r = await vitrine(['config', 'record', '.', 'widgets/a.json'], env(), dir);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toBe(`recorded  widgets/a.json  update widget by-hand-a\nRecorded 1 file as applied to ${sandbox.url}, organisation ${ORG}, without sending it (.vitrine-state.json); 0 already matched.\n`);
    const plan = await vitrine(['config', 'plan', '.'], env(), dir);
    expect(plan.out).toContain('= unchanged  (widgets/a.json)');
    expect(plan.out).toContain('+ update widget by-hand-b  (widgets/b.json)');
    expect(posts(sandbox)).toBe(before);
  });
});

describe('environments', () => {
  const folder = () => configFolder({
    'search.json': { docType: 'searchconf', paginationCount: 24 },
    'widgets/home.json': widget('env-home'),
    'environments/staging.json': { orgId: ORG, orgName: 'Maison Vitrine (staging)' },
    'environments/production.json': { orgId: ORG, orgName: 'Maison Vitrine' },
    'environments/nameless.json': { orgName: 'Nobody' },
  });

  it('takes the organisation from the chosen environment, and keeps state per service and organisation', async () => {
    const dir = folder();
    const noVars = { VITRINE_BASE_URL: sandbox.url, VITRINE_API_KEY: KEY };
    expect(await vitrine(['config', 'check', '--env', 'staging', '.'], noVars, dir)).toMatchObject({ code: 0 });
    expect(await vitrine(['config', 'apply', '--env', 'staging', '.'], noVars, dir)).toMatchObject({ code: 0 });
    const state = JSON.parse(readFileSync(join(dir, '.vitrine-state.json'), 'utf8'));
    expect(state.targets[`${sandbox.url} ${ORG}`].widgets['env-home'].body).toMatchObject({ orgId: ORG, orgName: 'Maison Vitrine (staging)' });
    // The same folder for production: VITRINE_ENV chooses, and nothing is applied there yet.
    const prod = await vitrine(['config', 'plan', '.'], { VITRINE_BASE_URL: production.url, VITRINE_API_KEY: KEY, VITRINE_ENV: 'production' }, dir);
    expect(prod.out).toContain(`Plan for ${production.url}, organisation ${ORG}`);
    expect(prod.out).toContain('+ update widget env-home  (widgets/home.json)\n');
    expect(prod.out).toContain('+ orgName: "Maison Vitrine"');
  });

  it('says plainly when an environment names no organisation, is missing, or disagrees with a variable', async () => {
    const dir = folder();
    const base = { VITRINE_BASE_URL: sandbox.url, VITRINE_API_KEY: KEY };
    const nameless = await vitrine(['config', 'plan', '--env', 'nameless', '.'], base, dir);
    expect(nameless).toMatchObject({ code: 2, err: 'vitrine: environment "nameless" names no organisation: add "orgId" to environments/nameless.json or set VITRINE_ORG_ID\n' });
    const missing = await vitrine(['config', 'check', '--env', 'prod', '.'], base, dir);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('no environment "prod": environments/prod.json cannot be read; the environments of this folder are ');
    const other = await vitrine(['config', 'plan', '--env', 'staging', '.'], { ...base, VITRINE_ORG_ID: '00000000-0000-4000-8000-000000000000' }, dir);
    expect(other).toMatchObject({ code: 2, err: expect.stringContaining('VITRINE_ORG_ID is "00000000-0000-4000-8000-000000000000" but environments/staging.json says') });
    const none = await vitrine(['config', 'check', '--offline', '.'], {}, dir);
    expect(none.code).toBe(1);
    expect(none.out).toContain('widgets/home.json:1:1 orgId  error: "orgId" is missing and no environment names the organisation');
    expect(none.out).toContain('widgets/home.json:1:1 orgName  error: "orgName" is missing and no environment names it');
  });
});

describe('vitrine config plan for CI', () => {
  it('prints a pull-request comment with --format markdown', async () => {
    const dir = configFolder({ 'widgets/a.json': widget('md|a', { orgName: 'M', displayTitle: 'Picked | for you' }) });
    const r = await vitrine(['config', 'plan', '--format', 'markdown', '.'], env(), dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain('### Vitrine configuration plan\n');
    // A pipe in a cell would end it: escaped, as GitHub's tables read it.
    expect(r.out).toContain('| + | `widgets/a.json` | update widget md\\|a |\n');
    expect(r.out).toContain('<summary>+ update widget md|a (widgets/a.json)</summary>\n\n```diff\n+ orgId:');
    expect(r.out).toContain('+ displayTitle: "Picked | for you"');
    expect(r.out).toContain('**1 call to send, 0 unchanged.**');
  });
});
