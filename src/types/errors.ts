/**
 * Why a call failed. `quota` (403) stops every further call on the page; `rate`
 * (429) waits for Retry-After; `network`, `timeout` and `server` (5xx) were retried
 * once; `request` is any other 4xx, `parse` a body that is not JSON, `shape` JSON that
 * is not what the endpoint promises. `redirect`: the service answered with a redirect,
 * which is never followed, since the request carries the API key (fetch would send it to
 * whatever host the redirect names); give the final URL as `baseUrl`.
 */
export type ApiErrorKind = 'quota' | 'rate' | 'network' | 'timeout' | 'server' | 'request' | 'parse' | 'shape' | 'redirect';
