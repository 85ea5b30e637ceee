import { apiError } from '../core/api/apiError';
import { createRequester, type Query, type Requester } from '../core/api/createRequester';
import { ENDPOINTS, isAlgorithm } from '../core/api/endpoints';
import type {
  AlgorithmCatalogue,
  AlgorithmName,
  FacetGroup,
  SearchConfiguration,
  SearchRequest,
  SearchResponse,
  ServiceDescriptor,
  ThemeListResponse,
  WidgetConfiguration,
  WidgetEnvelope,
  WidgetUpdateResponse,
} from '../types/interface';
import { parseAlgorithmCatalogue } from './parseAlgorithmCatalogue';
import { parseConfigurationAnswer, type ConfigurationAnswer } from './parseConfigurationAnswer';
import { parseSearchResponse } from './parseSearchResponse';
import { parseServiceList } from './parseServiceList';
import { parseThemeList } from './parseThemeList';
import { parseWidgetEnvelope } from './parseWidgetEnvelope';
import { parseWidgetUpdateResponse } from './parseWidgetUpdateResponse';

import { SEARCH_PATH } from './searchPaths';

export interface ClientOptions {
  baseUrl: string;
  orgId: string;
  apiKey: string;
  /** Defaults to the global `fetch` (browsers, Node 20). */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Search path; defaults to `SEARCH_PATH`. */
  searchPath?: string;
  /** Path overrides per algorithm, e.g. `{ trending: '/v1/widgetserver/custom/trending' }`. */
  endpoints?: Readonly<Record<string, string>>;
  /** A requester to share (the embed passes its own, so the 403 stop is page-wide). */
  request?: Requester;
}

/** Query parameters of a widget fetch; `orgId` defaults to the client's. */
export interface WidgetParams {
  divisionId: string;
  site_uid?: string;
  domain?: string;
  pname?: string;
  sku?: string;
  orgId?: string;
}

/** A search configuration as the update endpoint takes it: groups name `categoryReplaced`. */
export type SearchConfigurationUpdate = Omit<SearchConfiguration, 'facetList' | 'errMsg'> & {
  errMsg?: string | null;
  facetList: FacetGroup[];
};

export interface Client {
  availableServices(): Promise<ServiceDescriptor[]>;
  search(request: SearchRequest, options?: { path?: string }): Promise<SearchResponse>;
  widget(algorithm: AlgorithmName, params: WidgetParams): Promise<WidgetEnvelope>;
  themes(): Promise<ThemeListResponse>;
  createSearchConfiguration(conf: Omit<SearchConfiguration, 'errMsg'> & { errMsg?: string | null }): Promise<ConfigurationAnswer>;
  updateSearchConfiguration(conf: SearchConfigurationUpdate): Promise<ConfigurationAnswer>;
  updateWidget(conf: WidgetConfiguration): Promise<WidgetUpdateResponse>;
  algorithms(): Promise<AlgorithmCatalogue>;
}

// The five algorithms interface.md shows no endpoint for also take the product, when
// known (DESIGN.md "Fetching").
const PRODUCT_PARAMS = ['pname', 'sku'] as const;
const UNSHOWN: readonly AlgorithmName[] = ['viewedcatitemsreco', 'trending', 'wishlistreco', 'crosssell', 'inspbybrowsehist'];

/**
 * A typed client for every endpoint of the service. Every answer is validated into its
 * type; every failure is an `ApiError` (`kind` says which: `quota` for 403, `shape` for an
 * answer that is not what the endpoint promises, `request` for a refused call, …).
 */
export function createClient(options: ClientOptions): Client {
  const { orgId, searchPath = SEARCH_PATH, endpoints = {} } = options;
  if (!options.baseUrl) throw new Error('createClient: baseUrl is required');
  if (!orgId) throw new Error('createClient: orgId is required');
  if (!options.apiKey && !options.request) throw new Error('createClient: apiKey is required');
  const fetchFn = options.fetch ?? (typeof fetch === 'function' ? fetch.bind(globalThis) : undefined);
  const request =
    options.request ??
    createRequester({
      baseUrl: options.baseUrl,
      orgId,
      apiKey: options.apiKey,
      fetch:
        fetchFn ??
        (() => {
          throw new Error('createClient: no fetch available; pass options.fetch');
        }),
      timeoutMs: options.timeoutMs,
    });
  const orgQuery = (): Query => ({ request: JSON.stringify({ orgId }) });

  return {
    async availableServices() {
      return parseServiceList(await request('/api/v1/available_services', {}, { headers: { Authorization: 'Bearer ' + options.apiKey } }));
    },

    async search(searchRequest, opts = {}) {
      const body = { ...searchRequest, orgId: searchRequest.orgId || orgId };
      return parseSearchResponse(await request(opts.path ?? searchPath, { request: JSON.stringify(body) }));
    },

    async widget(algorithm, params) {
      if (!isAlgorithm(algorithm)) throw apiError('request', `widget: unknown algorithm "${String(algorithm)}"`);
      const endpoint = ENDPOINTS[algorithm];
      const given: Record<string, string | undefined> = { ...params, orgId: params.orgId ?? orgId };
      const query: Query = {};
      for (const name of endpoint.params) {
        const value = given[name];
        if (typeof value !== 'string' || value === '') {
          throw apiError('request', `widget ${algorithm}: the required parameter ${name} is missing`);
        }
        query[name] = value;
      }
      if (UNSHOWN.includes(algorithm)) {
        for (const name of PRODUCT_PARAMS) if (given[name]) query[name] = given[name];
      }
      const path = Object.prototype.hasOwnProperty.call(endpoints, algorithm) ? endpoints[algorithm] : endpoint.path;
      return parseWidgetEnvelope(await request(path, query), 'widget ' + algorithm);
    },

    async themes() {
      return parseThemeList(await request('/v1/theme', orgQuery()));
    },

    async createSearchConfiguration(conf) {
      const body = { ...conf, orgId: conf.orgId || orgId };
      return parseConfigurationAnswer(
        await request('/v1/conf/search', orgQuery(), { method: 'POST', body: JSON.stringify(body) }),
        'createSearchConfiguration',
      );
    },

    async updateSearchConfiguration(conf) {
      // The update form names each group's category `categoryReplaced` (interface.md §6).
      const facetList = conf.facetList.map(({ category, categoryReplaced, ...group }) => ({
        ...group,
        categoryReplaced: categoryReplaced ?? category ?? 'default',
      }));
      const body = { ...conf, orgId: conf.orgId || orgId, facetList };
      return parseConfigurationAnswer(
        await request('/v1/conf/search/update', {}, { method: 'POST', body: JSON.stringify(body) }),
        'updateSearchConfiguration',
      );
    },

    async updateWidget(conf) {
      const body = { ...conf, orgId: conf.orgId ?? conf.orgID ?? orgId };
      return parseWidgetUpdateResponse(await request('/v1/widget/custom/update', {}, { method: 'POST', body: JSON.stringify(body) }));
    },

    async algorithms() {
      return parseAlgorithmCatalogue(await request('/v1/algorithm'));
    },
  };
}
