/**
 * @typedef {{ product: string, collection: string }} ShopPaths paths the demo home page links to
 * @typedef {{
 *   label: string,
 *   path: (shop: ShopPaths) => string,
 *   withoutPath?: (shop: ShopPaths) => string,
 *   algoliaPath?: (shop: ShopPaths) => string,
 *   lcpRatioBudget?: number,
 *   bootupVs?: { label: string, ratio: number },
 * }} LighthousePage
 */

/**
 * The demo shop's pages Lighthouse measures, one table row each, with their budgets.
 * `withoutPath` is the page measured without Vitrine when it is not `path` (a page whose
 * widgets come in its HTML still shows them with the scripts blocked). `algoliaPath` is
 * the client-rendered page whose twin, drawn by Algolia's recommend-js from the same
 * products (bench/lib/algoliaPages.mjs), races Vitrine's: on each such page Vitrine's
 * main-thread time (`bootup-time`) must be at most `ALGOLIA_BOOTUP_RATIO` of Algolia's and
 * its LCP no later. `lcpRatioBudget` caps LCP with Vitrine over LCP without it.
 * `bootupVs` caps Vitrine's main-thread time on this page at `ratio` × its time on the
 * page labelled `label`, in the same run.
 * @type {LighthousePage[]}
 */
export const lighthousePages = [
  { label: 'home', path: () => '/', algoliaPath: () => '/' },
  // The demo product page renders its first two widgets on the server unless `?ssr=0`.
  { label: 'product (client-rendered)', path: (shop) => shop.product + '?ssr=0', algoliaPath: (shop) => shop.product + '?ssr=0', lcpRatioBudget: 1.3 },
  // Server-rendered: the widgets are in the HTML, so the page without Vitrine is the one
  // with neither its HTML widgets nor its scripts. Algolia has no server rendering in
  // recommend-js: its twin is the same client-rendered page as above.
  // Its point is to spare the browser the rendering: at most 0.3× the main-thread time of
  // the same page rendered in the browser.
  {
    label: 'product (server-rendered)',
    path: (shop) => shop.product,
    withoutPath: (shop) => shop.product + '?ssr=0',
    algoliaPath: (shop) => shop.product + '?ssr=0',
    lcpRatioBudget: 1.1,
    bootupVs: { label: 'product (client-rendered)', ratio: 0.3 },
  },
  { label: 'collection', path: (shop) => shop.collection },
];

/** Vitrine's main-thread time on a page at most this share of Algolia's on its twin. */
export const ALGOLIA_BOOTUP_RATIO = 0.5;
