// The interface strings the core shows, in English. Every one can be replaced through the
// `strings` setting; French, German and Spanish come from the strings chunk
// (`dist/vitrine-strings.js`), loaded only on pages in those languages. The bundle's and
// the search page's own strings live in their chunks (`bundleStrings`, `searchStrings`).
export const en = {
  /** The carousel's name when the slot has no title. */
  carousel: 'Recommended products',
  previous: 'Previous products',
  next: 'Next products',
  track: 'Products, scroll with the arrow keys',
  /** Each slide's name: `{index}` of `{count}` and the product's `{name}`. */
  slide: '{index} of {count}: {name}',
  /** Said after each scroll: the slides `{from}`–`{to}` fully in view, of `{count}`. */
  inView: 'Products {from} to {to} of {count}',
  /** Read before a struck-through list price and before the sale price. */
  was: 'Was',
  now: 'now',
  /** A card's add-to-cart button (the product's name follows, visually hidden). */
  addToCart: 'Add to cart',
};

export type Strings = Record<keyof typeof en, string> & Record<string, string>;
