import { sellingPrice } from '../../sandbox/createCatalogue';
import { formatPrice } from '../formatPrice';
import { html } from '../html';
import { renderPage } from '../renderPage';
import { renderSlot } from '../renderSlot';
import type { ShopContext } from '../shopContext';
import { linesTotal, type PricedLine } from './renderCart';

export function renderOrder(ctx: ShopContext, id: string, lines: readonly PricedLine[]): string {
  const body = html`
<section class="confirmation">
  <p class="eyebrow">Order ${id}</p>
  <h1>Thank you, your order is confirmed</h1>
  <p>We will email you when it leaves our workshop in Arles, usually within two working days.</p>
  <ul class="confirmation__lines">
    ${lines.map((l) => html`<li><span>${l.qty} × ${l.product.name} <span class="card__meta">(${l.size})</span></span><span>${formatPrice(sellingPrice(l.product) * l.qty)}</span></li>`)}
  </ul>
  <p class="confirmation__total"><span>Total</span> <strong>${formatPrice(linesTotal(lines))}</strong></p>
  <a class="button" href="/">Continue shopping</a>
</section>
${renderSlot({ id: 'order-inspired', algorithm: 'inspbybrowsehist trending', layout: 'carousel', title: 'Picked for you' })}
${renderSlot({ id: 'order-trending', algorithm: '', layout: 'matrix', title: 'Others are buying', max: 4 })}`;
  // The one page that names its type on the script tag: an order confirmation
  // URL differs from shop to shop, so merchants are told to set it here.
  return renderPage(ctx, { title: `Order ${id}`, description: 'Order confirmation', body, scriptData: { 'page-type': 'order_page' } });
}
