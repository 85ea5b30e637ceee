/**
 * @typedef {{ product: string, collection: string }} ShopPaths paths the demo home page links to
 * @typedef {{
 *   label: string,
 *   path: (shop: ShopPaths) => string,
 *   withoutPath?: (shop: ShopPaths) => string,
 *   bootupBudgetMs?: number,
 *   lcpRatioBudget?: number,
 * }} LighthousePage
 */

/**
 * The demo shop's pages Lighthouse measures, one table row each, with their budgets:
 * `bootupBudgetMs` caps the main-thread time Lighthouse's `bootup-time` audit charges
 * to Vitrine's scripts; `lcpRatioBudget` caps LCP with Vitrine over LCP without it.
 * `withoutPath` is the page measured without Vitrine when it is not `path` (a page whose
 * widgets come in its HTML still shows them with the scripts blocked).
 * @type {LighthousePage[]}
 */
export const lighthousePages = [
  // 100 ms: under the lightest recommendation embed HTTP Archive measures (Algolia, 143 ms).
  { label: 'home', path: () => '/', bootupBudgetMs: 100 },
  // 140 ms: the product page carries three slots, and still stays under Algolia's 143 ms.
  // The demo product page renders its first two widgets on the server unless `?ssr=0`.
  { label: 'product (client-rendered)', path: (shop) => shop.product + '?ssr=0', bootupBudgetMs: 140, lcpRatioBudget: 1.3 },
  // Server-rendered: the widgets are in the HTML, so the page without Vitrine is the one
  // with neither its HTML widgets nor its scripts.
  { label: 'product (server-rendered)', path: (shop) => shop.product, withoutPath: (shop) => shop.product + '?ssr=0', bootupBudgetMs: 50, lcpRatioBudget: 1.1 },
  { label: 'collection', path: (shop) => shop.collection },
];
