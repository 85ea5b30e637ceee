/** An error that becomes an HTTP answer `{ errMsg: message }` with this status. */
export interface HttpError extends Error {
  status: number;
}

export function httpError(status: number, message: string): HttpError {
  return Object.assign(new Error(message), { status });
}

export function isHttpError(e: unknown): e is HttpError {
  return e instanceof Error && typeof (e as Partial<HttpError>).status === 'number';
}
