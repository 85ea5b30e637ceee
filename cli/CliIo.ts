/** What a command may touch: its output streams and the environment. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: Readonly<Record<string, string | undefined>>;
  /** The fetch service calls go through (the global one in the bin). */
  fetch: typeof fetch;
}
