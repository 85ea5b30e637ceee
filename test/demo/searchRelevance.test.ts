// @vitest-environment node
// What a shopper types, and what must come back in the first five results, asked of the
// sandbox over HTTP as the embed asks it. The expected products are read from the sample
// catalogue by what they are (department, kind, material), never by position.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, type SampleProduct } from '../../demo/sandbox/createCatalogue';
import { createSandbox, type Sandbox } from '../../demo/sandbox/createSandbox';
import { defaultSearchConfiguration } from '../../demo/sandbox/defaultSearchConfiguration';
import type { SearchResponse } from '../../src/types/interface';
import { sandboxFetch, searchPath } from './sandboxFetch';

const products = createCatalogue();
const is = (test: (p: SampleProduct) => boolean) => new Set(products.filter(test).map((p) => p.sku));
const knitwear = is((p) => p.category === 'knitwear');
const cardigans = is((p) => p.kind === 'Cardigan');
const linenShirts = is((p) => p.category === 'shirts' && p.material === 'Linen' || p.kind === 'Shirt Dress' && p.material === 'Linen');
const mugs = is((p) => p.kind === 'Mug');
const sneakers = is((p) => p.kind === 'Sneaker');
const jeans = is((p) => p.kind === 'Jean');
const coats = is((p) => p.category === 'outerwear');
const cashmereKnits = is((p) => p.category === 'knitwear' && p.material === 'Cashmere');
const trousers = is((p) => p.category === 'trousers');

/** query, the products that may fill the top 5, how many of the top 5 must be among them. */
const TABLE: [string, Set<string>, number][] = [
  // misspellings: one typo from 4 letters, two from 8
  ['cardign', cardigans, 5],
  ['cardgian', cardigans, 5],
  ['sweatr', knitwear, 5],
  ['sneakr', sneakers, 4],
  ['cashmire', cashmereKnits, 5],
  // synonyms
  ['sweater', knitwear, 5],
  ['jumper', knitwear, 5],
  ['trainers', sneakers, 4],
  ['pants', trousers, 5],
  ['coat', coats, 5],
  // plurals and singulars
  ['mugs', mugs, 5],
  ['cardigans', cardigans, 5],
  ['jeans', jeans, 5],
  // two words, where one of them is everywhere in the department's copy
  ['linen shirt', linenShirts, 5],
  ['linen shirts', linenShirts, 5],
  ['cashmere sweater', cashmereKnits, 5],
];

let sb: Sandbox;
let call: ReturnType<typeof sandboxFetch>;
let dataDir: string;
const search = async (query: string, rows = 5) => (await call<SearchResponse>(searchPath(sb, { query, rows: String(rows) }))).body;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vitrine-relevance-'));
  sb = await createSandbox({ port: 0, dataDir });
  call = sandboxFetch(sb);
});
afterAll(async () => {
  await sb.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('relevance table (demo configuration: spellcheck, synonyms and stop words on)', () => {
  it.each(TABLE)('"%s" has the expected products in its top 5', async (query, expected, n) => {
    const r = await search(query);
    const hits = r.Docs.filter((d) => expected.has(d.sku)).map((d) => d.name);
    expect(hits.length, `top 5 of "${query}": ${r.Docs.map((d) => d.name).join(', ')}`).toBeGreaterThanOrEqual(Math.min(n, expected.size));
  });

  it('counts every knitwear item for "sweater" and only the cardigans for "cardigan"', async () => {
    expect((await search('sweater')).Numberofdocs).toBe(knitwear.size);
    expect((await search('cardign')).Numberofdocs).toBe(cardigans.size);
    expect((await search('cardigan')).Numberofdocs).toBe(cardigans.size);
  });

  it('ignores stop words: "the mug" finds what "mug" finds', async () => {
    const [a, b] = [await search('the mug', 50), await search('mug', 50)];
    expect(a.Numberofdocs).toBe(mugs.size);
    expect(a.Docs.map((d) => d.sku)).toEqual(b.Docs.map((d) => d.sku));
  });

  it('ranks a word in the name above the same word in the description', async () => {
    // "crewneck" is a kind (in the name) and is never in another product's copy: the
    // vest or polo knit whose description happens to say "knit" must come after.
    const r = await search('crewneck', 10);
    expect(r.Docs.slice(0, 4).every((d) => d.name.endsWith('Crewneck'))).toBe(true);
  });

  it('does not forgive typos in short words (under 4 letters)', async () => {
    expect((await search('jag')).Numberofdocs).toBe(0);
  });

  it('says "did you mean" when nothing matches and a close word finds something', async () => {
    const r = await search('swetr');
    expect(r.Numberofdocs).toBe(0);
    expect(r.didYouMean).toBe('sweater');
    expect((await search(r.didYouMean!)).Numberofdocs).toBe(knitwear.size);
    expect((await search('xqzvk')).didYouMean).toBeUndefined();
  });
});

describe('the configuration switches', () => {
  const store = async (patch: Record<string, unknown>) => {
    const body = { ...defaultSearchConfiguration(sb.orgId), ...patch };
    const r = await call('/v1/conf/search/update', { body });
    expect(r.status).toBe(200);
  };
  afterAll(() => store({}));

  it('spellcheck off: a typo finds nothing and no suggestion comes back', async () => {
    await store({ spellcheck: false });
    const r = await search('cardign');
    expect(r.Numberofdocs).toBe(0);
    expect(r.didYouMean).toBeUndefined();
    expect((await search('cardigan')).Numberofdocs).toBe(cardigans.size);
  });

  it('synonym off: "sweater" finds nothing; a merchant list replaces the built-in one', async () => {
    await store({ synonym: false });
    expect((await search('sweater')).Numberofdocs).toBe(0);
    await store({ synonym: true, searchSynonym: [['mug', 'beaker']] });
    expect((await search('beaker')).Numberofdocs).toBe(mugs.size);
    expect((await search('sweater')).Numberofdocs).toBe(0);
  });

  it('stopWords off: "of" is a word like any other, and no cardigan\'s copy has it', async () => {
    expect((await search('cardigans of')).Numberofdocs).toBe(cardigans.size);
    await store({ stopWords: false });
    expect((await search('cardigans of')).Numberofdocs).toBe(0);
  });
});
