// `vitrine config` as a new user and a CI script meet it: stdout read as JSON, exit codes
// branched on, files as editors and other systems write them, paths as typed, a service
// that fails in the middle of an apply. The installed package's bin against the sandbox.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { configFolder, runBin, type Run } from './runBin';

const bin = inject('vitrineBin');
const ORG = '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60';
const KEY = 'vitrine-sandbox-key';
let sandbox: Sandbox;

const env = (url = sandbox.url, extra: Record<string, string> = {}) => ({ VITRINE_BASE_URL: url, VITRINE_ORG_ID: ORG, VITRINE_API_KEY: KEY, ...extra });

/** Runs the bin; the key is in no output, and no output carries a colour escape or a stack trace. */
async function vitrine(args: string[], environment: Record<string, string | undefined> = env(), cwd?: string): Promise<Run> {
  const r = await runBin(bin, args, environment, cwd);
  expect(r.out + r.err).not.toContain(KEY);
  expect(r.out + r.err).not.toContain('\u001b[');
  expect(r.err).not.toMatch(/^\s+at /m);
  return r;
}

/** stdout as a CI step reads it with jq: one JSON document and nothing else. */
function onlyJson(r: Run): Record<string, unknown> {
  expect(r.out.trim().startsWith('{')).toBe(true);
  return JSON.parse(r.out) as Record<string, unknown>;
}

const posts = (s: Sandbox) => s.requests.filter((r) => r.method === 'POST').length;

const widget = (id: string, extra: Record<string, unknown> = {}) => ({
  id, name: `Widget ${id}`, divisionId: id, orgName: 'Maison Vitrine', algoName: 'Trending Items', widgetShowType: 'carousel',
  displayTitle: 'Trending', maxProducts: 8, themeId: 'maison-carousel', pageId: 'home_page', ...extra,
});
const text = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

// A stand-in between the bin and the sandbox: it passes every call on, except the POST of
// the widget whose divisionId is `failing`, which it answers as `mode` says. The answers
// follow interface.md "Errors" (401 a wrong key, 403 the credit quota, 429 too many calls,
// 5xx a failure, each with a JSON body `{ errMsg }`); the HTML page is a proxy's login page,
// the redirect a load balancer's 302 (RFC 9110 §15.4.3), the hang a service that never answers.
type Mode = 'pass' | '401' | '403' | '429' | '500' | 'html' | 'hang' | 'redirect';
let proxy: Server;
let proxyUrl: string;
const failing = { divisionId: '', mode: 'pass' as Mode };
/** POST bodies that reached the stand-in, by divisionId (each attempt counts). */
const attempts = new Map<string, number>();

const body = (req: IncomingMessage) => new Promise<string>((resolve) => {
  let all = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => (all += c));
  req.on('end', () => resolve(all));
});

beforeAll(async () => {
  sandbox = await createSandbox({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'vitrine-attack-sandbox-')) });
  proxy = createServer(async (req, res) => {
    const sent = await body(req);
    let divisionId = '';
    try {
      divisionId = (JSON.parse(sent) as { divisionId?: string }).divisionId ?? '';
    } catch { /* a GET, or a body that is not a widget */ }
    if (req.method === 'POST' && divisionId) attempts.set(divisionId, (attempts.get(divisionId) ?? 0) + 1);
    const json = (status: number, errMsg: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify({ errMsg }));
    };
    if (req.method === 'POST' && divisionId && divisionId === failing.divisionId) {
      switch (failing.mode) {
        case '401': return json(401, 'Invalid access token');
        case '403': return json(403, 'Credit quota exceeded');
        case '429': return json(429, 'Too many requests', { 'Retry-After': '30' });
        case '500': return json(500, 'Internal error');
        case 'html':
          res.writeHead(200, { 'Content-Type': 'text/html' });
          return res.end('<!doctype html><title>Sign in</title>');
        case 'hang': return; // never answers; the connection is closed with the server
        case 'redirect':
          res.writeHead(302, { Location: `${sandbox.url}${req.url}` });
          return res.end();
        default:
      }
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
    const answer = await fetch(`${sandbox.url}${req.url}`, { method: req.method, headers, body: req.method === 'POST' ? sent : undefined });
    res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  proxy?.closeAllConnections();
  await Promise.all([sandbox?.close(), new Promise((resolve) => proxy?.close(resolve))]);
});

describe('apply --json read by a CI script', () => {
  it('prints one JSON document on stdout and nothing else, whatever happens', async () => {
    const good = configFolder({ 'widgets/a.json': widget('pure-a'), 'widgets/b.json': widget('pure-b') });
    const ok = await vitrine(['config', 'apply', '--json', good]);
    expect(ok.code).toBe(0);
    expect(ok.err).toBe('');
    expect(onlyJson(ok)).toMatchObject({ sent: 2 });
    // Again: nothing is sent, and stdout is still one document.
    const before = posts(sandbox);
    const again = await vitrine(['config', 'apply', '--json', good]);
    expect(again.code).toBe(0);
    expect(onlyJson(again)).toMatchObject({ sent: 0 });
    expect(posts(sandbox)).toBe(before);

    const bad = configFolder({ 'widgets/a.json': widget('pure-bad', { maxProducts: 0 }) });
    const errors = await vitrine(['config', 'apply', '--json', bad]);
    expect(errors.code).toBe(1);
    expect(onlyJson(errors)).toMatchObject({ sent: 0, problems: [expect.objectContaining({ field: 'maxProducts', severity: 'error' })] });

    const unreachable = await vitrine(['config', 'apply', '--json', good], env('http://127.0.0.1:9'));
    expect(unreachable.code).toBe(2);
    expect(onlyJson(unreachable)).toMatchObject({ sent: 0, error: expect.stringContaining('cannot reach') });

    const dry = await vitrine(['config', 'apply', '--json', '--dry-run', configFolder({ 'widgets/a.json': widget('pure-dry') })]);
    expect(dry.code).toBe(0);
    expect(onlyJson(dry)).toMatchObject({ changes: [expect.objectContaining({ file: expect.stringContaining('widgets/a.json') })] });
  });

  it('prints nothing on stdout when it cannot start (no credentials, no folder, an unknown flag), and exits 2', async () => {
    const good = configFolder({ 'widgets/a.json': widget('nostart') });
    for (const [args, environment] of [
      [['config', 'apply', '--json', good], {}],
      [['config', 'apply', '--json', '/nonexistent/config'], env()],
      [['config', 'apply', '--json', '--jsn', good], env()],
    ] as [string[], Record<string, string>][]) {
      const r = await vitrine(args, environment);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(/^(vitrine: |error: )/);
    }
  });
});

describe('plan --detailed-exitcode in every state', () => {
  it('is 2 with changes, 0 once applied, 1 for errors, no credentials, a missing folder or an unknown environment', async () => {
    const dir = configFolder({ 'widgets/a.json': widget('detailed-a') });
    const plan = (args: string[] = [], environment: Record<string, string> = env()) => vitrine(['config', 'plan', '--detailed-exitcode', ...args, dir], environment);
    expect((await plan()).code).toBe(2);
    expect((await plan(['--format', 'json'])).code).toBe(2);
    expect((await plan(['--format', 'markdown'])).code).toBe(2);
    expect((await vitrine(['config', 'apply', dir])).code).toBe(0);
    expect(await plan()).toMatchObject({ code: 0, err: '' });
    expect((await plan(['--format', 'markdown'])).code).toBe(0);
    writeFileSync(join(dir, 'widgets/a.json'), text(widget('detailed-a', { maxProducts: 0 })));
    expect((await plan()).code).toBe(1);
    writeFileSync(join(dir, 'widgets/a.json'), text(widget('detailed-a')));
    expect((await plan([], {})).code).toBe(1);
    expect((await plan(['--env', 'nowhere'])).code).toBe(1);
    expect((await vitrine(['config', 'plan', '--detailed-exitcode', '/nonexistent/config'])).code).toBe(1);
  });

  it('exits 1, never 2 ("changes to send"), when the command line itself is wrong', async () => {
    const dir = configFolder({ 'widgets/a.json': widget('detailed-usage') });
    const typo = await vitrine(['config', 'plan', '--detailed-exitcode', '--formt', 'markdown', dir]);
    expect(typo.err).toContain("unknown option '--formt'");
    expect(typo.code).toBe(1);
    expect((await vitrine(['config', 'plan', '--detailed-exitcode', '--format', 'html', dir])).code).toBe(1);
    expect((await vitrine(['config', 'plan', '--detailed-exitcode'])).code).toBe(1);
    // Without the flag, a usage mistake is 2 as for every command.
    expect((await vitrine(['config', 'plan', '--formt', 'markdown', dir])).code).toBe(2);
  });
});

describe('plan --format markdown with odd names', () => {
  it('keeps pipes, backticks and markup in names from breaking the table or the page', async () => {
    const dir = configFolder({
      'widgets/a`b|c.json': widget('tick`s|pipe', { name: '<img src=x onerror=alert(1)>', displayTitle: '</details><script>alert(1)</script>' }),
      'widgets/d.json': widget('<b>bold</b>&amp;', { displayTitle: '```\n# heading' }),
    });
    const r = await vitrine(['config', 'plan', '--format', 'markdown', dir]);
    expect(r.code).toBe(0);
    const rows = r.out.split('\n').filter((l) => l.startsWith('| + |'));
    expect(rows).toHaveLength(2);
    // Each row has its three cells: no pipe of a name ends a cell.
    for (const row of rows) expect(row.replace(/\\\|/g, '').split('|').length).toBe(5);
    // No markup of a name reaches the page outside a code block.
    const outsideCode = r.out.split('```').filter((_, i) => i % 2 === 0).join('');
    for (const markup of ['<img', '<script', '</details><script', '<b>']) expect(outsideCode).not.toContain(markup);
    // The diff's code fence closes where the plan closes it: the value's backticks are inside a JSON string on one line.
    expect(r.out).toContain('+ displayTitle: "```\\n# heading"');
  });
});

describe('files as other editors and systems write them', () => {
  const check = (files: Record<string, unknown>) => vitrine(['config', 'check', '--offline', '.'], env(), configFolder(files));

  it('names a file that is null, an array, a string or only whitespace', async () => {
    for (const [body, says] of [['null\n', 'search.json:1:1'], ['[]\n', 'search.json:1:1'], ['"search"\n', 'search.json:1:1'], [' \r\n\t\n', 'the file is empty'], ['\uFEFF', 'the file is empty']] as const) {
      const r = await check({ 'search.json': body });
      expect(r.code).toBe(1);
      expect(r.out).toContain(says);
      expect(r.out).toMatch(/error: /);
    }
    const widgetArray = await check({ 'widgets/a.json': `[${JSON.stringify(widget('array'))}]\n` });
    expect(widgetArray.code).toBe(1);
    expect(widgetArray.out).toContain('widgets/a.json:1:1');
  });

  it('names a file saved as UTF-16 (Windows "Unicode") and says to save it as UTF-8', async () => {
    const dir = configFolder({});
    writeFileSync(join(dir, 'search.json'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`{ "orgId": "${ORG}" }\n`, 'utf16le')]));
    const r = await vitrine(['config', 'check', '--offline', '.'], env(), dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('search.json:1:1 (file)  error: ');
    expect(r.out).toContain('search.json:1:1 (file)  error: the file is saved as UTF-16, not UTF-8\n    fix: save it with the encoding UTF-8');
  });

  it('reads CRLF with a BOM in a widget, and places a problem on its line', async () => {
    const crlf = `\uFEFF${text(widget('crlf-widget', { maxProducts: 0 })).replace(/\n/g, '\r\n')}`;
    const r = await check({ 'widgets/a.json': crlf });
    expect(r.out).toContain('widgets/a.json:9:18 maxProducts  error: must be 1 or more, found 0');
  });

  it('reports a field written twice, which JSON.parse would silently take the last of', async () => {
    const r = await check({ 'search.json': `{\n  "orgId": "${ORG}",\n  "paginationCount": 24,\n  "paginationCount": 12\n}\n` });
    expect(r.code).toBe(1);
    expect(r.out).toContain('search.json:4:3 paginationCount  error: "paginationCount" is written twice');
  });

  it('sends nothing from a folder where one widget has a comment or a trailing comma', async () => {
    const good = text(widget('syntax-good'));
    for (const [bad, says] of [
      [good.replace('"maxProducts": 8,', '"maxProducts": 8, // eight\n'), 'widgets/b.json:9:21 (file)  error: not JSON: a comment'],
      [good.replace('"pageId": "home_page"', '"pageId": "home_page",'), 'widgets/b.json:11:24 (file)  error: not JSON: a trailing comma after the last field'],
    ] as const) {
      const before = posts(sandbox);
      const r = await vitrine(['config', 'apply', '.'], env(), configFolder({ 'widgets/a.json': good, 'widgets/b.json': bad }));
      expect(r.code).toBe(1);
      expect(r.out).toContain(says);
      expect(r.out).toContain('Nothing sent');
      expect(posts(sandbox)).toBe(before);
    }
  });

  it('answers a deeply nested file with a message, not a crash', async () => {
    const deep = `{\n  "orgId": "${ORG}",\n  "searchSynonym": ${'['.repeat(100_000)}${']'.repeat(100_000)}\n}\n`;
    const r = await check({ 'search.json': deep });
    expect(r).toMatchObject({ code: 1, err: '' });
    expect(r.out).toContain('search.json:3:83 (file)  error: nested more than 64 levels deep');
  });

  it('takes a __proto__ field as data, not as the object\'s prototype', async () => {
    const r = await check({ 'search.json': `{\n  "orgId": "${ORG}",\n  "__proto__": { "paginationCount": "x" }\n}\n` });
    expect(r.out).toContain('search.json:3:3 __proto__  warning');
  });
});

describe('paths as typed', () => {
  it('takes a folder with spaces, ./config/, an absolute path and a trailing slash', async () => {
    const project = mkdtempSync(join(tmpdir(), 'vitrine attack project '));
    mkdirSync(join(project, 'my config/widgets'), { recursive: true });
    writeFileSync(join(project, 'my config/widgets/pdp.json'), text(widget('spaced', { maxProducts: 0 })));
    for (const typed of ['my config', './my config/', join(project, 'my config'), `${join(project, 'my config')}/`]) {
      const r = await vitrine(['config', 'check', '--offline', typed], env(), project);
      expect(r.code).toBe(1);
      expect(r.out).toContain(`${typed.startsWith('/') ? join(project, 'my config') : 'my config'}/widgets/pdp.json:9:18 maxProducts  error:`);
    }
  });

  it('says plainly that a Windows-style path names no folder here', async () => {
    const project = mkdtempSync(join(tmpdir(), 'vitrine-attack-win-'));
    mkdirSync(join(project, 'config/widgets'), { recursive: true });
    writeFileSync(join(project, 'config/widgets/a.json'), text(widget('win')));
    const r = await vitrine(['config', 'check', '--offline', 'C:\\shop\\config'], env(), project);
    expect(r).toMatchObject({ code: 2, out: '' });
    expect(r.err).toContain('C:\\shop\\config: cannot be read (ENOENT)');
  });

  it('refuses a file given as the folder, and a widgets that is a file, with a message', async () => {
    const dir = configFolder({ 'widgets/a.json': widget('as-file') });
    const file = await vitrine(['config', 'check', '--offline', join(dir, 'widgets/a.json')]);
    expect(file).toMatchObject({ code: 2, err: expect.stringContaining('is a file; give the folder') });
    const widgetsFile = configFolder({ 'search.json': { orgId: ORG }, widgets: 'not a folder\n' });
    const r = await vitrine(['config', 'check', '--offline', widgetsFile]);
    expect(r).toMatchObject({ code: 2, out: '' });
    expect(r.err).toBe(`vitrine: ${widgetsFile}/widgets is a file; widgets/ is the folder of widget files (widgets/<name>.json)\n`);
  });
});

describe('init', () => {
  it('writes into an empty folder that exists, and into one with unrelated files, overwriting none', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'vitrine-attack-init-'));
    expect((await vitrine(['config', 'init', empty])).code).toBe(0);
    const other = configFolder({ 'notes.txt': 'mine\n' });
    expect((await vitrine(['config', 'init', other])).code).toBe(0);
    expect(readFileSync(join(other, 'notes.txt'), 'utf8')).toBe('mine\n');
  });

  it('refuses a file, and a folder under a file, with a message and nothing written', async () => {
    const dir = configFolder({ 'file.txt': 'x\n' });
    const onFile = await vitrine(['config', 'init', join(dir, 'file.txt')]);
    expect(onFile).toMatchObject({ code: 2, out: '' });
    expect(onFile.err).toContain('is a file');
    const under = await vitrine(['config', 'init', join(dir, 'file.txt', 'config')]);
    expect(under.code).toBe(2);
    expect(under.out).toBe('');
    expect(under.err).toBe(`vitrine: ${join(dir, 'file.txt', 'config')}: cannot be made (ENOTDIR); name a folder to write the configuration in\n`);
  });

  it('refuses a folder holding only environments/ or a state file without --force', async () => {
    const envOnly = configFolder({ 'environments/staging.json': { orgId: ORG } });
    expect((await vitrine(['config', 'init', envOnly])).code).toBe(1);
    expect(existsSync(join(envOnly, 'search.json'))).toBe(false);
  });
});

describe('environment and organisation', () => {
  it('refuses an environment name that walks out of environments/', async () => {
    const dir = configFolder({ 'widgets/a.json': widget('env-walk'), 'search.json': { orgId: ORG } });
    for (const name of ['../search', '..', 'a/b', '']) {
      const r = await vitrine(['config', 'plan', '--env', name, dir], { VITRINE_BASE_URL: sandbox.url, VITRINE_API_KEY: KEY });
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
    }
  });

  it('refuses VITRINE_ORG_ID disagreeing with a file\'s orgId, before anything is sent', async () => {
    const dir = configFolder({ 'widgets/a.json': widget('org-other', { orgId: '00000000-0000-4000-8000-000000000000' }) });
    const before = posts(sandbox);
    const r = await vitrine(['config', 'apply', dir]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('orgId  error: is not the organisation of VITRINE_ORG_ID');
    expect(posts(sandbox)).toBe(before);
  });

  it('does not print credentials written into VITRINE_BASE_URL', async () => {
    const dir = configFolder({ 'widgets/a.json': widget('userinfo') });
    const url = new URL(sandbox.url);
    url.username = 'deploy';
    url.password = 'hunter2-secret';
    for (const command of ['plan', 'apply']) {
      const r = await vitrine(['config', command, '--json', dir], env(url.href));
      expect(r).toMatchObject({ code: 2, out: '' });
      expect(r.err).toBe('vitrine: VITRINE_BASE_URL holds a user name or password; give the address alone (the key goes in VITRINE_API_KEY)\n');
    }
  });
});

describe('a service that fails in the middle of an apply', () => {
  // [mode, exit code, status of the failing file in --json]
  const cases: [Mode, number, string][] = [
    ['401', 1, 'refused'], ['403', 1, 'refused'], ['429', 1, 'refused'],
    ['500', 2, 'failed'], ['html', 2, 'failed'], ['hang', 2, 'failed'], ['redirect', 2, 'failed'],
  ];
  it.each(cases)('%s: stops there, records what was taken, resumes without sending anything twice', async (mode, code, status) => {
    const id = `mid-${mode}`;
    const dir = configFolder({ 'widgets/1.json': widget(`${id}-1`), 'widgets/2.json': widget(`${id}-2`), 'widgets/3.json': widget(`${id}-3`) });
    Object.assign(failing, { divisionId: `${id}-2`, mode });
    const r = await vitrine(['config', 'apply', '--json', dir], env(proxyUrl));
    Object.assign(failing, { divisionId: '', mode: 'pass' });
    expect(r.code).toBe(code);
    const out = onlyJson(r) as { results: { status: string }[] };
    expect(out.results.map((x) => x.status)).toEqual(['sent', status, 'not sent']);
    const state = JSON.parse(readFileSync(join(dir, '.vitrine-state.json'), 'utf8'));
    expect(Object.keys(state.targets[`${proxyUrl} ${ORG}`].widgets)).toEqual([`${id}-1`]);
    // The call that failed went out once.
    expect(attempts.get(`${id}-2`)).toBe(1);

    const resumed = await vitrine(['config', 'apply', '--json', dir], env(proxyUrl));
    expect(resumed.code).toBe(0);
    expect((onlyJson(resumed) as { results: { status: string }[] }).results.map((x) => x.status)).toEqual(['sent', 'sent', 'unchanged']);
    expect([1, 2, 3].map((n) => attempts.get(`${id}-${n}`))).toEqual([1, 2, 1]);
    const last = await vitrine(['config', 'apply', dir], env(proxyUrl));
    expect(last.out).toBe(`Nothing to send: 3 files match what was last applied to ${proxyUrl}.\n`);
  }, 60_000);

  it('masks the key if the service quotes it back in an error', async () => {
    const dir = configFolder({ 'widgets/a.json': widget('echo-key') });
    const echo = createServer((_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ errMsg: `Unknown token ${KEY}` }));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
    try {
      for (const args of [['config', 'apply', '--json', dir], ['config', 'apply', dir], ['config', 'check', dir], ['services', '--json'], ['config', 'init', join(dir, 'new')]]) {
        const r = await vitrine(args, env(url));
        expect(r.code).toBe(1);
      }
    } finally {
      await new Promise((resolve) => echo.close(resolve));
    }
  });
});

describe('output for people and terminals', () => {
  it('prints no colour, with NO_COLOR, FORCE_COLOR or neither', async () => {
    const dir = configFolder({ 'widgets/a.json': widget('colour', { maxProducts: 0 }) });
    for (const extra of [{}, { NO_COLOR: '1' }, { FORCE_COLOR: '3' }] as Record<string, string>[]) {
      for (const args of [['config', 'check', '--offline', dir], ['config', 'plan', dir], ['config', 'nonsense'], ['--help']]) await vitrine(args, env(sandbox.url, extra));
    }
  });

  it('has --help on every command and group, exit 0, and refuses unknown flags and arguments with exit 2', async () => {
    for (const command of [[], ['config'], ['config', 'init'], ['config', 'check'], ['config', 'plan'], ['config', 'apply'], ['config', 'record'], ['services'], ['lint']]) {
      const help = await vitrine([...command, '--help'], {});
      expect(help.code).toBe(0);
      expect(help.out).toContain(`Usage: vitrine${command.map((c) => ` ${c}`).join('')}`);
      const h = await vitrine(['help', ...command], {});
      expect(h.code).toBe(0);
    }
    for (const args of [['config', 'check', '--ofline', '.'], ['config', 'apply', '--dryrun', '.'], ['config', 'init', '--forse'], ['config', 'record', '--all', '.'], ['config', 'check', 'a', 'b'], ['config', 'frobnicate'], ['config']]) {
      const r = await vitrine(args, env());
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
    }
  });
});

describe('docs/configuration.md as written', () => {
  it('the environment file, the staging command and the CI job work as the page shows them', async () => {
    const doc = readFileSync(join(bin, '../../docs/configuration.md'), 'utf8');
    const envFile = /```json\n(\{ "orgId"[^\n]*\})\n```/.exec(doc)![1];
    const project = mkdtempSync(join(tmpdir(), 'vitrine-attack-doc-'));
    mkdirSync(join(project, 'config/environments'), { recursive: true });
    writeFileSync(join(project, 'config/environments/staging.json'), `${envFile}\n`);
    const noOrg = { VITRINE_BASE_URL: sandbox.url, VITRINE_API_KEY: KEY };
    // "Start with `npx vitrine config init config`", then --force keeps the environment file.
    expect((await vitrine(['config', 'init', 'config'], env(), project)).code).toBe(1);
    expect((await vitrine(['config', 'init', '--force', 'config'], env(), project)).code).toBe(0);
    expect(readFileSync(join(project, 'config/environments/staging.json'), 'utf8')).toBe(`${envFile}\n`);
    // The staging line: the organisation from the environment file only.
    expect((await vitrine(['config', 'apply', '--env', 'staging', 'config'], noOrg, project)).code).toBe(0);
    // The CI job's steps, in its environment.
    expect((await vitrine(['config', 'check', 'config'], env(), project)).code).toBe(0);
    const plan = await vitrine(['config', 'plan', '--detailed-exitcode', '--format', 'markdown', 'config'], env(), project);
    expect([0, 2]).toContain(plan.code);
    expect(plan.out).toContain('### Vitrine configuration plan');
    const applied = await vitrine(['config', 'apply', '--json', 'config'], env(), project);
    expect(applied.code).toBe(0);
    expect(onlyJson(applied)).toMatchObject({ target: { baseUrl: sandbox.url, orgId: ORG } });
  });
});
