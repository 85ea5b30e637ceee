import { h, hydrate, render } from 'preact';
import type { Layout } from '../../types/config';
import type { Theme, WidgetEnvelope, WidgetProduct } from '../../types/interface';
import { buildProductView, buildView, type ProductView, type WidgetView } from '../../core/template/buildView';
import { formatPrice } from '../../core/template/formatPrice';
import type { liveBundle } from '../bundle/liveBundle';
import { labelView } from '../../core/template/labelView';
import { isWholeWidget, renderTemplate } from '../../core/template/renderTemplate';
import { sanitizeNodes } from '../sanitize/sanitizeHtml';
import { cardMaker } from './cardMaker';
import { held, type Card } from '../../layouts/fill';
import { prioritiseImages } from './prioritiseImages';
import { bare } from '../../core/util/bare';
import { builtinThemes } from '../../core/theme/builtinThemes';
import { en, type Strings } from '../../core/strings/en';
import { cssId, injectStyle } from '../theme/applyTheme';
import { themeScript } from '../theme/themeScript';
import { scriptText } from '../sanitize/trustedTypes';
import { Matrix } from '../../layouts/Matrix';
import type { LayoutProps } from '../../layouts/LayoutProps';
import { layouts } from '../layouts/layouts';
import { WidgetBody } from '../../layouts/WidgetBody';

export interface MountOptions {
  envelope: WidgetEnvelope;
  layout: Layout;
  /** Null or absent: the built-in theme of the layout. */
  theme?: Theme | null;
  /** Shown above the products; defaults to the envelope's widgetName. */
  title?: string;
  locale?: string;
  currency?: string;
  /** CSP nonce for the styles and theme script Vitrine adds. */
  nonce?: string;
  /** Bundle layout: the page's own product, shown first and always included. */
  anchor?: Partial<WidgetProduct> | null;
  /** Interface strings replacing the built-in English ones (see `src/core/strings/en.ts`). */
  strings?: Partial<Strings>;
  /**
   * The page's cart adapter (`shopify`, `woocommerce`, `bigcommerce`): its cart takes only
   * platform ids. Absent: the page's own code adds, by SKU (`vitrine:add-to-cart`).
   */
  cart?: string;
  /**
   * The root holds this widget as the server rendered it (`server/renderSlots.ts`): the
   * existing nodes are hydrated, not rendered again; `whole` when its theme drew it whole;
   * `later` to hydrate only when the result's `hydrate` is called.
   */
  server?: { whole?: boolean; later?: boolean };
}

/**
 * `warning`: the widget rendered but its theme script did not run. `hydrate`: with
 * `server.later`, brings the server's nodes to life (once).
 */
export type MountResult =
  | {
      ok: true;
      view: WidgetView;
      warning?: string;
      hydrate?: () => void;
      /**
       * A theme script whose runner is still on its way (the script tag's chunk): settles
       * once it has run, with the warning.
       */
      whole?: Promise<string | undefined>;
    }
  | { ok: false; error: string };

let ids = 0;

/**
 * A carousel renders the cards that fit the screen with it, plus one (six at most: six
 * cards of 240 px fill a 1,280 px track); each of the rest costs its template and
 * sanitising only when scrolled near or focused near (the carousel's
 * `later`). A phone shows two cards of the built-in 220 px and renders three.
 *
 * The screen's width, not the window's: where pages have a viewport (phones), reading
 * `innerWidth` makes the browser lay the whole page out first, to know the page's scale
 * (22 ms on a long page). A window narrower than its screen renders a card or two more.
 */
const eagerCards = (win: Window) => Math.min(6, Math.ceil(win.screen.width / 220) + 1);

/**
 * A matrix drawn in tasks draws first the cards that may fill a screen: those of a grid of
 * 170 px columns (the grid's least) and 160 px rows (a short card), or, where a theme lays
 * its cards out as a list, of a column of 48 px rows (a row a thumb can still tap),
 * whichever are more. What lies past them starts below the screen, so the first screen
 * shows no empty places and the cards drawn after move nothing in view. Counted from the
 * screen, not from layout: reading a card's height would lay the page out in the task.
 */
const screenCards = ({ screen }: Window) => Math.max((Math.floor(screen.width / 170) || 1) * Math.ceil(screen.height / 160), Math.ceil(screen.height / 48));

/** Events leave from the slot (the root's parent), as every other Vitrine event does. */
function emit(root: Element, name: string, detail: unknown): void {
  const target = root.parentElement || root;
  target.dispatchEvent(new (target.ownerDocument.defaultView!.CustomEvent)('vitrine:' + name, { bubbles: true, detail }));
}

const productDetail = (p: ProductView) => ({ name: p.product_name, sku: p.product_sku, price: p._amount, url: p.product_currentPageUrl });

/**
 * Reports which product a shopper opened: `vitrine:click` with the product and its
 * position. A card's add-to-cart button (`data-vitrine-cart`) is the cart chunk's.
 */
function onClick(root: HTMLElement, view: WidgetView, event: Event): void {
  const link = (event.target as Element).closest('a[href]');
  if (!link) return;
  const cell = link.closest('[data-vitrine-index]');
  const href = link.getAttribute('href');
  const index = cell ? Number(cell.getAttribute('data-vitrine-index')) : view.products.findIndex((p) => p.product_currentPageUrl == href);
  const product = view.products[index];
  if (product) emit(root, 'click', { product: productDetail(product), position: index + 1 });
}

/**
 * Renders a widget envelope with a theme into `root`: the same path the embed, the
 * studio and storefront code use. A broken template leaves `root` as it was and says why.
 */
/**
 * `inTasks` (the embed's): a matrix renders only its first screen's cards before it is
 * drawn, and the first row's images load first (`prioritiseImages`).
 */
export function mountWidget(root: HTMLElement, options: MountOptions, inTasks?: boolean): MountResult {
  const steps = readyWidget(root, options, inTasks);
  let step;
  while (!(step = steps.next()).done);
  return step.value;
}

/**
 * What `mountWidget` does, in steps a caller may spread over tasks: it yields before each
 * card rendered before the widget is drawn (its template rendered and sanitised), or
 * before a whole widget's template is rendered and again before it is sanitised, yields
 * 1 when the widget is drawn next, yields after each card drawn into a cell the widget
 * left empty and before its theme's script runs, and returns what `mountWidget` returns
 * once the widget is whole. The embed
 * takes a few milliseconds of steps per task: on a phone, one task doing all of it was
 * long. A caller that stops early leaves the rest undrawn and the theme script unrun.
 */
export function* readyWidget(root: HTMLElement, options: MountOptions, inTasks?: boolean): Generator<1 | void, MountResult> {
  const doc = root.ownerDocument;
  const win = doc.defaultView!;
  const { layout, nonce, locale = doc.documentElement.lang || 'en', currency, server } = options;
  const t = { ...en, ...options.strings } as Strings;
  // Own fields only: a theme without `jsTemplate` runs no script, whatever a page added
  // to Object.prototype (the built-in themes have none).
  const theme = bare(options.theme || builtinThemes[layout]);
  const format = { locale, currency };
  let view: WidgetView;
  let whole: Card | undefined;
  let cards: LayoutProps['cards'] = [];
  // The layout's own props: the bundle's (its anchor, total and ticks) come with its chunk.
  let own: Partial<LayoutProps> | undefined;
  const Layout = layouts[layout] || Matrix;
  try {
    view = labelView(buildView(options.envelope, options.title, format, options.cart), t);
    const template = theme.htmlTemplate;
    // The script tag's built-in card is the theme chunk's: one that did not load renders nothing.
    if (template == null && !server) throw Error('its template did not load (vitrine-theme.js)');
    // A server card is already in the root: hydrating leaves its element's markup alone.
    // Cards of one structure are parsed once by the cards chunk's maker, once it is here.
    const card = (p: ProductView): Card => (server ? { __html: '' } : cardMaker._make?.(doc, template, view, p) || sanitizeNodes(renderTemplate(template, view, p), doc));
    if (server ? server.whole : isWholeWidget(template)) {
      // A whole widget's template renders in a step, and is sanitised in the next: after
      // the view, in one step, they made the demo not-found page's first draw step long.
      if (server) whole = { __html: '' };
      else {
        yield;
        const html = renderTemplate(template, view);
        yield;
        whole = sanitizeNodes(html, doc);
      }
    } else {
      // A server root has every card already; a client carousel renders the first few now,
      // a matrix drawn in tasks its first screen.
      const eager = server ? Infinity : layout == 'carousel' ? eagerCards(win) : inTasks && layout == 'matrix' ? screenCards(win) : Infinity;
      own = (Layout as { _props?: typeof liveBundle._props })._props?.({ root, view, anchor: options.anchor, card, format, product: buildProductView, price: (amount) => formatPrice(amount, locale, currency), server, repaint: () => paint() });
      // A step before each card rendered now; the rest render when called.
      for (const p of view.products) cards.push(cards.length < eager ? (yield, card(p)) : () => card(p) as DocumentFragment);
    }
  } catch (error) {
    return { ok: false, error: `theme "${theme.themeId}": ${(error as Error).message}` };
  }
  yield 1;
  // A server root already has its class and carries its own styles.
  if (!server) {
    injectStyle(doc, theme.themeId, theme.cssTemplate || '', nonce);
    root.className = `vitrine vitrine--${layout} vitrine-theme--${cssId(theme.themeId)}`;
  }
  const titleId = (root.id || 'vitrine-' + ++ids) + '-title';
  const click = (event: Event) => onClick(root, view, event);
  // The cart chunk reads the products of a card's button or the bundle's choice here: a
  // press of either is the chunk's (`vitrine:add-to-cart`, then the cart adapter).
  (root as HTMLElement & { _view?: WidgetView })._view = view;
  // The first paint of a server root hydrates it; later ones (a bundle's ticks) render.
  let render_ = server ? hydrate : render;
  const paint = () => {
    render_(
      <WidgetBody
        whole={whole}
        Layout={Layout}
        onClick={click}
        view={view}
        cards={cards}
        title={view.widget_displayName}
        titleId={titleId}
        t={t}
        {...own}
      />,
      root,
    );
    render_ = render;
  };
  if (!server?.later) paint();
  // The embed's images: the first row's load at once and first, the rest when near.
  if (inTasks) prioritiseImages(root, layout == 'carousel');
  // The cells a matrix left empty past its first screen are drawn a step each (their images
  // lazy, as out of view). A cell drawn again since by a newer render is left to it, and
  // one out of the page (the widget taken away) is left empty.
  for (const [cell, card] of held.splice(0)) {
    yield;
    if (cell._card == card && cell.isConnected) {
      cell.replaceChildren(card());
      cell.querySelectorAll('img').forEach((img) => (img.loading = 'lazy'));
    }
  }
  // A widget drawn again meanwhile is the newer render's: its script runs with its data;
  // one taken out of the page runs none.
  const current = () => (root as HTMLElement & { _view?: WidgetView })._view == view && root.isConnected;
  const run = () => (themeScript._run ? themeScript._run(win, theme, root, view, nonce, scriptText) : 'theme script did not run (vitrine-script.js did not load)');
  // The script tag's runner is a chunk (theme/lazyThemeScript.ts): a theme with a script
  // waits for it, the widget does not.
  const script = () => (!theme.jsTemplate?.trim() ? undefined : themeScript._run || !themeScript._load ? run() : themeScript._load().then(() => (current() ? run() : undefined)));
  // A theme's script runs a step after the draw: on a phone (4× CPU) the two, with the
  // render's event, made the demo home page's draw task 64–76 ms.
  if (theme.jsTemplate?.trim()) yield;
  const ran = script();
  return { ok: true, view, warning: typeof ran == 'string' ? ran : undefined, whole: typeof ran == 'object' ? ran : undefined, hydrate: server?.later ? paint : undefined };
}
