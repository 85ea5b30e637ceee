import type { ApiErrorKind } from '../../types/errors';
export type { ApiErrorKind };

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
