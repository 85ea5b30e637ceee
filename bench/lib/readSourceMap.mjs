const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const digit = Object.fromEntries([...base64].map((c, i) => [c, i]));

/**
 * Decodes a source map (version 3) so positions in a minified bundle can be
 * named by their source file, line and identifier. About forty lines instead
 * of a dependency: the bench needs only lookups.
 * @param {{ sources: string[], names: string[], mappings: string }} map
 * @returns {(line: number, column: number) => { source: string, line: number, name: string | null } | null} 0-based line and column in
 */
export function readSourceMap(map) {
  /** @type {number[][][]} per generated line: [column, source, line, column, name?] */
  const lines = [];
  let source = 0, srcLine = 0, srcCol = 0, name = 0;
  for (const text of map.mappings.split(';')) {
    const segments = [];
    let col = 0;
    for (const seg of text.split(',')) {
      if (!seg) continue;
      const values = [];
      let value = 0, shift = 0;
      for (const c of seg) {
        const d = digit[c];
        value += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = shift = 0;
        }
      }
      col += values[0];
      if (values.length >= 4) {
        source += values[1];
        srcLine += values[2];
        srcCol += values[3];
        if (values.length >= 5) name += values[4];
        segments.push(values.length >= 5 ? [col, source, srcLine, srcCol, name] : [col, source, srcLine, srcCol]);
      }
    }
    lines.push(segments);
  }
  return (line, column) => {
    const segments = lines[line];
    if (!segments || !segments.length) return null;
    let hit = null;
    for (const s of segments) {
      if (s[0] > column) break;
      hit = s;
    }
    hit ??= segments[0];
    return { source: map.sources[hit[1]], line: hit[2] + 1, name: hit.length >= 5 ? map.names[hit[4]] : null };
  };
}
