import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sources = { createSandbox: 'demo/sandbox/createSandbox.ts', createShop: 'demo/shop/createShop.ts' };

/**
 * The sandbox service and the demo shop are TypeScript and Node runs only
 * JavaScript, so they are bundled for the bench into bench/results/.
 * @template {keyof typeof sources} K
 * @param {K[]} names which factories are needed
 * @returns {Promise<Record<K, Function>>}
 */
export async function loadDemo(names) {
  const missing = names.filter((n) => !existsSync(root + sources[n]));
  if (missing.length) throw new Error(`${missing.map((n) => sources[n]).join(', ')} not found`);
  // Two folders below the repo root, like demo/dist/: the demo finds its own
  // files (shop.css, pages) relative to its module URL, which assumes that depth.
  const outfile = `${root}bench/results/demo-${names.join('-')}.mjs`;
  await build({
    stdin: {
      contents: names.map((n) => `export { ${n} } from './${sources[n]}';`).join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
    jsx: 'transform',
    jsxFactory: 'h',
    jsxFragment: 'Fragment',
    define: { __VITRINE_VERSION__: '"bench"' },
  });
  // A query string defeats Node's module cache when the bench runs twice in one process.
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}
