/**
 * Widget markup handed from the server component that rendered it (`Widgets`) to the same
 * request's server-side render of `<ServerWidget>`, inside this process, so that it
 * reaches the page's HTML once and React's flight data not at all: the flight data
 * carries a token of 36 characters instead. Next.js renders a page's server components
 * and their HTML in one process; the map is on `globalThis`
 * because the two renders load this module separately.
 *
 * Each markup is taken once. One never taken (a render that stopped half-way) is dropped
 * after a minute. At most 1,000 wait at a time: past that no token is given (`undefined`)
 * and the caller sends the markup in the flight data as well, so that a burst of page
 * loads, or of requests that never reach a server-side render, pushes out no other
 * request's widgets (that request's slot would be empty in both).
 */
const KEEP_MS = 60_000;
const KEEP = 1000;

interface Kept {
  html: string;
  at: number;
}

const key = Symbol.for('vitrine-next-shop.markup');
const kept = ((globalThis as { [key]?: Map<string, Kept> })[key] ??= new Map<string, Kept>());

/** Keeps the markup for this request's HTML; the token names it. `undefined` when 1,000 wait already. */
export function handOver(html: string): string | undefined {
  const now = Date.now();
  for (const [token, { at }] of kept) {
    if (now - at < KEEP_MS) break;
    kept.delete(token);
  }
  if (kept.size >= KEEP) return undefined;
  const token = crypto.randomUUID();
  kept.set(token, { html, at: now });
  return token;
}

/** The markup of a token, once; '' for a token unknown or taken already. */
export function takeOver(token: string): string {
  const html = kept.get(token)?.html ?? '';
  kept.delete(token);
  return html;
}
