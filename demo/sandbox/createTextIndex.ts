export interface TextIndex {
  /** Cosine similarity of every other document to `id` (TF-IDF weights). */
  similar(id: string): Map<string, number>;
}

/** Words too common in product copy to say anything about a product. */
const STOP = new Set(
  'a an and the in of for with to by is it its at on or from made be are your you this that our'.split(' '),
);

export function tokenize(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w));
}

/** A small TF-IDF index: enough for a few hundred product descriptions. */
export function createTextIndex(docs: readonly { id: string; text: string }[]): TextIndex {
  const df = new Map<string, number>();
  const terms = docs.map((d) => {
    const tf = new Map<string, number>();
    for (const w of tokenize(d.text)) tf.set(w, (tf.get(w) ?? 0) + 1);
    for (const w of tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
    return tf;
  });
  const vectors = new Map<string, Map<string, number>>();
  docs.forEach((d, i) => {
    const v = new Map<string, number>();
    let norm = 0;
    for (const [w, f] of terms[i]) {
      const weight = (1 + Math.log(f)) * Math.log(docs.length / (df.get(w) ?? 1));
      v.set(w, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [w, x] of v) v.set(w, x / norm);
    vectors.set(d.id, v);
  });
  return {
    similar(id) {
      const scores = new Map<string, number>();
      const a = vectors.get(id);
      if (!a) return scores;
      for (const [other, b] of vectors) {
        if (other === id) continue;
        let dot = 0;
        for (const [w, x] of a) dot += x * (b.get(w) ?? 0);
        if (dot > 0) scores.set(other, dot);
      }
      return scores;
    },
  };
}
