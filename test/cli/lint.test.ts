// `npx vitrine lint theme.json` as CI runs it: the installed package's bin (package.json
// `bin`) in a child process, on files on disk, judged by its output and exit code.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

const cli = inject('vitrineBin');
const dir = mkdtempSync(join(tmpdir(), 'vitrine-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const theme = {
  id: '0b6f1c9e-3a57-4d2b-9c1e-5f7a8b9c0d1e', orgId: 'o', orgName: 'Org', name: 'Top five', type: 'Custom',
  displayType: 'matrix', payload: null, description: null, themeId: 'top-five', divisionId: null, jsTemplate: null,
  htmlTemplate: '<h2>{{widget_displayName}}</h2>\n<ol>{{#products}}\n  <li><a href="{{product_currentPageUrl}}">{{product_name}}</a></li>\n{{/products}}</ol>',
  cssTemplate: '.vitrine-theme--top-five ol { padding: 0 }',
};

function run(...args: string[]): { code: number; out: string; err: string } {
  try {
    const out = execFileSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { code: 0, out, err: '' };
  } catch (e) {
    const x = e as { status: number; stdout: string; stderr: string };
    return { code: x.status, out: x.stdout, err: x.stderr };
  }
}

function file(name: string, body: unknown): string {
  writeFileSync(join(dir, name), typeof body === 'string' ? body : JSON.stringify(body, null, 2));
  return name;
}

// Each case starts node (0.3 s here, several seconds on a loaded machine).
describe('vitrine lint', { timeout: 30_000 }, () => {
  it('is the package bin', () => {
    expect(JSON.parse(readFileSync(join(cli, '../../package.json'), 'utf8')).bin).toEqual({ vitrine: 'dist/vitrine-cli.mjs' });
    expect(readFileSync(cli, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('passes a sound theme with exit code 0', () => {
    const r = run('lint', file('good.json', theme));
    expect(r.code).toBe(0);
    expect(r.out).toBe('0 errors, 0 warnings\n');
  });

  it('fails on an error with exit code 1, naming field, line:column, rule and fix', () => {
    const r = run('lint', file('dot.json', { ...theme, htmlTemplate: '<ol>{{#products}}\n  <li>{{.}}</li>\n{{/products}}</ol>' }));
    expect(r.code).toBe(1);
    expect(r.out.split('\n')).toEqual([
      'dot.json top-five htmlTemplate:2:7 error dot-on-object  {{.}} is the current item, and here that is a product, not text, so it cannot show as text. Name the field to show, such as {{product_name}}.',
      '    fix: Write {{product_name}}',
      '1 error, 0 warnings',
      '',
    ]);
  });

  it('lets warnings pass unless --strict', () => {
    const name = file('style.json', { ...theme, htmlTemplate: '<b style="color: hotpink">{{product_name}}</b>' });
    expect(run('lint', name)).toMatchObject({ code: 0 });
    expect(run('lint', '--strict', name)).toMatchObject({ code: 1 });
    expect(run('lint', name).out).toContain('style.json top-five htmlTemplate:1:4 warning inline-style');
  });

  it('reads a whole /v1/theme answer', () => {
    const r = run('lint', file('answer.json', { errMsg: null, widgetThemes: [theme, { ...theme, themeId: 'b', cssTemplate: 'p {}' }] }));
    expect(r.code).toBe(0);
    expect(r.out).toContain('answer.json b cssTemplate:1:1 warning leaking-selector');
  });

  it('exits 2 with a clear message for a missing file, bad JSON or something that is not a theme', () => {
    expect(run('lint', 'missing.json')).toMatchObject({ code: 2, err: 'missing.json: cannot be read (ENOENT)\n' });
    expect(run('lint', file('broken.json', '{"themeId": '))).toMatchObject({ code: 2 });
    expect(run('lint', file('broken.json', '{"themeId": ')).err).toMatch(/^broken\.json: This is not JSON: /);
    expect(run('lint', file('other.json', { a: 1 }))).toMatchObject({ code: 2, err: 'other.json: Not a theme: themeId is not a string\n' });
    expect(run('lint')).toMatchObject({ code: 2 });
    expect(run('lint').err).toContain('Usage: vitrine lint');
  });

  it('lists every rule with a line of documentation', () => {
    const r = run('lint', '--rules');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^dot-on-object +`\{\{\.\}\}` on a product or the widget/m);
    expect(r.out.trim().split('\n').length).toBeGreaterThanOrEqual(17);
  });
});
