import { apiError, type ApiError } from '../core/api/apiError';

// Readers that turn an answer's JSON into its type at the edge. A wrong shape is an
// ApiError of kind `shape` naming the endpoint and the field path, so a storefront
// developer sees "search: Docs[3].price is not a number" instead of a later TypeError.

export type Json = Record<string, unknown>;

export function shapeError(where: string, path: string, expected: string): ApiError {
  return apiError('shape', `${where}: ${path} is not ${expected}`);
}

export function readObject(value: unknown, where: string, path: string): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw shapeError(where, path, 'an object');
  return value as Json;
}

export function readArray(value: unknown, where: string, path: string): unknown[] {
  if (!Array.isArray(value)) throw shapeError(where, path, 'an array');
  return value;
}

export function readString(value: unknown, where: string, path: string): string {
  if (typeof value !== 'string') throw shapeError(where, path, 'a string');
  return value;
}

/** Absent and null both read as null: interface.md marks these fields "or null". */
export function readNullableString(value: unknown, where: string, path: string): string | null {
  return value === undefined || value === null ? null : readString(value, where, path);
}

/** Numbers may arrive as numeric strings (interface.md: price is a string in most envelopes). */
export function readNumber(value: unknown, where: string, path: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw shapeError(where, path, 'a number');
  return n;
}

export function readBoolean(value: unknown, where: string, path: string): boolean {
  if (typeof value !== 'boolean') throw shapeError(where, path, 'a boolean');
  return value;
}

/** `errMsg` is null on success; some answers leave it out. */
export function readErrMsg(body: Json, where: string): string | null {
  return readNullableString(body.errMsg, where, 'errMsg');
}
