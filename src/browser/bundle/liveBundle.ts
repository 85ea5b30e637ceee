import type { WidgetProduct } from '../../types/interface';
import type { LayoutComponent, LayoutProps } from '../../layouts/LayoutProps';
import type { Card } from '../../layouts/fill';
import { Bundle } from '../../layouts/Bundle';
import type { buildProductView, ProductView, WidgetView } from '../../core/template/buildView';

/** What mountWidget knows that the bundle's props are made of. */
export interface BundleInput {
  root: HTMLElement;
  view: WidgetView;
  /** The page's own product (MountOptions' `anchor`). */
  anchor?: Partial<WidgetProduct> | null;
  /** Renders and sanitises a product's card with the widget's theme. */
  card: (p: ProductView) => Card;
  format: { locale: string; currency?: string };
  /**
   * The core's product view and price format: a chunk's own copies would cost it their
   * bytes and the page a second number format.
   */
  product: typeof buildProductView;
  price: (amount: number) => string;
  /** Mounting a root the server rendered (hydrated on its first paint). */
  server?: object;
  /** Draws the widget again (a tick changed which add-ons are in). */
  repaint: () => void;
}

/**
 * The bundle's props besides the cards: the page's own product first (no button: the
 * bundle adds it; its id is the cart chunk's to find), the running total in the page's
 * format, and which add-ons the shopper unticked. Throws as a card does (a broken theme).
 */
function bundleProps({ root, view, anchor, card, format, product, price, server, repaint }: BundleInput): Partial<LayoutProps> {
  // A server bundle shows its total already, in the page's format: hydrating keeps that
  // text, and the page's first Intl.NumberFormat (its locale data, some 20 ms) waits for a
  // tick that changes the total.
  let shownTotal = server && root.querySelector('.vitrine__total bdi')?.textContent;
  const props: Partial<LayoutProps> = {
    formatTotal: (amount) => shownTotal || price(amount),
    off: [],
    setOff(next) {
      props.off = next;
      shownTotal = undefined;
      repaint();
    },
  };
  if (anchor?.name) {
    const p = product(anchor as WidgetProduct, -1, format);
    props.anchor = { view: (view._anchor = p), card: card(p) };
  }
  return props;
}

/**
 * The bundle layout as the browser draws it (the bundle and resume chunks, the ESM
 * build): with `_props`, which mountWidget calls for the bundle's own props, so that the
 * script tag's core carries none of them. The server passes the same props itself.
 * Marked pure: an app whose bundler sees only `start()` imported leaves it out.
 */
export const liveBundle: LayoutComponent & { _props: typeof bundleProps } = /* @__PURE__ */ Object.assign((props: LayoutProps) => Bundle(props), { _props: bundleProps });
