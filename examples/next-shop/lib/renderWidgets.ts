import { cookies, headers } from 'next/headers';
import { renderSlots } from 'vitrine/server';
import { service } from './service';
import { shop } from './shop';

export type Slot = Parameters<typeof renderSlots>[0]['slots'][number];
export type SlotResult = Awaited<ReturnType<typeof renderSlots>>[number];
export type Page = Pick<Parameters<typeof renderSlots>[0]['page'], 'pageType' | 'pname' | 'sku'>;

/**
 * The slots' widgets as HTML, for the page the server is answering: the visitor is the
 * one the browser stored (Vitrine's `vitrine_uid` cookie), the domain the one asked for.
 * The API key stays on the server.
 */
export async function renderWidgets(page: Page, slots: Slot[]): Promise<Map<string, SlotResult>> {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  const results = await renderSlots({
    ...service(),
    // The host name the browser reads as `location.hostname`.
    page: { ...page, ...shop, siteUid: jar.get('vitrine_uid')?.value, domain: (head.get('host') || '').replace(/:\d+$/, '') || 'localhost' },
    // No consent mode on this shop: the visitor's answer is yes (a shop with a banner passes its answer).
    consent: true,
    // The layout imports vitrine/vitrine.css: the widgets carry only their themes' styles.
    styles: 'link',
    slots,
  });
  return new Map(results.map((result) => [result.id, result]));
}
