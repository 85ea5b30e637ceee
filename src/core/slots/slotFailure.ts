import type { ErrorKind } from '../../types/events';

/** Why a slot shows nothing: the kind `vitrine:error` and `SlotResult.error` carry, and the HTTP status (0 without). */
export interface SlotFailure {
  kind: ErrorKind;
  message: string;
  status: number;
}

/**
 * What was thrown, as a failure: the service's errors and the lifecycle's own carry their
 * kind and status; anything else is a bug in rendering (`render`).
 */
export function slotFailure(error: unknown): SlotFailure {
  const e = (error || {}) as Partial<SlotFailure>;
  return { kind: e.kind || 'render', message: e.message || '' + error, status: e.status || 0 };
}
