/** Sends one GA4 event: `name` and its parameters (`item_list_id`, `items`, …). */
export type Sender = (name: string, params: Record<string, unknown>) => void;

type Tagged = { dataLayer?: { push?: (...items: unknown[]) => unknown }; gtag?: (...args: unknown[]) => unknown };

/**
 * Hands GA4 e-commerce events to the page's own Google tag. Read at each event, so a
 * tag that loads after Vitrine is still found.
 *
 * - `window.dataLayer` (Google Tag Manager, or gtag.js): first `{ ecommerce: null }`,
 *   then `{ event, ecommerce: params }`, as Google's guide for Tag Manager asks
 *   ("Clear the ecommerce object" in
 *   https://developers.google.com/analytics/devguides/collection/ga4/ecommerce?client_type=gtm):
 *   Tag Manager merges pushes, and without the reset one event's items leak into the next.
 * - no dataLayer but a `gtag` function (gtag.js with a renamed data layer, `l=` in its
 *   URL): `gtag('event', name, params)`, the gtag.js form of the same event
 *   (https://developers.google.com/analytics/devguides/collection/ga4/ecommerce?client_type=gtag).
 *   `prefer` `gtag` (`data-analytics="gtag"`) uses gtag first.
 * - neither: nothing. A tag that throws never reaches the page either.
 */
export function createSender(win: Window, prefer?: string): Sender {
  const page = win as unknown as Tagged;
  return (name, params) => {
    try {
      const { dataLayer, gtag } = page;
      const viaGtag = typeof gtag == 'function';
      if (viaGtag && (prefer == 'gtag' || typeof dataLayer?.push != 'function')) gtag('event', name, params);
      else if (typeof dataLayer?.push == 'function') {
        dataLayer.push({ ecommerce: null });
        dataLayer.push({ event: name, ecommerce: params });
      }
    } catch {
      /* the merchant's tag failed: their analytics, not the shop, loses one event */
    }
  };
}
