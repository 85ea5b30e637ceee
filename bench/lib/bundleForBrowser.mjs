import { build } from 'esbuild';
import { algoliaAlias } from '../measurePeers.mjs';

/**
 * Bundles a bench-only browser entry into memory as an ES module. Imports of
 * `/dist/…` stay as they are, so the page loads the very files Vitrine ships.
 * @param {string} entry absolute path
 * @returns {Promise<string>}
 */
export async function bundleForBrowser(entry) {
  const res = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    target: 'es2020',
    platform: 'browser',
    write: false,
    logLevel: 'error',
    external: ['/dist/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    // Bench pages use Preact only through Algolia's widget.
    alias: algoliaAlias,
  });
  return res.outputFiles[0].text;
}
