import { renderWidgets, type Page, type Slot } from './renderWidgets';

/**
 * `<vitrine-widget>` elements with the server's widget already inside. The element itself
 * carries `dangerouslySetInnerHTML`: React hydrates it as one leaf, whose HTML is exactly
 * what the server sent, and compares nothing inside it. A slot the server could not fill
 * keeps its fallback, and the browser renders it when Vitrine starts.
 */
export async function Widgets({ page, slots }: { page: Page; slots: Slot[] }) {
  const results = await renderWidgets(page, slots);
  return slots.map((slot) => {
    const result = results.get(slot.id);
    const attributes = { id: slot.id, algorithm: slot.algorithm, layout: slot.layout, max: slot.max, title: slot.title };
    return result?.ok ? (
      <vitrine-widget key={slot.id} {...attributes} dangerouslySetInnerHTML={{ __html: result.html }} />
    ) : (
      <vitrine-widget key={slot.id} {...attributes}>
        <p className="fallback">More to discover soon.</p>
      </vitrine-widget>
    );
  });
}
