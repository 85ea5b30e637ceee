import type { SampleProduct } from '../sandbox/createCatalogue';

/** What every page of the shop needs to know. */
export interface ShopContext {
  apiUrl: string;
  orgId: string;
  apiKey: string;
  products: readonly SampleProduct[];
  /** Items in the visitor's cart (for the header count). */
  cartCount: number;
  /** The theme studio's draft preview is on in this browser: pages load its script before Vitrine. */
  studioPreview?: boolean;
  /** The shop asks for consent (a banner, and Vitrine's `consent: 'required'`). */
  consentBanner: boolean;
  /** The product page renders its first widgets on the server (`?ssr=0`: none). */
  ssr?: boolean;
  /** The visitor's `vitrine_uid` cookie, which the embed sets once consent allows. */
  visitorId?: string;
  /** The host name the shopper asked for, as the browser's `location.hostname` (the widgets' `domain`). */
  hostname: string;
}
