import { sellingPrice, type SampleProduct } from '../../sandbox/createCatalogue';
import type { CartLine } from '../cartCookie';
import { formatPrice } from '../formatPrice';
import { html } from '../html';
import { renderPage } from '../renderPage';
import { renderSlot } from '../renderSlot';
import type { ShopContext } from '../shopContext';

export interface PricedLine { product: SampleProduct; qty: number; size: string }

export function priceLines(ctx: ShopContext, lines: readonly CartLine[]): PricedLine[] {
  return lines.flatMap((l) => {
    const product = ctx.products.find((p) => p.sku === l.sku);
    return product ? [{ product, qty: l.qty, size: l.size }] : [];
  });
}

export const linesTotal = (lines: readonly PricedLine[]) =>
  Math.round(lines.reduce((sum, l) => sum + sellingPrice(l.product) * l.qty, 0) * 100) / 100;

export function renderCart(ctx: ShopContext, lines: readonly PricedLine[]): string {
  const total = linesTotal(lines);
  const body = html`
<h1 class="page-title">Your cart</h1>
${lines.length === 0
    ? html`<div class="empty-state"><p>Your cart is empty.</p><a class="button" href="/">Continue shopping</a></div>`
    : html`<div class="cart">
  <ul class="cart__lines">
    ${lines.map((l, index) => html`<li class="cart__line">
      <img src="${ctx.apiUrl}/images/${l.product.sku}.svg" alt="" width="96" height="120">
      <div><a href="/products/${l.product.handle}">${l.product.name}</a><p class="card__meta">${l.product.colour} · ${l.size}</p></div>
      <form method="post" action="/cart/update"><input type="hidden" name="index" value="${index}">
        <label class="visually-hidden" for="qty-${index}">Quantity of ${l.product.name}</label>
        <input id="qty-${index}" type="number" name="qty" value="${l.qty}" min="0" max="9"><button type="submit" class="link-button">Update</button></form>
      <span class="cart__amount">${formatPrice(sellingPrice(l.product) * l.qty)}</span>
    </li>`)}
  </ul>
  <aside class="cart__summary">
    <p><span>Subtotal</span> <strong data-cart-total>${formatPrice(total)}</strong></p>
    <p class="card__meta">${total >= 100 ? 'Free delivery' : `Add ${formatPrice(100 - total)} for free delivery`}</p>
    <form method="post" action="/checkout"><button class="button button--wide" type="submit">Check out</button></form>
  </aside>
</div>`}
${renderSlot({ id: 'cart-picks', algorithm: 'wishlistreco', layout: 'carousel', title: 'Saved by shoppers like you' })}
${renderSlot({ id: 'cart-trending', algorithm: 'trending', layout: 'matrix', title: 'Popular right now', max: 4 })}`;
  return renderPage(ctx, { title: 'Cart', description: 'Your cart at Maison Vitrine.', body });
}
