/**
 * @typedef {{ product: string, collection: string }} ShopPaths paths the demo home page links to
 * @typedef {{
 *   label: string,
 *   path: (shop: ShopPaths) => string,
 *   bootupBudgetMs?: number,
 *   lcpRatioBudget?: number,
 * }} LighthousePage
 */

/**
 * The demo shop's pages Lighthouse measures, one table row each, with their budgets:
 * `bootupBudgetMs` caps the main-thread time Lighthouse's `bootup-time` audit charges
 * to Vitrine's scripts; `lcpRatioBudget` caps LCP with Vitrine over LCP without it.
 * Another variant of a page is one more entry here (a server-rendered product page,
 * say: `path: (shop) => shop.product + '?ssr=1'`).
 * @type {LighthousePage[]}
 */
export const lighthousePages = [
  // 100 ms: under the lightest recommendation embed HTTP Archive measures (Algolia, 143 ms).
  { label: 'home', path: () => '/', bootupBudgetMs: 100 },
  // 140 ms: the product page carries three slots, and still stays under Algolia's 143 ms.
  { label: 'product (client-rendered)', path: (shop) => shop.product, bootupBudgetMs: 140, lcpRatioBudget: 1.3 },
  { label: 'collection', path: (shop) => shop.collection },
];
