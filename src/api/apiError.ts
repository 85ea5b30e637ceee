/**
 * Why a call failed. `quota` (403) stops every further call on the page; `rate`
 * (429) waits for Retry-After; `network`, `timeout` and `server` (5xx) were retried
 * once; `request` is any other 4xx, `parse` a body that is not JSON, `shape` JSON that
 * is not what the endpoint promises.
 */
export type ApiErrorKind = 'quota' | 'rate' | 'network' | 'timeout' | 'server' | 'request' | 'parse' | 'shape';

export type ApiError = Error & { kind: ApiErrorKind; status: number; errMsg: string | null };

export function apiError(kind: ApiErrorKind, message: string, status = 0, errMsg: string | null = null): ApiError {
  const error = new Error(message) as ApiError;
  error.name = 'VitrineApiError';
  error.kind = kind;
  error.status = status;
  error.errMsg = errMsg;
  return error;
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof Error && value.name === 'VitrineApiError';
}
