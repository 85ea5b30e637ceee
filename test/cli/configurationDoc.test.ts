// The file format's reference ships in the package (docs/configuration.md) and stays true:
// its complete examples and demo/config/ pass `vitrine config check` against the sandbox,
// every field the check knows is named in it, and the `$schema` references resolve.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { REPO } from '../package/packTarball';
import { runBin } from './runBin';

const bin = inject('vitrineBin');
const installed = resolve(bin, '../..');
const app = resolve(installed, '../..');
const ORG = '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60';
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await createSandbox({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'vitrine-doc-sandbox-')) });
});
afterAll(() => sandbox?.close());

const env = () => ({ VITRINE_BASE_URL: sandbox.url, VITRINE_ORG_ID: ORG, VITRINE_API_KEY: 'vitrine-sandbox-key' });
const doc = () => readFileSync(join(installed, 'docs/configuration.md'), 'utf8');

/** Every field name of a schema, at any depth. */
function fieldNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => fieldNames(s, into));
  else if (schema && typeof schema === 'object') {
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'properties') Object.keys(v as object).forEach((name) => into.add(name));
      fieldNames(v, into);
    }
  }
  return into;
}

describe('docs/configuration.md', () => {
  it('ships in the package as it is in the repository', () => {
    expect(doc()).toBe(readFileSync(join(REPO, 'docs/configuration.md'), 'utf8'));
  });

  it('has one complete example of each kind, and they pass check against the service', async () => {
    const examples = [...doc().matchAll(/<!-- example: (\S+) -->\n```json\n([\s\S]*?)\n```/g)].map((m) => [m[1], m[2]] as const);
    expect(examples.map(([name]) => name.startsWith('widgets/') ? 'widget' : name)).toEqual(['search.json', 'widget']);
    // A folder at the root of the app that installed the package, as the examples assume.
    const dir = join(app, 'config');
    for (const [name, text] of examples) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), `${text}\n`);
      expect(existsSync(resolve(dirname(join(dir, name)), JSON.parse(text).$schema)), `${name}'s $schema`).toBe(true);
    }
    const r = await runBin(bin, ['config', 'check', 'config'], env(), dirname(dir));
    expect(r).toMatchObject({ code: 0, err: '', out: expect.stringMatching(/^0 errors, 0 warnings\n/) });
  });

  it('names every field the check knows', () => {
    const text = doc();
    for (const kind of ['search', 'widget']) {
      const schema = JSON.parse(readFileSync(join(installed, `dist/schema/${kind}.schema.json`), 'utf8'));
      const missing = [...fieldNames(schema)].filter((f) => !text.includes(`\`${f}\``) && !text.includes(`"${f}"`));
      expect(missing, `${kind} fields missing from the doc`).toEqual([]);
    }
  });
});

describe('demo/config', () => {
  it('passes check against the service, and its $schema references resolve to the built schemas', async () => {
    const r = await runBin(bin, ['config', 'check', 'demo/config'], env(), REPO);
    expect(r).toMatchObject({ code: 0, err: '', out: expect.stringMatching(/^0 errors, 0 warnings\n/) });
    const search = JSON.parse(readFileSync(join(REPO, 'demo/config/search.json'), 'utf8')).$schema;
    expect(resolve(REPO, 'demo/config', search)).toBe(join(REPO, 'dist/schema/search.schema.json'));
    const widget = JSON.parse(readFileSync(join(REPO, 'demo/config/widgets/pdp-bundle.json'), 'utf8')).$schema;
    expect(resolve(REPO, 'demo/config/widgets', widget)).toBe(join(REPO, 'dist/schema/widget.schema.json'));
  });
});
