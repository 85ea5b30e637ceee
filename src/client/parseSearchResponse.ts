import type { FacetCount, SearchDocument, SearchEntity, SearchResponse } from '../types/interface';
import { readArray, readNullableString, readNumber, readObject, readString } from './shape';

const where = 'search';

function readDocument(value: unknown, path: string): SearchDocument {
  const d = readObject(value, where, path);
  const discounted = d.discountedprice;
  return {
    name: readString(d.name, where, path + '.name'),
    sku: readString(d.sku, where, path + '.sku'),
    price: readNumber(d.price, where, path + '.price'),
    discountedprice:
      discounted === undefined || discounted === null || discounted === ''
        ? null
        : readNumber(discounted, where, path + '.discountedprice'),
    smallimage: readNullableString(d.smallimage, where, path + '.smallimage') ?? '',
    currentPageUrl: readNullableString(d.currentPageUrl, where, path + '.currentPageUrl') ?? '',
    description: readNullableString(d.description, where, path + '.description') ?? '',
  };
}

function readEntity(value: unknown, path: string): SearchEntity {
  const e = readObject(value, where, path);
  return { key: readString(e.key, where, path + '.key'), value: readString(e.value, where, path + '.value') };
}

function readFacet(value: unknown, path: string): FacetCount {
  const f = readObject(value, where, path);
  return {
    type: readString(f.type, where, path + '.type'),
    repoFieldName: readString(f.repoFieldName, where, path + '.repoFieldName'),
    displayName: readNullableString(f.displayName, where, path + '.displayName') ?? readString(f.repoFieldName, where, path),
    displayType: readNullableString(f.displayType, where, path + '.displayType') ?? 'multiselect',
    value: readArray(f.value, where, path + '.value').map((v, i) => {
      const p = `${path}.value[${i}]`;
      const o = readObject(v, where, p);
      return {
        index: o.index === undefined ? i : readNumber(o.index, where, p + '.index'),
        name: readString(o.name, where, p + '.name'),
        value: readString(o.value, where, p + '.value'),
        operator: readNullableString(o.operator, where, p + '.operator') ?? '',
        count: readNumber(o.count, where, p + '.count'),
      };
    }),
  };
}

/** Validates a search answer into its type. */
export function parseSearchResponse(body: unknown): SearchResponse {
  const b = readObject(body, where, 'answer');
  const docs = readArray(b.Docs, where, 'Docs').map((d, i) => readDocument(d, `Docs[${i}]`));
  return {
    Numberofdocs: readNumber(b.Numberofdocs, where, 'Numberofdocs'),
    Pagination: b.Pagination === undefined || b.Pagination === null ? docs.length : readNumber(b.Pagination, where, 'Pagination'),
    SearchEntities:
      b.SearchEntities === undefined || b.SearchEntities === null
        ? []
        : readArray(b.SearchEntities, where, 'SearchEntities').map((e, i) => readEntity(e, `SearchEntities[${i}]`)),
    Docs: docs,
    facetcount:
      b.facetcount === undefined || b.facetcount === null
        ? []
        : readArray(b.facetcount, where, 'facetcount').map((f, i) => readFacet(f, `facetcount[${i}]`)),
    // Not in interface.md: a spelling suggestion, kept when a service sends one as text.
    ...(typeof b.didYouMean == 'string' && b.didYouMean.trim() ? { didYouMean: b.didYouMean.trim() } : {}),
  };
}
