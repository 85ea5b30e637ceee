/**
 * One measurement, tried once more when it throws: the bench's rule for a view or a run
 * that errors. Each error is added to `missed` (`label (attempt n): message`) for the
 * report; a measurement that errors twice comes back null, so it is never averaged in.
 * @template T
 * @param {string} label what was measured, as the report names it
 * @param {() => Promise<T>} measure
 * @param {string[]} missed
 * @returns {Promise<T | null>}
 */
export async function retryOnce(label, measure, missed) {
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      return await measure();
    } catch (error) {
      missed.push(`${label} (attempt ${attempt}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return null;
}

/** The median of a list of figures (the upper middle of an even count), or null for none. */
export function median(xs) {
  if (!xs.length) return null;
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}
