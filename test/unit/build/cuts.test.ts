// @vitest-environment node
// The build's text cuts into Preact and mustache.js (build/cuts/): written for the exact
// releases package.json pins, and loud, naming the library, the release and the cut, when
// the installed source is another.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: build scripts are plain JavaScript modules without declarations
import { applyCuts } from '../../../build/cuts/apply.mjs';
// @ts-expect-error: as above
import * as preact from '../../../build/cuts/preact.mjs';
// @ts-expect-error: as above
import * as mustache from '../../../build/cuts/mustache.mjs';

const require = createRequire(import.meta.url);
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const libraries = [
  { spec: preact, path: require.resolve('preact').replace(/preact\.js$/, 'preact.module.js') },
  { spec: mustache, path: require.resolve('mustache').replace(/mustache\.js$/, 'mustache.mjs') },
];

describe.each(libraries)('the cuts into $spec.library', ({ spec, path }) => {
  const source = readFileSync(path, 'utf8');

  it('are written for the release package.json pins exactly', () => {
    expect(manifest.devDependencies[spec.library]).toBe(spec.version);
    expect(spec.file.test(path)).toBe(true);
  });

  it('each have a reason and apply to the installed source, taking their text out', () => {
    for (const entry of spec.cuts) expect(entry.why, JSON.stringify(entry)).toMatch(/\w{3}/);
    const trimmed = applyCuts(spec, source, path);
    expect(trimmed.length).toBeLessThan(source.length);
    for (const entry of spec.cuts.filter((e: { cut?: string; put?: string }) => e.cut && e.cut.length > 12 && !e.put)) {
      expect(trimmed.includes(entry.cut), entry.cut).toBe(false);
    }
  });

  it('fail naming the library, the release and the cut when a cut no longer matches', () => {
    const last = spec.cuts.length;
    const entry = spec.cuts[last - 1];
    const text = entry.cut ?? entry.from;
    // A release that renamed what the last cut starts with.
    const moved = source.replace(text, () => text.slice(0, -1) + '\u2060' + text.slice(-1));
    expect(() => applyCuts(spec, moved, path)).toThrow(
      new RegExp(`build/cuts/${spec.library}\\.mjs: cut ${last} of ${last} .* does not match exactly once in ${spec.library} ${spec.version.replace(/\./g, '\\.')}\\. Rewrite it`),
    );
    // Text that now matches twice is as ambiguous as text that is gone.
    expect(() => applyCuts(spec, source + '\n' + text, path)).toThrow(/does not match exactly once/);
  });

  it('fail naming both releases and what to do when another release is installed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-cuts-'));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: spec.library, version: '99.0.0' }));
    const other = join(dir, 'dist', 'module.js');
    expect(() => applyCuts(spec, source, other)).toThrow(
      `build/cuts/${spec.library}.mjs is written for ${spec.library} ${spec.version}, but ${spec.library} 99.0.0 is installed`,
    );
    expect(() => applyCuts(spec, source, other)).toThrow(`npm install -D --save-exact ${spec.library}@${spec.version}`);
  });
});
