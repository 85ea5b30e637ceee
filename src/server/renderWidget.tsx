import { labelView } from '../core/template/labelView';
import { bare } from '../core/util/bare';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { Layout } from '../types/config';
import type { Theme, WidgetEnvelope, WidgetProduct } from '../types/interface';
import type { ServerState, StateProduct } from '../types/server';
import type { Strings } from '../core/strings/en';
import type { Card } from '../layouts/fill';
import type { LayoutComponent, LayoutProps } from '../layouts/LayoutProps';
import { buildProductView, buildView, type ProductView } from '../core/template/buildView';
import { formatPrice } from '../core/template/formatPrice';
import { isWholeWidget, renderTemplate } from '../core/template/renderTemplate';
import { cssId } from '../core/theme/cssId';
import { WidgetBody } from '../layouts/WidgetBody';
import { Carousel } from '../layouts/Carousel';
import { Matrix } from '../layouts/Matrix';
import { Bundle } from '../layouts/Bundle';
import { sanitizeMarkup } from './sanitizeMarkup';
import { ownOnly } from './ownOnly';

const LAYOUTS: Record<Layout, LayoutComponent> = { carousel: Carousel, matrix: Matrix, bundle: Bundle };

export interface WidgetInput {
  slotId: string;
  envelope: WidgetEnvelope;
  theme: Theme;
  layout: Layout;
  title?: string;
  locale: string;
  currency?: string;
  nonce?: string;
  /** The page's cart adapter: its cart takes only platform ids (see `buildView`). */
  cart?: string;
  anchor?: Partial<WidgetProduct>;
  strings: Strings;
  /** What the browser needs to take the widget over, besides what this function adds. */
  state: Pick<ServerState, 'algorithm' | 'page' | 'skipped' | 'substituted' | 'personal'>;
}

/** What the layouts, click events and cart read of a product; a theme's script may read the image and variant too. */
const FIELDS = ['name', 'sku', 'price', 'discountedPrice', 'currentPageUrl'] as const;
const SCRIPT_FIELDS = [...FIELDS, 'smallImage', 'variantName'] as const;
const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);
const pick = (p: Partial<WidgetProduct>, fields: readonly (keyof StateProduct)[]): StateProduct =>
  Object.fromEntries(fields.filter((f) => own(p, f) && p[f] != null && p[f] !== '').map((f) => [f, p[f]]));

/** The platform cart ids of the products shown, the one part of `customValues` a view reads. */
function cartIds(envelope: WidgetEnvelope): Record<string, string> | undefined {
  const ids = bare(bare(envelope.customValues || {}).cartIds as Record<string, unknown>);
  const shown = envelope.products.map((p) => [p.sku, ids[String(p.sku)]]).filter(([sku, id]) => typeof sku == 'string' && (typeof id == 'string' || typeof id == 'number'));
  return shown.length ? Object.fromEntries(shown.map(([sku, id]) => [sku, String(id)])) : undefined;
}

/** A stylesheet's text inside `<style>`: only `</style` could end it early, so it cannot appear. */
const styleText = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1');

/** The widget's stylesheet as a `<style>` element, for the end of a widget root (see `renderSlots`). */
export const styleElement = (css: string, nonce?: string) => ownOnly(() => renderToString(<style nonce={nonce} dangerouslySetInnerHTML={{ __html: styleText(css) }} />));

/**
 * JSON as the text of a `<script type="application/json">`: every `<` escaped, so no
 * product name can end the element or open a comment in it. `JSON.parse` reads it back.
 */
const jsonText = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A widget as markup for inside its slot element: the same view, template, sanitising
 * rules and layout components as the browser, and the state the browser resumes from;
 * `css` is the stylesheet it needs, which `renderSlots` places (`withStyles`). Throws when
 * the theme's template is broken or refused.
 */
export function renderWidget(input: WidgetInput): { html: string; css: string } {
  const { layout, locale, currency, strings: t } = input;
  // Own fields only: a built-in theme is a literal, and a name added to Object.prototype
  // in the server process (`jsTemplate`, `cssTemplate`) must not read as the theme's.
  const theme = bare(input.theme);
  const envelope = bare(input.envelope);
  const format = { locale, currency };
  const view = labelView(buildView(envelope, input.title, format, input.cart), t);
  const template = theme.htmlTemplate;
  const holder = layout == 'matrix' ? 'li' : 'div';
  const card = (p: ProductView): Card => ({ __html: sanitizeMarkup(renderTemplate(template, view, p), holder) });
  const whole = isWholeWidget(template);
  let cards: Card[] = [];
  let anchor: LayoutProps['anchor'];
  let wholeCard: Card | undefined;
  if (whole) wholeCard = { __html: sanitizeMarkup(renderTemplate(template, view)) };
  else {
    cards = view.products.map(card);
    if (layout == 'bundle' && input.anchor?.name) {
      const p = buildProductView(input.anchor as WidgetProduct, -1, format);
      anchor = { view: p, card: card(p) };
    }
  }
  const js = own(theme, 'jsTemplate') && typeof theme.jsTemplate == 'string' && theme.jsTemplate.trim() ? theme.jsTemplate : undefined;
  const fields = js ? SCRIPT_FIELDS : FIELDS;
  const state: ServerState = {
    v: 2,
    ...input.state,
    theme: theme.themeId,
    layout,
    products: envelope.products.map((p) => pick(p, fields)),
    widgetName: typeof envelope.widgetName == 'string' && envelope.widgetName ? envelope.widgetName : undefined,
    cartIds: cartIds(envelope),
    cart: input.cart,
    title: input.title,
    locale,
    currency,
    anchor: anchor && pick(input.anchor!, fields),
    whole: whole || undefined,
    // The script itself only under a nonce, which the browser checks; else the browser takes it from the org's themes.
    script: js && (input.nonce ? js : true),
  };
  const html = ownOnly(() => renderToString(
    <div class={`vitrine vitrine--${layout} vitrine-theme--${cssId(theme.themeId)}`} slot="vitrine" data-vitrine-state="">
      <WidgetBody
        whole={wholeCard}
        Layout={LAYOUTS[layout]}
        view={view}
        cards={cards}
        title={view.widget_displayName}
        titleId={input.slotId + '-title'}
        t={t}
        anchor={anchor}
        formatTotal={(amount) => formatPrice(amount, locale, currency)}
      />
      {/* After the body (and the stylesheet `renderSlots` puts before it): hydrating the body leaves a root's other children alone. */}
      <script type="application/json" data-vitrine-resume="" nonce={input.nonce} dangerouslySetInnerHTML={{ __html: jsonText(state) }} />
    </div>,
  ));
  return { html, css: (own(theme, 'cssTemplate') && typeof theme.cssTemplate == 'string' && theme.cssTemplate) || '' };
}

/**
 * A widget's markup with a stylesheet: the `<style>` goes right before the resume state,
 * the root's last child (its JSON escapes every `<`, so its tag is the markup's last `<script`).
 */
export function withStyles(html: string, css: string, nonce?: string): string {
  const at = html.lastIndexOf('<script');
  return html.slice(0, at) + styleElement(css, nonce) + html.slice(at);
}
