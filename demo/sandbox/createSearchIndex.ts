// The sandbox's search engine: MiniSearch (BM25 ranking, field boosts, fuzzy matching by
// edit distance) over the sample catalogue, with the Porter stemmer for plurals and the
// `stopword` lists for the configuration's `indexLang`. The index is rebuilt only when a
// switch that shapes it changes.
import MiniSearch, { type Query } from 'minisearch';
import { stemmer } from 'stemmer';
import * as stopwords from 'stopword';
import type { SearchConfiguration } from '../../src/types/interface';
import type { SampleProduct } from './createCatalogue';

/** A field the engine can index: its text for one product. */
export type ReadText = (p: SampleProduct) => string;

export interface SearchIndex {
  /** Relevance of each product (by sku) that matches every word of the query; none when the query has no words. */
  match(query: string): { scores: Map<string, number>; words: number };
  /** The closest query the catalogue's own words can make, or null (`spellcheck` off, or nothing close). */
  didYouMean(query: string): string | null;
}

/**
 * Synonym groups used when `synonym` is on and the configuration's `searchSynonym`
 * holds none: each group is a set of words a shopper uses for the same thing.
 * `searchSynonym` (free-form in interface.md) is read as this same shape: an array of
 * arrays of words.
 */
export const DEFAULT_SYNONYMS: readonly (readonly string[])[] = [
  ['knitwear', 'sweater', 'jumper', 'pullover', 'knit'],
  ['cardigan', 'sweater', 'jumper'],
  ['crewneck', 'sweater', 'jumper'],
  ['turtleneck', 'rollneck', 'sweater'],
  ['trouser', 'pant', 'slacks'],
  ['jean', 'denim'],
  ['sneaker', 'trainer'],
  ['outerwear', 'coat', 'jacket'],
  ['tote', 'bag', 'handbag'],
  ['beanie', 'hat'],
  ['mug', 'cup'],
  ['jug', 'pitcher'],
  ['candle', 'candles'],
  ['tee', 't-shirt', 'top'],
];

const LANGUAGES: Record<string, keyof typeof stopwords> = { en: 'eng', fr: 'fra', de: 'deu', es: 'spa', it: 'ita' };

/** Words, lower case, accents folded: "Provençal" → "provencal". */
export function words(text: string): string[] {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/**
 * Plurals and singulars meet: "shirts" and "shirt" both index as "shirt". Remembered:
 * the catalogue's 8,000 words are 400 distinct ones, and stemming each once keeps the
 * first search of a sandbox quick.
 */
const stems = new Map<string, string>();
const stem = (w: string): string => {
  let s = stems.get(w);
  if (s === undefined) stems.set(w, (s = /^\d+$/.test(w) ? w : stemmer(w)));
  return s;
};

/** The usual typo rule: none under 4 letters, one from 4, two from 8. */
export const typos = (term: string): number => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);

/** The synonym groups in force: none when `synonym` is off. */
function synonymGroups(conf: SearchConfiguration): readonly (readonly string[])[] {
  if (!conf.synonym) return [];
  const given = conf.searchSynonym;
  return Array.isArray(given) && given.every((g) => Array.isArray(g) && g.every((w) => typeof w === 'string')) ? (given as string[][]) : DEFAULT_SYNONYMS;
}

function synonymTable(groups: readonly (readonly string[])[]): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const group of groups) {
    // A group of phrases ("polo neck") is a group of their words.
    const stems = [...new Set(group.flatMap(words).map(stem))];
    for (const s of stems) table.set(s, [...new Set([...(table.get(s) ?? []), ...stems])]);
  }
  return table;
}

function stopList(conf: SearchConfiguration): Set<string> {
  if (!conf.stopWords) return new Set();
  const list = stopwords[LANGUAGES[conf.indexLang?.slice(0, 2)] ?? 'eng'];
  return new Set(Array.isArray(list) ? list.flatMap(words) : []);
}

/**
 * Builds the engine for one configuration. `fields` are the searchable fields in the
 * configuration's order (`long` for free text such as a description); earlier fields
 * weigh more, and the name and department weigh more than the description.
 */
export function createSearchIndex(products: readonly SampleProduct[], fields: [name: string, read: ReadText, long: boolean][], conf: SearchConfiguration): SearchIndex {
  const stop = stopList(conf);
  const groups = synonymGroups(conf);
  const synonyms = synonymTable(groups);
  const byId = new Map(products.map((p) => [p.sku, p]));
  const names = fields.map(([name]) => name);
  // What a product is (its name, department, material, colour) weighs 2, a little less
  // for each later field; a long text after the first field (the description, which
  // repeats its department's blurb on every product) weighs a fifth of that. Measured on
  // "linen shirt": with the description at 1.4 against the name's 3, one linen shirt
  // made the top 5; at 0.4, all five are linen.
  const boost = Object.fromEntries(fields.map(([name, , long], i) => [name, (long && i > 0 ? 0.2 : 1) * (2 - i * 0.1)]));
  const engine = new MiniSearch<{ id: string }>({
    idField: 'id',
    fields: names,
    extractField: (doc, field) => (field === 'id' ? doc.id : (fields.find(([n]) => n === field)?.[1](byId.get(doc.id)!) ?? '')),
    tokenize: words,
    // At index time a word also stands for its synonyms, so a typo of a synonym
    // ("sweatr") still finds the product by fuzzy matching.
    processTerm: (term) => (stop.has(term) ? null : synonyms.get(stem(term)) ?? stem(term)),
    // At query time a word is only itself (stemmed): "cardigan" must not find every sweater.
    searchOptions: { boost, combineWith: 'AND', processTerm: (term) => (stop.has(term) ? null : stem(term)) },
  });
  engine.addAll(products.map((p) => ({ id: p.sku })));

  // The catalogue's own words as they are written, for "did you mean".
  const vocabulary = new MiniSearch<{ id: string }>({ idField: 'id', fields: ['id'], processTerm: (t) => t });
  const seen = new Set<string>();
  for (const p of products) for (const [, read] of fields) for (const w of words(read(p))) if (w.length > 2 && !stop.has(w)) seen.add(w);
  for (const w of groups.flatMap((g) => g.flatMap(words))) seen.add(w);
  vocabulary.addAll([...seen].map((id) => ({ id })));

  const queryWords = (query: string) => words(query).filter((w) => !stop.has(w));
  const fuzzy = conf.spellcheck ? (term: string) => typos(term) || false : false;

  return {
    match(query) {
      const list = queryWords(query);
      if (list.length === 0) return { scores: new Map(), words: 0 };
      const tree: Query = { combineWith: 'AND', queries: list.map((w) => ({ queries: [w], combineWith: 'OR', fuzzy, prefix: (t: string) => t.length >= 3 })) };
      const scores = new Map(engine.search(tree).map((r) => [r.id as string, r.score]));
      return { scores, words: list.length };
    },
    didYouMean(query) {
      if (!conf.spellcheck) return null;
      const list = queryWords(query);
      let changed = false;
      const fixed = list.map((w) => {
        if (seen.has(w)) return w;
        // A suggestion reaches one edit further than matching does (two from 5 letters):
        // it is offered, not applied.
        const best = vocabulary.search(w, { fuzzy: w.length >= 5 ? 2 : 1 })[0];
        if (!best) return w;
        changed = true;
        return best.id as string;
      });
      const suggestion = fixed.join(' ');
      // Only a suggestion that finds something is worth a click.
      return changed && this.match(suggestion).scores.size > 0 ? suggestion : null;
    },
  };
}
