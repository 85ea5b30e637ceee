// An add-to-cart control as the common platforms and themes write it: a form posting to
// the cart (Shopify `/cart/add`, Shopware `/checkout/line-item/add`, generic `/basket/add`)
// or a button or input named, classed or id'd for it (WooCommerce `add-to-cart`, Magento
// `#product-addtocart-button`, OpenCart `#button-cart`, PrestaShop
// `data-button-action="add-to-cart"`, SFRA `.add-to-cart`).
const CART =
  'form:is([action*="cart/add" i],[action*="line-item/add" i],[action*="basket/add" i],[action*="add-to-cart" i]),' +
  ':is(button,input,a):is([name="add-to-cart"],[id*="addtocart" i],[class*="add-to-cart" i],[class*="addtocart" i],#button-cart,[data-button-action="add-to-cart"])';

// A price as shops print it: a currency sign or code beside digits, either side.
const PRICE = /(\p{Sc}|\b[A-Z]{3}\b|\bkr\b|zł|Kč|R\$)\s?\d|\d[\d.,]*\s?(\p{Sc}|\b[A-Z]{3}\b|kr\b|zł|Kč)/u;

/**
 * A product page that states nothing in structured data, known by its shape: one `<h1>`,
 * one add-to-cart control, and a price in the part of the page that holds both. Gives
 * the heading as the product's name (a guess, and debug mode says so), and nothing else:
 * the page's SKU and currency are not guessed. A listing with several add-to-cart
 * controls, or a page with several headings, gives nothing.
 */
export function readHeading(doc: Document): { name?: string } | undefined {
  const headings = doc.querySelectorAll('h1');
  const carts = Array.from(doc.querySelectorAll(CART)).filter((el) => !el.parentElement?.closest(CART));
  if (headings.length != 1 || carts.length != 1) return;
  const h1 = headings[0];
  let box = h1.parentElement;
  while (box && !box.contains(carts[0])) box = box.parentElement;
  const name = (h1.textContent || '').replace(/\s+/g, ' ').trim();
  if (box && name && PRICE.test(box.textContent || '')) return { name };
}
