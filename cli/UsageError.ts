/** A mistake in how the command was called, or a file that cannot be read: exit code 2. */
export interface UsageError extends Error {
  usage: true;
}

export function usageError(message: string): UsageError {
  return Object.assign(new Error(message), { usage: true as const });
}

export function isUsageError(e: unknown): e is UsageError {
  return e instanceof Error && (e as Partial<UsageError>).usage === true;
}
