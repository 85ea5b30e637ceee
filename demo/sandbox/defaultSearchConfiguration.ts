import type { Facet, SearchConfiguration } from '../../src/types/interface';
import { CATEGORIES } from './categories';
import { DEFAULT_SYNONYMS } from './createSearchIndex';

const categoryFacet: Facet = {
  displayType: 'multiselect', type: 'categorical', repoFieldName: 'category_s', displayName: 'Department', operator: '=',
  value: CATEGORIES.map((c, index) => ({ index, alias: c.name, name: c.name, value: c.slug })),
};
const genderFacet: Facet = {
  displayType: 'multiselect', type: 'categorical', repoFieldName: 'gender_ss', displayName: 'For', operator: '=',
  value: [
    { index: 0, alias: 'Women', name: 'Women', value: 'women' },
    { index: 1, alias: 'Men', name: 'Men', value: 'men' },
  ],
};
const priceFacet: Facet = {
  displayType: 'radio', type: 'numeric', repoFieldName: 'price_d', displayName: 'Price', operator: '[*TO*]',
  value: [
    { index: 0, alias: null, name: 'Under €50', value: '[0 TO 49.99]' },
    { index: 1, alias: null, name: '€50 – €100', value: '[50 TO 99.99]' },
    { index: 2, alias: null, name: '€100 – €200', value: '[100 TO 199.99]' },
    { index: 3, alias: null, name: '€200 and up', value: '[200 TO *]' },
  ],
};
const ratingFacet: Facet = {
  displayType: 'radio', type: 'rating', repoFieldName: 'avg_rating_d', displayName: 'Rating', operator: null,
  value: [
    { index: 0, alias: null, name: '4.5 stars & up', value: '[4.5 TO *]' },
    { index: 1, alias: null, name: '4 stars & up', value: '[4 TO *]' },
    { index: 2, alias: null, name: '3.5 stars & up', value: '[3.5 TO *]' },
  ],
};
const colourFacet: Facet = {
  displayType: 'multiselect', type: 'categorical', repoFieldName: 'colour_s', displayName: 'Colour', operator: '=', value: [],
};

/** The search configuration the sandbox starts with, until a client stores its own. */
export function defaultSearchConfiguration(orgId: string): SearchConfiguration {
  return {
    errMsg: null,
    orgId,
    docType: 'searchconf',
    spellcheck: true,
    includeWidgets: ['siteRecentView', 'siteCategoryBasedRecommendation'],
    facetList: [
      { category: 'default', facets: [categoryFacet, genderFacet, priceFacet, ratingFacet] },
      // Homeware has no gender; colour matters more there.
      { category: 'ceramics', facets: [colourFacet, priceFacet, ratingFacet] },
      { category: 'candles', facets: [priceFacet, ratingFacet] },
    ],
    paginationCount: 24,
    searchableFields: [
      { repoFieldName: 'namel_t', displayName: 'Name', order: 1, orderBy: null },
      { repoFieldName: 'category_s', displayName: 'Department', order: 2, orderBy: null },
      { repoFieldName: 'material_s', displayName: 'Material', order: 3, orderBy: null },
      { repoFieldName: 'colour_s', displayName: 'Colour', order: 4, orderBy: null },
      { repoFieldName: 'description_t', displayName: 'Description', order: 5, orderBy: null },
      { repoFieldName: 'sku_s', displayName: 'SKU', order: 6, orderBy: null },
    ],
    // Groups of words that mean the same to a shopper (see createSearchIndex.ts).
    searchSynonym: DEFAULT_SYNONYMS.map((group) => [...group]),
    sortEntity: {
      sortEntities: [
        { key: 'Most popular', value: 'popularity_score_d desc', type: null },
        { key: 'Price: low to high', value: 'price_d asc', type: null },
        { key: 'Price: high to low', value: 'price_d desc', type: null },
        { key: 'Top rated', value: 'avg_rating_d desc', type: null },
      ],
    },
    indexLang: 'en',
    queryLang: 'en',
    personalization: false,
    reranking: false,
    synonym: true,
    stopWords: true,
  };
}
