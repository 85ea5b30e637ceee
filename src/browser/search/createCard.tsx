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

/** A card's template output, sanitised into nodes ahead of the paint that shows it. */
type Prepared = Map<string, DocumentFragment>;

/**
 * A ref that shows a rendered card: the template output is sanitised into nodes by the
 * core (its one Trusted Types policy) and those nodes are inserted; the markup is never
 * serialised and parsed again. A repaint with the same output leaves the card alone, so
 * its images are not replaced. Nodes made ahead (`prepare`) are taken, once.
 */
const themed = (html: string, sanitize: Sanitize, prepared: Prepared) => (el: (HTMLElement & { _html?: string }) | null) => {
  if (el && el._html !== html) {
    el._html = html;
    const made = prepared.get(html);
    prepared.delete(html);
    el.replaceChildren(made || sanitize(html, el.ownerDocument));
  }
};

/** The renderer of one result card, and its work done ahead for a page of results. */
export interface CardRenderer {
  (doc: SearchDocument, index: number): ComponentChildren;
  /**
   * Makes the cards of `docs` (the first at `first`) before the paint that shows them, a
   * few milliseconds of work per task: an answer's cards never add up to one long task.
   */
  prepare(docs: SearchDocument[], first: number, doc: Document): Promise<void>;
}

/** Work done in one task before the next is yielded to the page. */
const SLICE_MS = 8;

/**
 * The renderer of one result card: the theme's card template when there is one (its
 * values escaped by renderTemplate, then the same sanitising as widgets), else the
 * built-in card.
 * A template that throws on a document falls back to the built-in card for it.
 */
export function createCard(sanitize: Sanitize, theme: Theme | null, format: PriceFormat, title: string): CardRenderer {
  const widget = bare({ widget_displayName: title });
  // Each result's view and template output, made once per document and place: a repaint
  // (a facet opened, the drawer toggled) formats no price and renders no template again.
  const made = new WeakMap<SearchDocument, { index: number; view: ProductView; html?: string }>();
  let prepared: Prepared = new Map();
  const make = (result: SearchDocument, index: number) => {
    let m = made.get(result);
    if (!m || m.index != index) {
      const view = buildProductView(toWidgetProduct(result), index, format);
      let html: string | undefined;
      try {
        if (theme) html = renderTemplate(theme.htmlTemplate, widget, view);
      } catch {
        /* broken template: the built-in card */
      }
      made.set(result, (m = { index, view, html }));
    }
    return m;
  };
  const card = ((result, index) => {
    const { view, html } = make(result, index);
    return html != null ? <div class="vitrine-search__themed" ref={themed(html, sanitize, prepared)} /> : <BuiltinCard view={view} />;
  }) as CardRenderer;
  card.prepare = async (docs, first, doc) => {
    // Nodes made for an answer that was never shown are let go.
    const ready: Prepared = (prepared = new Map());
    // The first card too is made in a task of its own, not in the one that chose the
    // theme and parsed its template; and the paint that shows them after the last.
    let since = 0;
    const next = () => new Promise((done) => setTimeout(done));
    for (let i = 0; i < docs.length; i++) {
      if (Date.now() - since > SLICE_MS) {
        await next();
        since = Date.now();
      }
      const { html } = make(docs[i], first + i);
      if (html != null && !ready.has(html)) ready.set(html, sanitize(html, doc));
    }
    await next();
  };
  return card;
}
