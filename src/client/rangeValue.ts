/** The `[low TO high]` form of a numeric range; a missing end is open (`*`). */
export function rangeValue(low?: number | null, high?: number | null): string {
  const end = (n: number | null | undefined) => (n === undefined || n === null || !Number.isFinite(n) ? '*' : String(n));
  return `[${end(low)} TO ${end(high)}]`;
}
