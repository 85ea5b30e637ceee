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
 * app). A request without it gets the markup in both, as a page always did; so does a
 * page load while 1,000 markups wait already (see `handOver`). A client that sends
 * `Sec-Fetch-Dest: document` with Next.js's `RSC` header gets flight data with tokens
 * only, which its own browser renders the client way: Next.js hides its `RSC` header
 * from `headers()` and from middleware, so the server cannot tell. A slot the
 * server could not fill keeps its fallback, and the browser renders it when Vitrine starts.
 */
export async function Widgets({ page, slots }: { page: Page; slots: Slot[] }) {
  const [results, head] = await Promise.all([renderWidgets(page, slots), headers()]);
  const pageLoad = head.get('sec-fetch-dest') == 'document';
  return slots.map((slot) => {
    const result = results.get(slot.id);
    const attributes = { id: slot.id, algorithm: slot.algorithm, layout: slot.layout, max: slot.max, title: slot.title };
    // No token when the hand-over is full: the markup then travels in the flight data too.
    const token = result?.ok && pageLoad ? handOver(result.html) : undefined;
    return result?.ok ? (
      <ServerWidget key={slot.id} {...attributes} {...(token ? { token } : { markup: result.html })} />
    ) : (
      <vitrine-widget key={slot.id} {...attributes}>
        <p className="fallback">More to discover soon.</p>
      </vitrine-widget>
    );
  });
}
