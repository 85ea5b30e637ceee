/** `[low TO high]` with numbers or `*` (the filter form of the sandbox's parseFilter.ts), or null. */
export function parseRange(text: string): { low: number | null; high: number | null } | null {
  const m = /^\[\s*(\S+)\s+TO\s+(\S+)\s*\]$/.exec(text);
  if (!m) return null;
  const bound = (b: string) => (b === '*' ? null : b.trim() !== '' && Number.isFinite(Number(b)) ? Number(b) : NaN);
  const low = bound(m[1]);
  const high = bound(m[2]);
  if (Number.isNaN(low) || Number.isNaN(high)) return null;
  return { low, high };
}
