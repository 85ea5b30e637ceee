/** interface.md's search path (endpoint table) and the one its request sample uses. */
export const SEARCH_PATH = '/v1/widgetserver/getsearchresult';
export const SEARCH_SAMPLE_PATH = '/v1/widgetserver/search/result';
