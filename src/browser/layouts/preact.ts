// What `preact` means inside the bundle chunk: the core's own `h`, handed over when the
// chunk plugs in (layouts call `h` only when they render, by then it is bound).
import type { h as preactH } from 'preact';

export let h: typeof preactH;

export function bindPreact(coreH: typeof preactH): void {
  h = coreH;
}
