// What the cart chunk says in a widget's live region, in English; it ships in the cart
// chunk. Replaced like every other string through the `strings` setting.
export const cartStrings = {
  cartAdded: '{name} added to the cart',
  cartAddedMany: '{count} products added to the cart',
  /** A product the platform refused, with its own words (`{message}`: sold out, only 2 left…). */
  cartRefused: '{name} not added: {message}',
  cartNoAnswer: 'The cart did not answer. Check your cart before trying again.',
  cartFailed: 'Could not add to the cart. Please try again.',
  /** WooCommerce: no nonce on the page, and none from the Store API either. */
  cartNoSession: 'The cart cannot be reached just now. Please try again in a moment.',
  cartNoId: '{name} cannot be added from here. Open its page to add it.',
  /** The page's product with options (size, colour) not all chosen, or a product the platform wants options for. */
  cartChooseOptions: 'Choose the options of {name} first.',
  /** The platform said yes, but its answer does not show the product in the cart. */
  cartNotHeld: '{name} may not have been added. Check your cart.',
};
