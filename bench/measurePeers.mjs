// Bundles each peer's minimal entry (bench/peers/) with the embed's esbuild settings
// and terser pass and measures it, so every row of the size table is built the same way.
import { build } from 'esbuild';
import { minify } from 'terser';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { measureBytes } from './lib/measureBytes.mjs';

const peersDir = fileURLToPath(new URL('./peers/', import.meta.url));

/**
 * recommend-js is built for Preact 10. When the root Preact is another major, npm
 * nests recommend-js's own copy, while its `htm/preact` import still resolves to the
 * root one: bundled as installed, the page would carry both Preacts and Algolia's
 * items would not render. Point every `preact` import at its own copy when there is
 * one, as a storefront would have; with Preact 10 at the root they share it.
 */
const nestedPreact = fileURLToPath(new URL('../node_modules/@algolia/recommend-js/node_modules/preact', import.meta.url));
export const algoliaAlias = existsSync(nestedPreact) ? { preact: nestedPreact } : {};

/**
 * Peers in the order the table prints them. `kind` says what a peer does:
 * `reco` fetches recommendations (the job Vitrine does), `carousel` only slides
 * markup it is given, `floor` is the libraries Vitrine itself is built on.
 * `note` is shown under the table.
 */
export const peers = [
  { name: 'Algolia recommend-js + recommend', kind: 'reco', entry: 'algolia-recommend.js', alias: algoliaAlias, note: 'Algolia: relatedProducts in its horizontal slider view (@algolia/ui-components-horizontal-slider-js), with its own Preact 10.' },
  { name: 'Recombee js-api-client', kind: 'reco', entry: 'recombee.js', note: 'Recombee: API client only; @recombee/carousel-widget-js cannot be installed from the npm registry (its dependency @recombee/widgets-core is not published there), so its widget is not counted.' },
  { name: 'Relewise client', kind: 'reco', entry: 'relewise.js', note: 'Relewise: API client only (the SDK ships no widget).' },
  { name: 'embla-carousel', kind: 'carousel', entry: 'embla.js', note: 'Carousels (embla, keen-slider, swiper): slider JS only, no data fetching, no templates, no CSS.' },
  { name: 'keen-slider', kind: 'carousel', entry: 'keen-slider.js' },
  { name: 'swiper (Navigation, A11y)', kind: 'carousel', entry: 'swiper.js' },
  { name: 'floor: preact + hooks + mustache', kind: 'floor', entry: 'floor.js' },
];

/**
 * @returns {Promise<Array<{ name: string, kind: 'reco' | 'carousel' | 'floor', note?: string, raw: number, gzip: number, brotli: number }>>}
 */
export async function measurePeers() {
  return Promise.all(
    peers.map(async (p) => {
      const res = await build({
        entryPoints: [join(peersDir, p.entry)],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        platform: 'browser',
        legalComments: 'none',
        write: false,
        logLevel: 'error',
        // Bundlers replace this in every production build; without it React-style
        // libraries keep their development branches and look bigger than they ship.
        define: { 'process.env.NODE_ENV': '"production"' },
        alias: p.alias ?? {},
      });
      // The same second pass build.mjs gives Vitrine's shipped files.
      const { code } = await minify(res.outputFiles[0].text, { ecma: 2020, compress: { passes: 2 } });
      return { name: p.name, kind: p.kind, note: p.note, ...measureBytes(Buffer.from(code)) };
    }),
  );
}
