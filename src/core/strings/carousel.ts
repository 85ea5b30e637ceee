// The carousel layout's interface strings in English; they ship in the carousel chunk (and
// the ESM build), which every page that shows a carousel loads anyway. Replaced like every
// other string through the `strings` setting.
export const carouselStrings = {
  /** The carousel's name when the slot has no title. */
  carousel: 'Recommended products',
  previous: 'Previous products',
  next: 'Next products',
  track: 'Products, scroll with the arrow keys',
  /** Each slide's name: `{index}` of `{count}` and the product's `{name}`. */
  slide: '{index} of {count}: {name}',
  /** Said after each scroll: the slides `{from}`–`{to}` fully in view, of `{count}`. */
  inView: 'Products {from} to {to} of {count}',
};
