import { GREATEST_LOWER_BOUND, TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

/**
 * Names positions in a minified bundle by their source file, line and identifier,
 * through the bundle's source map (version 3).
 * @param {object} map the parsed `.map` file
 * @returns {(line: number, column: number) => { source: string, line: number, name: string | null } | null}
 *   0-based line and column in the bundle; the source's line comes back 1-based, as editors count
 */
export function readSourceMap(map) {
  const traced = new TraceMap(/** @type {any} */ (map));
  return (line, column) => {
    const found = originalPositionFor(traced, { line: line + 1, column, bias: GREATEST_LOWER_BOUND });
    return found.source == null ? null : { source: found.source, line: found.line, name: found.name };
  };
}
