import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

/**
 * Raw, gzip -9 and brotli (quality 11) sizes of one buffer: what a CDN sends
 * at its best setting, the same settings build.mjs prints.
 * @param {Uint8Array} buf
 * @returns {{ raw: number, gzip: number, brotli: number }}
 */
export function measureBytes(buf) {
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}
