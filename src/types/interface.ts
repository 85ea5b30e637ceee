// Types of the service interface (shared/interface.md). This file is the only
// thing `src/` and `demo/` share: the embed, the typed client and the sandbox
// service all speak these shapes. Types only: it emits no code.

/** Element of the `available_services` response. */
export interface ServiceDescriptor {
  name: string;
  description: string;
  version: string;
  cost: number;
}

/** Product as the widget endpoints send it. `price` is a number in the category based response. */
export interface WidgetProduct {
  name: string;
  sku: string;
  price: string | number;
  smallImage: string;
  currentPageUrl: string;
  /** Not in the interface tables; some envelopes carry it and themes may show it. */
  discountedPrice?: string | number | null;
  variantName?: string | null;
}

/** Envelope returned by every recommendation widget endpoint. */
export interface WidgetEnvelope {
  errMsg: string | null;
  numberofdocs: number;
  /** `"0"` in most responses, `0` in the category based response. */
  success: string | number;
  widgetType: string;
  widgetName: string | null;
  products: WidgetProduct[];
  customValues?: Record<string, unknown>;
}

export interface SearchEntity {
  key: string;
  /** `<field> asc` or `<field> desc` */
  value: string;
}

export interface SearchDocument {
  name: string;
  sku: string;
  price: number;
  discountedprice: number | null;
  smallimage: string;
  currentPageUrl: string;
  description: string;
}

export interface FacetCountValue {
  index: number;
  name: string;
  value: string;
  operator: string;
  count: number;
}

export interface FacetCount {
  type: string;
  repoFieldName: string;
  displayName: string;
  displayType: string;
  value: FacetCountValue[];
}

export interface SearchResponse {
  Numberofdocs: number;
  Pagination: number;
  SearchEntities: SearchEntity[];
  Docs: SearchDocument[];
  facetcount: FacetCount[];
  /** Not in interface.md: a spelling suggestion when nothing matched (the sandbox sends it with `spellcheck` on). */
  didYouMean?: string;
}

/** Search request object, field-table spelling. */
export interface SearchRequestTable {
  orgId: string;
  query: string;
  filter: string;
  sortEntities: string;
  com: string;
  start: string;
  rows: string;
}

/** Search request object, request-sample spelling. */
export interface SearchRequestSample {
  orgId: string;
  searchQuery: string;
  filters: unknown[];
  sortEntities: unknown[];
  orgName: string;
  pagination: { start: number; row: number };
}

export type SearchRequest = SearchRequestTable | SearchRequestSample;

export type ThemeDisplayType = 'carousel' | 'bundle' | 'matrix' | (string & {});

export interface Theme {
  id: string;
  orgId: string;
  orgName: string;
  htmlTemplate: string;
  name: string | null;
  type: string;
  displayType: ThemeDisplayType;
  payload: unknown;
  description: string | null;
  themeId: string;
  divisionId: string | null;
  jsTemplate: string | null;
  cssTemplate: string | null;
}

export interface ThemeListResponse {
  errMsg: string | null;
  widgetThemes: Theme[];
}

export interface FacetValue {
  index: number;
  alias: string | null;
  name: string;
  value: string;
}

export interface Facet {
  displayType: 'multiselect' | 'radio' | (string & {});
  type: 'rating' | 'numeric' | 'categorical' | (string & {});
  repoFieldName: string;
  displayName: string;
  value: FacetValue[];
  /** `=` categorical, `[*TO*]` numeric ranges, null for rating. */
  operator: string | null;
  repoFieldDisplayName?: string;
}

export interface FacetGroup {
  /** Category name; the fallback group is `default`. */
  category?: string;
  /** Spelling used by the update endpoint. */
  categoryReplaced?: string;
  facets: Facet[];
}

export interface SearchableField {
  repoFieldName: string;
  displayName: string;
  order: number;
  orderBy: string | null;
}

export interface SortEntityConf {
  key: string;
  value: string;
  type: string | null;
}

export type IncludeWidget =
  | 'siteCategoryBasedRecommendation'
  | 'siteMoreItemsToConsider'
  | 'siteUpSell'
  | 'siteRecentView';

export interface SearchConfiguration {
  errMsg: string | null;
  orgId: string;
  docType: 'searchconf' | (string & {});
  spellcheck: boolean;
  includeWidgets: (IncludeWidget | (string & {}))[];
  facetList: FacetGroup[];
  paginationCount: number;
  searchableFields: SearchableField[];
  searchSynonym: unknown;
  sortEntity: { sortEntities: SortEntityConf[] };
  indexLang: string;
  queryLang: string;
  personalization: boolean;
  reranking: boolean;
  synonym: boolean;
  stopWords: boolean;
}

export interface BundledProduct {
  index: number;
  date: string;
  endDate: string;
  date1: string;
  date2: string;
  id: string;
  name: string;
  proName: string;
  duration: { startDate: string; endDate: string };
  showLabel: boolean;
  proId: number;
  $$hashKey: string;
}

export interface BundledProductPlacement {
  customValues: Record<string, unknown>;
  name: string;
  anchorProname: string;
  id: string;
  show: boolean;
  bundledProducts: BundledProduct[];
}

export interface IncludeRules {
  productPlacements: unknown[];
  rules: unknown[];
  categoryPlacements: unknown[];
  bundledProductPlacements: BundledProductPlacement[];
}

export interface ExcludeRules {
  rules: unknown[];
  categoryPlacements: unknown[];
}

export interface WidgetConfiguration {
  id: string;
  name: string;
  divisionId: string;
  orgId?: string;
  orgID?: string;
  orgName: string;
  algoName: string;
  widgetShowType: 'carousel' | 'matrix' | (string & {});
  displayTitle: string;
  maxProducts: number;
  themeId: string;
  pageId: string;
  includeRules?: string | Partial<IncludeRules>;
  excludeRules?: string | Partial<ExcludeRules>;
  description?: string | null;
  displayMode?: string;
  pageMappings?: { pageMappingList: { pageId: string }[] };
  timeZone?: string;
  widgetTypes?: string[];
}

export interface WidgetUpdateResponse {
  errMsg: string | null;
  uid: string;
}

export type PageName =
  | 'product_page'
  | 'home_page'
  | 'order_page'
  | 'collection_page'
  | 'cart_page'
  | 'ajax_cart_page'
  | 'blogs_articles_page'
  | '404_page';

export type AlgorithmName =
  | 'categoryreco'
  | 'contentbasedreco'
  | 'recentviews'
  | 'trendingincategory'
  | 'trending'
  | 'wishlistreco'
  | 'crosssell'
  | 'boughtcatitemsreco'
  | 'viewedcatitemsreco'
  | 'boughtalsobought'
  | 'inspbybrowsehist'
  | 'viewedalsoviewed';

export interface AlgorithmDescriptor {
  displayName: string;
  name: AlgorithmName | (string & {});
  type: string;
  description: string;
  pages: PageName[];
  recommendedPages: PageName[];
}

export interface PageDescriptor {
  displayName: string;
  name: PageName;
  pageType: string;
  description: string;
}

export interface AlgorithmCatalogue {
  errMsg: string | null;
  widgets: AlgorithmDescriptor[];
  pages: PageDescriptor[];
}

/** Body of every error answer. */
export interface ErrorBody {
  errMsg: string;
}
