import { h } from 'preact';
import type { ProductView } from '../core/template/buildView';
import type { LayoutProps } from './LayoutProps';
import type { Card, LaterCard } from './fill';
import { cardProps } from './cardProps';
import { bundleStrings } from '../core/strings/bundle';
import { fillNodes } from './fillNodes';
import { fillString } from '../core/strings/fillString';

/** Two or three add-ons is what a shopper weighs at a glance; more is noise. */
const MAX_ADDONS = 3;

/**
 * The page's product plus add-ons, each with a checkbox, a running total in the page's
 * currency and one button that adds the chosen set (the cart chunk sends
 * `vitrine:add-to-cart`, then adds through the cart adapter; `onAdd` is for other hosts).
 * Which add-ons are off lives with the caller (`off`/`setOff`), so no hooks are needed.
 */
export function Bundle({ cards, view, anchor, formatTotal, onAdd, off = [], setOff, t }: LayoutProps) {
  const words = { ...bundleStrings, ...t };
  const addons = view.products.slice(0, MAX_ADDONS);
  const chosen: ProductView[] = (anchor ? [anchor.view] : []).concat(addons.filter((_, i) => !off.includes(i)));
  // Summed in cents, so 139.99 + 68.99 is 208.98 and not 208.98000000000002.
  const total = chosen.reduce((sum, p) => sum + Math.round(p._amount * 100), 0) / 100;
  const n = chosen.length;
  const item = (p: ProductView, card: Card | LaterCard, i: number) => (
    <li class="vitrine__bundle-item" data-vitrine-index={i < 0 ? undefined : i} data-off={off.includes(i) ? '' : undefined}>
      <label class="vitrine__pick">
        <input type="checkbox" checked={!off.includes(i)} disabled={i < 0} onChange={() => setOff?.(off.includes(i) ? off.filter((j) => j != i) : off.concat(i))} />
        {/* One text node, as the server's markup has it: hydrating then changes nothing. */}
        {(i < 0 ? words.bundleThisItem : words.bundleAdd) + ' '}
        <span class="vitrine__sr">{p.product_name}</span>
      </label>
      <div class="vitrine__card" {...cardProps(card)} />
    </li>
  );
  return (
    <div>
      <ul class="vitrine__bundle">
        {anchor && item(anchor.view, anchor.card, -1)}
        {addons.map((p, i) => item(p, cards[i], i))}
      </ul>
      <div class="vitrine__buy">
        <span class="vitrine__total" aria-live="polite">
          {fillNodes(fillString(n == 1 ? words.bundleTotalOne : words.bundleTotal, { count: n }), { total: <bdi>{formatTotal ? formatTotal(total) : total}</bdi> })}
        </span>
        {/* `data-vitrine-cart` (empty: the choice is read from the ticks) marks it as the cart chunk's, which the page then loads. */}
        <button type="button" class="vitrine__add" data-vitrine-cart="" disabled={!n} onClick={() => onAdd?.(chosen, total)}>
          {fillString(n == 1 ? words.bundleAddOne : words.bundleAddAll, { count: n })}
        </button>
      </div>
    </div>
  );
}
