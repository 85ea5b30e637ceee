import { labelView } from '../core/template/labelView';
import { bare } from '../core/api/bare';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { Layout } from '../types/config';
import type { Theme, WidgetEnvelope, WidgetProduct } from '../types/interface';
import type { ServerState } from '../types/server';
import type { Strings } from '../core/strings/en';
import type { Card } from '../layouts/fill';
import type { LayoutComponent, LayoutProps } from '../layouts/LayoutProps';
import { buildProductView, buildView, type ProductView } from '../core/template/buildView';
import { formatPrice } from '../core/template/formatPrice';
import { isWholeWidget, renderTemplate } from '../core/template/renderTemplate';
import { cssId } from '../core/theme/cssId';
import { baseCss } from '../layouts/baseCss';
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
  state: Pick<ServerState['detail'], 'algorithm' | 'page' | 'skipped' | 'substituted'>;
}

/** Only the fields a view reads, so the state the page carries stays small. */
const FIELDS = ['name', 'sku', 'price', 'discountedPrice', 'smallImage', 'currentPageUrl', 'variantName'] as const;
const pick = (p: Partial<WidgetProduct>) => Object.fromEntries(FIELDS.filter((f) => Object.prototype.hasOwnProperty.call(p, f)).map((f) => [f, p[f]])) as unknown as WidgetProduct;

/** The envelope's platform cart ids, the one part of `customValues` a view reads. */
const cartIds = (envelope: WidgetEnvelope) => {
  const ids = bare(envelope.customValues || {}).cartIds;
  return ids ? { cartIds: ids } : undefined;
};

/** A stylesheet's text inside `<style>`: only `</style` could end it early, so it cannot appear. */
const styleText = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1');

/**
 * A widget as markup for inside its slot element: the same view, template, sanitising
 * rules and layout components as the browser, the styles it needs, and the state the
 * browser resumes from. Throws when the theme's template is broken or refused.
 */
export function renderWidget(input: WidgetInput): string {
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
  const state: ServerState = {
    v: 1,
    detail: { ...input.state, theme: theme.themeId, layout },
    envelope: { products: envelope.products.map(pick), widgetName: envelope.widgetName, customValues: cartIds(envelope) },
    cart: input.cart,
    layout,
    theme: { themeId: theme.themeId, jsTemplate: theme.jsTemplate?.trim() ? theme.jsTemplate : undefined },
    title: input.title,
    locale,
    currency,
    anchor: anchor && pick(input.anchor!),
    whole: whole || undefined,
  };
  return ownOnly(() => renderToString(
    <div class={`vitrine vitrine--${layout} vitrine-theme--${cssId(theme.themeId)}`} slot="vitrine" data-vitrine-state={JSON.stringify(state)}>
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
      {/* After the body: hydrating the body leaves a root's other children alone. */}
      <style nonce={input.nonce} dangerouslySetInnerHTML={{ __html: styleText(baseCss + (theme.cssTemplate || '')) }} />
    </div>,
  ));
}
