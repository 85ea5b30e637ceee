/**
 * Main-thread time a page spends in each search and recommendation vendor's scripts, on
 * average over the pages that load them: Lighthouse's `bootup-time` on HTTP Archive's
 * mobile crawl, grouped by vendor in third-party-web
 * (https://github.com/patrickhulce/third-party-web, https://www.thirdpartyweb.today/).
 * Figures as the project published them; the field's yardstick beside Vitrine's own.
 */
export const thirdPartyWeb = [
  { vendor: 'Algolia', ms: 143 },
  { vendor: 'Constructor', ms: 219 },
  { vendor: 'Nosto', ms: 422 },
  { vendor: 'Clerk', ms: 615 },
  { vendor: 'Klevu', ms: 908 },
];
