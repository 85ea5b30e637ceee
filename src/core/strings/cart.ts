// What the cart chunk says in a widget's live region, in English; it ships in the cart
// chunk. Replaced like every other string through the `strings` setting.
export const cartStrings = {
  cartAdded: '{name} added to the cart',
  cartAddedMany: '{count} products added to the cart',
  /** A product the platform refused, with its own words (`{message}`: sold out, only 2 left…). */
  cartRefused: '{name} not added: {message}',
  cartNoAnswer: 'The cart did not answer. Check your cart before trying again.',
  cartFailed: 'Could not add to the cart. Please try again.',
  cartNoSession: 'The cart is not ready. Reload the page and try again.',
  cartNoId: '{name} cannot be added from here. Open its page to add it.',
};
