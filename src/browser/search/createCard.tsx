import { h, type ComponentChildren } from 'preact';
import type { SearchDocument, Theme, WidgetProduct } from '../../types/interface';
import { buildProductView, type PriceFormat, type ProductView } from '../../core/template/buildView';
import { renderTemplate } from '../../core/template/renderTemplate';
import { bare } from '../../core/util/bare';
import type { Sanitize } from '../host';

/** A search document in the shape templates and views know from widgets. */
export function toWidgetProduct(doc: SearchDocument): WidgetProduct {
  return {
    name: doc.name,
    sku: doc.sku,
    price: doc.price,
    discountedPrice: doc.discountedprice,
    smallImage: doc.smallimage,
    currentPageUrl: doc.currentPageUrl,
  };
}

function BuiltinCard({ view }: { view: ProductView }) {
  const body = [
    view.product_imageUrl ? (
      // The name is the link's text right below, so the image adds nothing to read out.
      <img class="vitrine-search__image" src={view.product_imageUrl} alt="" loading="lazy" decoding="async" width={240} height={240} />
    ) : (
      <span class="vitrine-search__image vitrine-search__image--none" />
    ),
    <span class="vitrine-search__name">{view.product_name}</span>,
    <span class="vitrine-search__price">
      {view.product_discountedPrice ? (
        [
          <s class="vitrine-search__was">
            <span class="vitrine-search__sr">Was </span>
            {view.product_price}
          </s>,
          ' ',
          <b class="vitrine-search__now">
            <span class="vitrine-search__sr">now </span>
            {view.product_discountedPrice}
          </b>,
        ]
      ) : (
        view.product_price
      )}
    </span>,
  ];
  return view.product_currentPageUrl ? (
    <a class="vitrine-search__card" href={view.product_currentPageUrl}>
      {body}
    </a>
  ) : (
    <div class="vitrine-search__card">{body}</div>
  );
}

/**
 * A ref that shows a rendered card: the template output is sanitised into nodes by the
 * core (its one Trusted Types policy) and those nodes are inserted; the markup is never
 * serialised and parsed again. A repaint with the same output leaves the card alone, so
 * its images are not replaced.
 */
const themed = (html: string, sanitize: Sanitize) => (el: (HTMLElement & { _html?: string }) | null) => {
  if (el && el._html !== html) {
    el._html = html;
    el.replaceChildren(sanitize(html, el.ownerDocument));
  }
};

/**
 * The renderer of one result card: the theme's card template when there is one (its
 * values escaped by renderTemplate, then the same sanitising as widgets), else the
 * built-in card.
 * A template that throws on a document falls back to the built-in card for it.
 */
export function createCard(sanitize: Sanitize, theme: Theme | null, format: PriceFormat, title: string): (doc: SearchDocument, index: number) => ComponentChildren {
  const widget = bare({ widget_displayName: title });
  return (result, index) => {
    const view = buildProductView(toWidgetProduct(result), index, format);
    if (theme) {
      try {
        return <div class="vitrine-search__themed" ref={themed(renderTemplate(theme.htmlTemplate, widget, view), sanitize)} />;
      } catch {
        /* broken template: the built-in card below */
      }
    }
    return <BuiltinCard view={view} />;
  };
}
