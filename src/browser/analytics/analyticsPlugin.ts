import type { EmbedHost } from '../host';
import type { ProductView, WidgetView } from '../../core/template/buildView';
import type { VitrineApi } from '../boot';
import { createSender } from './createSender';
import { createAttributionStore } from './createAttribution';
import { ga4Item, type EventProduct } from './ga4Item';

type Detail = Record<string, unknown>;

/** What a slot's last `vitrine:render` said: the algorithm and the view its widget shows. */
interface Shown {
  algorithm: string;
  view: WidgetView;
}

const fromView = (p: ProductView): EventProduct => ({ sku: p.product_sku, name: p.product_name, price: p._amount });

/**
 * The analytics chunk (`data-analytics`): Vitrine's own events become GA4 e-commerce
 * events for the merchant's Google tag, and a product page learns which widget click
 * opened it. Vitrine tracks nothing of its own: without a dataLayer or gtag on the page,
 * only `Vitrine.attribution()` remains.
 */
export function analyticsPlugin(host: EmbedHost): void {
  const { win, doc, config } = host;
  const send = createSender(win, config.setting('analytics'));
  const clicks = createAttributionStore(win, () => host.mayStore());
  const shown = new WeakMap<Element, Shown>();
  const currency = () => host.context().currency;
  const attribution = () => clicks.current(host.context().sku);

  /** `item_list_id`, `item_list_name` and `vitrine_algorithm` of the slot's widget. */
  const list = (slot: Element, { algorithm, view }: Shown) => {
    const params: Detail = { item_list_id: slot.id };
    if (view.widget_displayName) params.item_list_name = view.widget_displayName;
    params.vitrine_algorithm = algorithm;
    return params;
  };

  const handlers: Record<string, (slot: Element, d: Detail, s: Shown) => void> = {
    // Half the widget in view, once: the products it shows. Card themes mark each cell
    // with its place (a bundle shows three add-ons of its list); a whole-widget theme
    // draws the whole list.
    impression(slot, _, s) {
      const cells = slot.querySelectorAll('[data-vitrine-index]');
      const places = cells.length ? Array.from(cells, (cell) => Number(cell.getAttribute('data-vitrine-index'))) : s.view.products.map((_, i) => i);
      const items = places.filter((i) => s.view.products[i]).map((i) => ga4Item(fromView(s.view.products[i]), currency(), i));
      send('view_item_list', { ...list(slot, s), items });
    },
    click(slot, d, s) {
      const product = d.product as EventProduct & { url: string };
      const position = d.position as number;
      send('select_item', { ...list(slot, s), items: [ga4Item(product, currency(), position - 1)] });
      clicks.record({ slot: slot.id, algorithm: s.algorithm, position, sku: product.sku, name: product.name, at: Date.now() }, product.url);
    },
    // What the platform confirmed it added (the cart chunk's `vitrine:added-to-cart`),
    // each with its quantity: a press that failed sends nothing.
    'added-to-cart'(slot, d, s) {
      const products = d.products as (EventProduct & { quantity?: number })[];
      const code = (d.currency as string | undefined) || currency();
      // The bundle's own product (first) is not one of the widget's places: it has no index.
      const items = products.map((p) => ga4Item(p, code, s.view.products.findIndex((v) => v.product_sku == p.sku), p.quantity || 1));
      // GA4 computes revenue only from a value with its currency.
      send('add_to_cart', { ...list(slot, s), ...(code && { currency: code, value: d.total }), items });
    },
  };

  const hear = (slot: Element, name: string, d: Detail) => {
    try {
      if (name == 'render') shown.set(slot, { algorithm: d.algorithm as string, view: d.view as WidgetView });
      const s = shown.get(slot);
      if (s && handlers[name]) handlers[name](slot, d, s);
    } catch {
      /* an event of an unexpected shape costs that one event, never the page */
    }
  };

  // What happened before this chunk arrived, then everything after (same task: nothing
  // is heard twice or missed). The core keeps that history for this chunk; once heard,
  // it is let go, so a long-lived single-page app does not hold every past widget
  // (debug mode keeps it: its chunk reads it too).
  const heard = () => {
    if (!config.debug) host.history.length = 0;
  };
  host.history.forEach(([el, name, d]) => hear(el, name, d as Detail));
  heard();
  for (const name of ['render', 'impression', 'click'])
    doc.addEventListener('vitrine:' + name, (e) => {
      hear(e.target as Element, name, (e as CustomEvent).detail);
      heard();
    });
  // Capture phase on window: the detail carries the attribution before the event reaches
  // the slot's or the page's own listeners.
  for (const name of ['add-to-cart', 'added-to-cart'])
    win.addEventListener(
      'vitrine:' + name,
      (e) => {
        const d = (e as CustomEvent).detail as Detail;
        if (d && typeof d == 'object') d.attribution = attribution();
        hear(e.target as Element, name, d);
      },
      true,
    );
  // The consent tool's answer (`Vitrine.consent` dispatches it): a withdrawal drops the
  // stored click at once.
  doc.addEventListener('vitrine:consent', (e) => {
    const granted = ((e as CustomEvent).detail as { granted?: unknown } | null)?.granted;
    if (typeof granted == 'boolean') clicks.consent(granted);
  });
  (win as unknown as { Vitrine: VitrineApi }).Vitrine.attribution = attribution;
}
