/**
 * Median and 90th percentile of a sample (nearest-rank), in the sample's unit.
 * @param {number[]} xs
 * @returns {{ median: number | null, p90: number | null, n: number }}
 */
export function summarize(xs) {
  if (!xs.length) return { median: null, p90: null, n: 0 };
  const s = [...xs].sort((a, b) => a - b);
  const rank = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { median: round2(median), p90: round2(rank(0.9)), n: s.length };
}

function round2(x) {
  return Math.round(x * 100) / 100;
}
