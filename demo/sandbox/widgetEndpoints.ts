import type { RecommenderAlgorithm } from './createRecommender';

export interface WidgetEndpoint {
  algorithm: RecommenderAlgorithm;
  /** Query parameters that must be present and non-empty. */
  required: readonly string[];
}

const W = '/v1/widgetserver';
const visitorOnly = ['divisionId', 'orgId', 'site_uid', 'domain'] as const;

const table: [paths: string[], algorithm: RecommenderAlgorithm, required: readonly string[]][] = [
  [[`${W}/recentviews`], 'recentviews', ['divisionId', 'site_uid', 'orgId', 'domain']],
  [[`${W}/viewedalsoviewed`], 'viewedalsoviewed', ['divisionId', 'orgId', 'site_uid', 'domain', 'pname']],
  [[`${W}/contentbasedreco`], 'contentbasedreco', ['divisionId', 'orgId', 'domain', 'pname']],
  // interface.md: the path carries `custom/`, its request sample leaves it out.
  [[`${W}/custom/boughtcatitemsreco`, `${W}/boughtcatitemsreco`], 'boughtcatitemsreco', visitorOnly],
  [[`${W}/custom/boughtalsobought`, `${W}/boughtalsobought`], 'boughtalsobought', ['divisionId', 'orgId', 'site_uid', 'domain', 'pname']],
  // The table's path is `trendingcategory`; the algorithm's own name is accepted too.
  [[`${W}/trendingcategory`, `${W}/trendingincategory`], 'trendingincategory', ['divisionId', 'orgId', 'pname']],
  [[`${W}/categoryreco`], 'categoryreco', ['divisionId', 'orgId', 'domain', 'sku']],
  // The five endpoints interface.md does not show, at the paths DESIGN.md fixes;
  // `pname` and `sku` are optional there.
  [[`${W}/viewedcatitemsreco`], 'viewedcatitemsreco', visitorOnly],
  [[`${W}/trending`], 'trending', visitorOnly],
  [[`${W}/wishlistreco`], 'wishlistreco', visitorOnly],
  [[`${W}/crosssell`], 'crosssell', visitorOnly],
  [[`${W}/inspbybrowsehist`], 'inspbybrowsehist', visitorOnly],
];

/** Widget fetch endpoints by path. */
export const WIDGET_ENDPOINTS: ReadonlyMap<string, WidgetEndpoint> = new Map(
  table.flatMap(([paths, algorithm, required]) => paths.map((p) => [p, { algorithm, required }] as const)),
);
