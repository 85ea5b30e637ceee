/**
 * Why a call failed. `quota` (403) stops every further call on the page; `rate`
 * (429) waits for Retry-After; `network`, `timeout` and `server` (5xx) were retried
 * once; `request` is any other 4xx, `parse` a body that is not JSON, `shape` JSON that
 * is not what the endpoint promises.
 */
export type ApiErrorKind = 'quota' | 'rate' | 'network' | 'timeout' | 'server' | 'request' | 'parse' | 'shape';
