import type { EmbedHost } from '../host';
import type { ProductView } from '../../core/template/buildView';
import type { Adapter, CartFailure, CartLine, CartOutcome } from './CartLine';
import { cartStrings } from '../../core/strings/cart';
import { fillString } from '../../core/strings/fillString';
import { readPress, type Press } from './readPress';
import { liveRegion } from './announce';
import { readPageLine } from './readPageLine';
import { refreshCartUi } from './refreshCartUi';
import { list, own } from './confirmed';
import { field } from './sendJson';
import { plainText } from './plainText';
import { shopify } from './shopify';
import { woocommerce } from './woocommerce';
import { bigcommerce } from './bigcommerce';

/** The `cart` setting's values, and the page data that name the platform when it is absent. */
const PLATFORMS: Record<string, string> = { shopify: 'shopify', Shopify: 'shopify', woocommerce: 'woocommerce', wcSettings: 'woocommerce', bigcommerce: 'bigcommerce', BCData: 'bigcommerce' };
const ADAPTERS: Record<string, Adapter> = { shopify, woocommerce, bigcommerce };

/** A refusal without the platform's words: the adapters put its status (`HTTP 400`), which is for the merchant, not the shopper. */
const bare = (message: string) => /^HTTP \d{3}$/.test(message);
const detailOf = (line: CartLine) => ({ name: line.product.product_name, sku: line.product.product_sku, price: line.product._amount, url: line.product.product_currentPageUrl, id: line.id, quantity: line.quantity });
// Summed in cents, as the bundle's total is.
const totalOf = (lines: CartLine[]) => lines.reduce((sum, l) => sum + Math.round(l.product._amount * 100) * l.quantity, 0) / 100;

/**
 * The cart chunk: a press of a widget's add-to-cart button (a card's, or the bundle's
 * "add all") sends a cancelable `vitrine:add-to-cart`; a listener that calls
 * `preventDefault()` adds by itself (and may hand its promise to `detail.waitUntil`),
 * else the page's cart adapter adds. The outcome is said in the widget's live region,
 * `vitrine:added-to-cart` carries what the platform's answer lists as in the cart,
 * `vitrine:error` (kind `cart`) what went wrong; before it, `vitrine:cart-updated`
 * (cancelable) hands the platform's answer to a theme's own code, else the reference
 * theme's cart UI is told (refreshCartUi). A pressed button is busy (`aria-disabled`,
 * presses ignored) until the answer: one press adds once, and presses are sent one
 * after the other. Nothing here reads or stores anything about the shopper, so it needs
 * no consent.
 */
export function cartPlugin(host: EmbedHost): void {
  const { win, doc } = host;
  const busy = new WeakSet<Element>();
  let words: Record<string, string> = cartStrings;
  void host.strings().then((t) => (words = { ...cartStrings, ...t }), () => {});
  const say = (key: keyof typeof cartStrings, values: Record<string, string | number> = {}) => fillString(words[key], values);
  const platform = () => PLATFORMS[(host.context() as { cart?: string }).cart || ''] || '';
  const send = (slot: Element, name: string, detail: unknown, cancelable = false) =>
    slot.dispatchEvent(new (win as typeof window).CustomEvent('vitrine:' + name, { bubbles: true, cancelable, detail }));

  /**
   * What each product's cart takes, read at the press: a card's cart id (digits; on
   * BigCommerce `product:variant` too), the page's product as the variant the shopper
   * chose on the page, else no id (never a guess: another id would add another product).
   */
  const lineOf = (p: ProductView): CartLine => {
    const which = platform();
    if (p.product_index == '0' && !p.product_cartId) return { product: p, quantity: 1, ...(which ? readPageLine(win, which, p.product_sku) : { id: p.product_sku }) };
    const id = p.product_cartId;
    return { product: p, id: !which || (which == 'bigcommerce' ? /^\d+(:\d+)?$/ : /^\d+$/).test(id) ? id : '', quantity: 1 };
  };
  // One press's adds after the other's: WooCommerce opens a guest session, BigCommerce a
  // cart, on a shopper's first add, and two first adds side by side would open two.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work);
    queue = turn.catch(() => {});
    return turn;
  };

  /**
   * What the page's own code says it added: its `waitUntil` promise resolving with nothing
   * is every product; with `{ added: [sku…], failed: [{ sku, message, options }] }`, only
   * the products it lists as added, the failed ones with its words (`options`: the shopper
   * has to choose a size or colour first); one it names in neither list is not said.
   */
  const pageOutcome = (lines: CartLine[], told: unknown): CartOutcome => {
    if (!own(told, 'added')) return { added: lines, failed: [] };
    const added = list(told, 'added');
    const failed = list(told, 'failed');
    const outcome: CartOutcome = { added: [], failed: [] };
    for (const line of lines) {
      const sku = line.product.product_sku;
      const why = failed.find((f) => field(f, 'sku') == sku);
      if (added.some((a) => a === sku)) outcome.added.push(line);
      else if (why) outcome.failed.push({ line, message: plainText(win, field(why, 'message')), options: own(why, 'options') === true });
    }
    return outcome;
  };

  async function press(button: Element, { root, products, source }: Press): Promise<void> {
    const slot = root.parentElement || root;
    const region = liveRegion(root);
    const lines = products.map(lineOf);
    let work: Promise<unknown> | undefined;
    const detail = {
      products: lines.map(detailOf),
      total: totalOf(lines),
      currency: host.context().currency,
      source,
      waitUntil: (promise: Promise<unknown>) => void (work = Promise.resolve(promise)),
    };
    const handled = !send(slot, 'add-to-cart', detail, true);
    const adapter = ADAPTERS[platform()];
    if (!handled && !adapter) return;
    busy.add(button);
    button.setAttribute('aria-disabled', 'true');
    let outcome: CartOutcome | undefined;
    let failure: CartFailure | undefined;
    try {
      if (handled) outcome = work ? await work.then((told) => pageOutcome(lines, told)) : undefined;
      else {
        // The page's product with options still to choose holds the whole press back: adding
        // the rest now would add them twice when the shopper presses again.
        const held = lines.some((l) => l.unchosen);
        const known = held ? [] : lines.filter((l) => l.id);
        const unknown = lines.filter((l) => l.unchosen || (!held && !l.id)).map((line) => ({ line, message: '', options: line.unchosen }));
        outcome = known.length ? await inTurn(() => adapter(win, known)) : { added: [], failed: [] };
        outcome.failed.unshift(...unknown);
      }
    } catch (error) {
      failure = error && typeof (error as CartFailure).message == 'string' ? (error as CartFailure) : { message: 'network', status: 0 };
    } finally {
      busy.delete(button);
      button.removeAttribute('aria-disabled');
    }
    report(slot, region, outcome, failure, handled ? 'page' : platform());
  }

  function report(slot: Element, region: HTMLElement, outcome: CartOutcome | undefined, failure: CartFailure | undefined, via: string): void {
    const said: string[] = [];
    if (outcome?.added.length) {
      const added = outcome.added;
      said.push(added.length == 1 ? say('cartAdded', { name: added[0].product.product_name }) : say('cartAddedMany', { count: added.length }));
      const products = added.map(detailOf);
      // The one hook for a theme Vitrine does not know: the platform's answer and cart; a
      // listener that calls preventDefault() updates the theme's cart UI itself.
      // The theme's code runs there: whatever it throws, the shopper is still told below.
      if (via != 'page' && send(slot, 'cart-updated', { platform: via, products, answer: outcome.answer, cart: outcome.cart }, true))
        try {
          refreshCartUi(win, via, outcome);
        } catch {
          /* the theme's cart UI stays as it was */
        }
      send(slot, 'added-to-cart', { products, total: totalOf(added), currency: host.context().currency, platform: via, cart: outcome.cart });
    }
    for (const { line, message, failure: lost, options } of outcome?.failed || []) {
      const name = line.product.product_name;
      const why = lost ? lost.message : options ? 'options not chosen' : !line.id ? 'no cart id' : message || 'not in the cart the platform answered';
      said.push(
        lost
          ? say(lost.message == 'timeout' ? 'cartNoAnswer' : lost.message == 'nonce' ? 'cartNoSession' : 'cartFailed')
          : options
            ? say('cartChooseOptions', { name })
            : !line.id
              ? say('cartNoId', { name })
              : message && !bare(message)
                ? say('cartRefused', { name, message })
                : message
                  ? say('cartFailed')
                : say('cartNotHeld', { name }),
      );
      send(slot, 'error', { kind: 'cart', message: `${name} (${line.id || 'no cart id'}): ${why}${options && message ? ' (' + message + ')' : ''}`, status: lost?.status || 0 });
    }
    if (failure) {
      said.push(say(failure.message == 'timeout' ? 'cartNoAnswer' : failure.message == 'nonce' ? 'cartNoSession' : 'cartFailed'));
      send(slot, 'error', { kind: 'cart', message: `${via} cart: ${failure.message}${failure.status ? ' (HTTP ' + failure.status + ')' : ''}`, status: failure.status });
    }
    if (said.length) region.textContent = [...new Set(said)].join(' ');
  }

  // Capture on the document: before the widget's own handlers, so a busy button's press
  // goes nowhere (a second press of the bundle's button adds nothing twice).
  doc.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('.vitrine [data-vitrine-cart]');
      if (!button) return;
      if (busy.has(button) || button.getAttribute('aria-disabled') == 'true') {
        event.stopPropagation();
        return;
      }
      const asked = readPress(button);
      if (asked?.products.length) void press(button, asked).catch(() => {});
    },
    true,
  );
}
