// The interface strings the core shows, in English. Every one can be replaced through the
// `strings` setting; French, German and Spanish come from the strings chunk
// (`dist/vitrine-strings.js`), loaded only on pages in those languages. The carousel's, the
// bundle's and the search page's own strings live in their chunks (`carouselStrings`,
// `bundleStrings`, `searchStrings`).
export const en = {
  /** Read before a struck-through list price and before the sale price. */
  was: 'Was',
  now: 'now',
  /** A card's add-to-cart button (the product's name follows, visually hidden). */
  addToCart: 'Add to cart',
};

export type Strings = Record<keyof typeof en, string> & Record<string, string>;
