import { headers } from 'next/headers';
import { renderWidgets, type Page, type Slot } from './renderWidgets';
import { ServerWidget } from './ServerWidget';
import { handOver } from './handOver';

/**
 * The slots, each a `<vitrine-widget>` with the server's widget already inside. For a
 * page load the markup goes to the HTML only (`handOver`, `ServerWidget`); otherwise (a
 * client-side navigation, whose payload is all the browser gets) it goes in the payload.
 * A page load is what the browser says it is: `Sec-Fetch-Dest: document` (Fetch
 * Metadata, sent by every current browser; Next.js keeps its own `RSC` header from the
 * app). A request without it gets the markup in both, as a page always did. A slot the
 * server could not fill keeps its fallback, and the browser renders it when Vitrine starts.
 */
export async function Widgets({ page, slots }: { page: Page; slots: Slot[] }) {
  const [results, head] = await Promise.all([renderWidgets(page, slots), headers()]);
  const pageLoad = head.get('sec-fetch-dest') == 'document';
  return slots.map((slot) => {
    const result = results.get(slot.id);
    const attributes = { id: slot.id, algorithm: slot.algorithm, layout: slot.layout, max: slot.max, title: slot.title };
    return result?.ok ? (
      <ServerWidget key={slot.id} {...attributes} {...(pageLoad ? { token: handOver(result.html) } : { markup: result.html })} />
    ) : (
      <vitrine-widget key={slot.id} {...attributes}>
        <p className="fallback">More to discover soon.</p>
      </vitrine-widget>
    );
  });
}
