import { bare } from '../../core/util/bare';

type Json = Record<string, any>;

/** Each object of a block on a null prototype: a name the block leaves out (`hasVariant`) is never one the page added to Object.prototype. */
const own = (_: string, value: unknown) => (value && typeof value == 'object' && !Array.isArray(value) ? bare(value) : value);

/**
 * The first `Product` or `ProductGroup` however the page nests it: top-level arrays,
 * `@graph`, or the `mainEntity` of an `ItemPage` / `WebPage`.
 */
function findProduct(node: unknown): Json | undefined {
  if (!node || typeof node != 'object') return;
  if (Array.isArray(node)) return node.map(findProduct).find(Boolean);
  const n = node as Json;
  return [].concat(n['@type']).some((type) => /^Product(Group)?$/.test(type)) ? n : findProduct(n['@graph']) || findProduct(n.mainEntity);
}

/** The page's JSON-LD product node, from the first block that has one; a broken block is skipped. */
export function findJsonLd(doc: Document): Json | undefined {
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    try {
      const p = findProduct(JSON.parse(script.textContent || '', own));
      if (p) return p;
    } catch {
      /* not JSON: the next block */
    }
  }
}
