/**
 * a / b rounded to two decimals, or null when either is missing or b is zero
 * (a missing figure must not print as a ratio of 0 or Infinity).
 * @param {number | null | undefined} a
 * @param {number | null | undefined} b
 */
export function ratio(a, b) {
  if (a == null || b == null || b === 0) return null;
  return Math.round((a / b) * 100) / 100;
}

/**
 * A ratio for a table cell: "1.05×", or null (printed "–") when it cannot be computed.
 * @param {number | null | undefined} a
 * @param {number | null | undefined} b
 */
export function formatRatio(a, b) {
  const r = ratio(a, b);
  return r == null ? null : `${r.toFixed(2)}×`;
}
