import { bare } from '../../core/util/bare';

/**
 * The parts of Shopify's Customer Privacy API that Vitrine reads, as documented at
 * https://shopify.dev/docs/api/customer-privacy (loading it with `loadFeatures`, the
 * `…Allowed()` methods, and the `visitorConsentCollected` event on the document).
 */
interface ShopifyGlobal {
  customerPrivacy?: { preferencesProcessingAllowed(): boolean };
  loadFeatures?(features: { name: string; version: string }[], done: (error?: unknown) => void): void;
}

/**
 * Follows the visitor's answer in Shopify's Customer Privacy API. A visitor id that
 * remembers what the shopper viewed, to choose what to show them, is what Shopify calls
 * preferences processing ("personalisation"): `preferencesProcessingAllowed()` now, and
 * `preferencesAllowed` in each later `visitorConsentCollected` event. Where the law asks
 * for no consent, Shopify already answers yes. A theme that has not loaded the API gets
 * it loaded with `Shopify.loadFeatures`; a headless storefront (Hydrogen) that loads it
 * later announces it with `shopifyCustomerPrivacyApiLoaded`. If it never loads, the
 * answer stays no. Nothing thrown here reaches Shopify's code, which calls us back.
 */
export function followShopify(win: Window, set: (granted: boolean) => void): void {
  // Shopify's own members only: a page's Object.prototype.customerPrivacy is no answer.
  const own = () => bare((win as unknown as { Shopify?: ShopifyGlobal }).Shopify || {});
  const shopify = own();
  const doc = win.document;
  const read = () => {
    try {
      const privacy = own().customerPrivacy;
      if (privacy) set(privacy.preferencesProcessingAllowed() === true);
    } catch {
      /* an API that throws is no answer */
    }
  };
  doc.addEventListener('visitorConsentCollected', (event) => {
    const detail = (event as CustomEvent<{ preferencesAllowed?: boolean } | null>).detail;
    set(bare(detail || {}).preferencesAllowed === true);
  });
  doc.addEventListener('shopifyCustomerPrivacyApiLoaded', read);
  if (shopify.customerPrivacy) read();
  else shopify.loadFeatures?.([{ name: 'consent-tracking-api', version: '0.1' }], (error) => error || read());
}
