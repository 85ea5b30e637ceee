/** What a command may touch: its output streams and the environment. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: Readonly<Record<string, string | undefined>>;
  /** The fetch service calls go through (the global one in the bin). */
  fetch: typeof fetch;
}

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

/** Output with the API key masked: a message quoting a request must not leak it into CI logs. */
export function masked(io: CliIo): CliIo {
  const key = io.env.VITRINE_API_KEY ?? '';
  const hide = (line: string) => (key.length >= 4 ? line.split(key).join('***') : line);
  return { ...io, out: (line) => io.out(hide(line)), err: (line) => io.err(hide(line)) };
}

/** `1 error`, `2 warnings`. */
export const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
