// The docs as a reader meets them: every code block shows a file that the tests build or
// run (or a command this repository has), and every relative link lands. A block or a
// link that drifts from the code fails here with the doc's path and line.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { REPO, anchors, docFiles, readFences, readLinks, readShown, sameText, type Fence } from './readDocs';

const docs = docFiles();
const fences = docs.flatMap(readFences);
const where = (f: { doc: string; line: number }) => `${f.doc}:${f.line}`;
const scripts = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).scripts as Record<string, string>;

/** Shell lines of a block: comments dropped, continuations joined, split at `&&`. */
function commands(body: string): string[] {
  return body
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.replace(/(^|\s)#.*$/, '').trim())
    .filter(Boolean)
    .flatMap((l) => l.split(/\s*&&\s*/));
}

/** Why a shell command is not one this repository can vouch for, or '' when it is. */
function checkCommand(command: string, cliChecks: string[][]): string {
  const words = command.replace(/^(export\s+)?(\w+=\S*\s*)+/, '').split(/\s+/).filter(Boolean);
  if (!words.length || /^export$/.test(words[0])) return '';
  const [tool, verb, ...rest] = words;
  if (tool == 'npm' && ['ci', 'test', 'start', 'pack', 'install', 'i'].includes(verb)) return '';
  if (tool == 'npm' && verb == 'run') return rest[0] in scripts ? '' : `npm run ${rest[0]}: package.json has no such script`;
  if (tool == 'node') {
    const built = verb.startsWith('dist/') && readFileSync(join(REPO, 'build.mjs'), 'utf8').includes(verb.slice(5).replace(/\.m?js$/, ''));
    return built || existsSync(join(REPO, verb)) ? '' : `node ${verb}: no such file`;
  }
  if (tool == 'npx' && verb == 'vitrine') {
    cliChecks.push(rest);
    return '';
  }
  if (tool == 'npx' && existsSync(join(REPO, 'node_modules/.bin', verb))) return '';
  // git's own commands, as a CI job commits what it applied.
  if (tool == 'git') return '';
  return `\`${command}\` is not a command the tests vouch for (npm scripts, node files of this repository, npx vitrine, npx with a dev dependency's bin, git)`;
}

describe('code blocks in the docs', () => {
  it('found the docs', () => {
    expect(docs).toContain('README.md');
    expect(fences.length).toBeGreaterThan(10);
  });

  it('show a file of the repository, word for word, or a command the repository has', () => {
    const problems: string[] = [];
    const cliChecks: string[][] = [];
    for (const fence of fences) {
      if (fence.file) {
        const shown = readShown(fence.file, fence.region);
        if (shown instanceof Error) problems.push(`${where(fence)}: ${shown.message}`);
        else if (!sameText(shown, fence.body))
          problems.push(`${where(fence)}: the block differs from ${fence.file}${fence.region ? ` (region ${fence.region})` : ''}; copy the file's text into the doc`);
        if (fence.lang == 'yaml' && !(shown instanceof Error))
          for (const [, block, line] of shown.matchAll(/run:\s*(?:\|\s*\n((?:\s{10,}.*\n?)+)|(.*))/g))
            checkBlock({ ...fence, body: (block ?? line ?? '').split('\n').filter((l) => /^\s*(npm|npx|node)\s/.test(l)).map((l) => l.replace(/\s*[|>]+.*$/, '')).join('\n') });
        continue;
      }
      if (fence.lang == 'text' || fence.lang == '') continue;
      // The configuration guide's complete examples: test/cli/configurationDoc.test.ts takes
      // each block marked `<!-- example: name -->` out of the guide and checks it against the service.
      if (fence.lang == 'json' && fence.example) continue;
      if (fence.lang == 'json') {
        try {
          JSON.parse(fence.body);
        } catch (error) {
          problems.push(`${where(fence)}: the JSON does not parse: ${(error as Error).message}`);
        }
        continue;
      }
      if (fence.lang == 'sh' || fence.lang == 'bash') {
        checkBlock(fence);
        continue;
      }
      if (fence.lang == 'http') {
        const used = testTexts().some((t) => fence.body.split('\n').every((l) => !l.trim() || t.includes(l.replace(/^[\w-]+:\s*/, '').trim())));
        if (!used) problems.push(`${where(fence)}: no test sends this header; use it in a test or drop it`);
        continue;
      }
      problems.push(`${where(fence)}: a \`${fence.lang}\` block must name the file it shows (\`\`\`${fence.lang} file=path region=name), so that a test runs it`);
    }
    function checkBlock(fence: Fence) {
      for (const c of commands(fence.body)) {
        const why = checkCommand(c, cliChecks);
        if (why) problems.push(`${where(fence)}: ${why}`);
      }
    }
    for (const args of cliChecks) {
      const verbs = args.filter((a, n) => n < 2 && /^[a-z]+$/.test(a) && !a.includes('/'));
      let help = '';
      try {
        help = execFileSync(process.execPath, [join(REPO, 'dist/vitrine-cli.mjs'), ...verbs, '--help'], { encoding: 'utf8' });
      } catch (error) {
        problems.push(`npx vitrine ${args.join(' ')}: \`vitrine ${verbs.join(' ')} --help\` failed: ${(error as Error).message}`);
        continue;
      }
      for (const flag of args.filter((a) => a.startsWith('--')).map((a) => a.split('=')[0]))
        if (!help.includes(flag)) problems.push(`npx vitrine ${args.join(' ')}: \`vitrine ${verbs.join(' ')}\` has no ${flag}`);
    }
    expect(problems).toEqual([]);
  });
});

let tests: string[] | undefined;
function testTexts(): string[] {
  if (tests) return tests;
  tests = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(REPO, dir), { withFileTypes: true })) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else if (/\.(ts|mjs|html)$/.test(e.name)) tests!.push(readFileSync(join(REPO, path), 'utf8'));
    }
  };
  walk('test');
  return tests;
}

describe('links in the docs', () => {
  it('land on a file of the repository and a heading that exists', () => {
    const problems: string[] = [];
    for (const link of docs.flatMap(readLinks)) {
      const [path, hash] = link.target.split('#');
      const file = path ? normalize(join(dirname(link.doc), decodeURIComponent(path))) : link.doc;
      if (!existsSync(join(REPO, file))) {
        problems.push(`${where(link)}: ${link.target} does not exist`);
        continue;
      }
      if (hash && file.endsWith('.md') && !anchors(file).has(hash)) problems.push(`${where(link)}: ${file} has no heading #${hash}`);
    }
    expect(problems).toEqual([]);
  });
});

/** The top-level property names of `export interface name` in a source file. */
function fieldsOf(file: string, name: string): string[] {
  const text = readFileSync(join(REPO, file), 'utf8');
  const start = text.indexOf(`export interface ${name} `);
  if (start < 0) throw new Error(`${file} has no interface ${name}`);
  const body = text.slice(start, text.indexOf('\n}', start));
  return [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1]);
}

/** The backticked names in one column of the Markdown table that follows `heading`. */
function tableNames(doc: string, heading: string, column: number): { name: string; line: number }[] {
  const lines = readFileSync(join(REPO, doc), 'utf8').split('\n');
  let n = lines.findIndex((l) => l.startsWith(heading));
  if (n < 0) throw new Error(`${doc} has no "${heading}"`);
  while (n < lines.length && !lines[n].startsWith('|')) n++;
  const out: { name: string; line: number }[] = [];
  for (n += 2; n < lines.length && lines[n].startsWith('|'); n++) {
    const cell = lines[n].split('|')[column + 1] ?? '';
    for (const [, name] of cell.matchAll(/`([\w-]+)`/g)) out.push({ name, line: n + 1 });
  }
  return out;
}

describe('options the docs name', () => {
  it('renderSlots: the options table of docs/server-rendering.md is RenderSlotsOptions, no more, no less', () => {
    const fields = fieldsOf('src/types/server.ts', 'RenderSlotsOptions');
    const named = tableNames('docs/server-rendering.md', '**Options**', 0);
    const problems = [
      ...named.filter((n) => !fields.includes(n.name)).map((n) => `docs/server-rendering.md:${n.line}: \`${n.name}\` is no option of renderSlots (src/types/server.ts)`),
      ...fields.filter((f) => !named.some((n) => n.name == f)).map((f) => `docs/server-rendering.md: the options table leaves out \`${f}\``),
    ];
    expect(problems).toEqual([]);
  });

  it('the script tag: every setting docs/merchants.md names is one Settings has', () => {
    const fields = fieldsOf('src/types/settings.ts', 'Settings');
    const problems = tableNames('docs/merchants.md', '### Script tag settings', 1)
      .filter((n) => !fields.includes(n.name))
      .map((n) => `docs/merchants.md:${n.line}: \`${n.name}\` is no setting of the script tag (src/types/settings.ts)`);
    const attributes = tableNames('docs/merchants.md', '### Script tag settings', 0).filter((n) => n.name.startsWith('data-'));
    for (const a of attributes) {
      const camel = a.name.slice(5).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
      if (!fields.includes(camel)) problems.push(`docs/merchants.md:${a.line}: \`${a.name}\` reads as \`${camel}\`, which is no setting (src/types/settings.ts)`);
    }
    expect(problems).toEqual([]);
  });
});
