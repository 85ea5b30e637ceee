import type { AlgorithmName, PageName } from '../../types/interface';

export interface Endpoint {
  path: string;
  /** Query parameters the endpoint requires. */
  params: readonly string[];
  /** Also send `pname` and `sku` when the page names a product. */
  product?: boolean;
}

// [name, path after /v1/widgetserver/ when it is not the name, parameters besides the
// divisionId and orgId every endpoint takes]. The five paths interface.md leaves unshown
// follow DESIGN.md "Fetching": the common prefix, the visitor parameters, plus pname/sku
// whenever the page names a product.
const table: [AlgorithmName, string?, string?][] = [
  ['recentviews', , 'site_uid domain'],
  ['viewedalsoviewed', , 'site_uid domain pname'],
  ['contentbasedreco', , 'domain pname'],
  ['boughtcatitemsreco', 'custom/boughtcatitemsreco', 'site_uid domain'],
  ['boughtalsobought', 'custom/boughtalsobought', 'site_uid domain pname'],
  ['trendingincategory', 'trendingcategory', 'pname'],
  ['categoryreco', , 'domain sku'],
  ['viewedcatitemsreco'],
  ['trending'],
  ['wishlistreco'],
  ['crosssell'],
  ['inspbybrowsehist'],
];

/** Path and required parameters per algorithm: data, so a merchant can override a path. */
export const ENDPOINTS = {} as Record<AlgorithmName, Endpoint>;
for (const [name, path, params] of table) {
  ENDPOINTS[name] = {
    path: '/v1/widgetserver/' + (path || name),
    params: ('divisionId orgId ' + (params || 'site_uid domain')).split(' '),
    product: !params,
  };
}

/** Page names in one fixed order; the catalogue below refers to them by bit. */
export const PAGES: readonly PageName[] = [
  'product_page',
  'home_page',
  'order_page',
  'collection_page',
  'cart_page',
  'ajax_cart_page',
  'blogs_articles_page',
  '404_page',
];

const P = 1, H = 2, O = 4, C = 8, K = 16, B = 64, N = 128;

/**
 * interface.md's algorithm table: [name, pages, recommended pages], in its order, which
 * is also the order of preference when a slot leaves the algorithm to the page.
 */
export const CATALOGUE: readonly (readonly [AlgorithmName, number, number])[] = [
  ['categoryreco', C | P, C],
  ['contentbasedreco', P, P],
  ['recentviews', H | P | C | B | O | N | K, H | P | K],
  ['trendingincategory', C, C],
  ['trending', H | P | C | B | O | K, H | K | O | C],
  ['wishlistreco', H | P | O | K, H | P | K],
  ['crosssell', P | K | H, P],
  ['boughtcatitemsreco', H | P | B | K, H | P | K],
  ['viewedcatitemsreco', H | P | B | K, H | P | K],
  ['boughtalsobought', H | P | B | K, H | P | K],
  ['inspbybrowsehist', H | B | K | O, H | K | O],
  ['viewedalsoviewed', H | B | K | O, H | K | O],
];

export function pageBit(page: PageName): number {
  return 1 << PAGES.indexOf(page);
}

export function isAlgorithm(name: string): name is AlgorithmName {
  return Object.prototype.hasOwnProperty.call(ENDPOINTS, name);
}
