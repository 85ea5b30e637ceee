// Add to cart against themes that do things their own way, in Chromium against the built
// embed (dist/), on fixtures/cart.html. Each case is what a real theme, a second script on
// the page or the platform itself can do; the theme's markup and globals are put in before
// the page's own scripts run (addInitScript), the platform's cart endpoints are stand-ins
// routed on the page's origin, each following the document named above it. The service's
// answers are the sandbox's with `customValues.cartIds`, as a service that knows the shop's
// ids sends them.
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { expectRendered, newRecordedPage, settled, slotEvents, type OpenedPage } from './embed/harness';
import { useFixtureSuite } from './embed/useFixtureSuite';
import { idOf, withCartIds } from './cartIds';

const suite = useFixtureSuite('cart-attack');
const SLOTS = ['cart-carousel', 'cart-bundle'];
type Platform = 'shopify' | 'woocommerce' | 'bigcommerce';

interface Shop {
  opened: OpenedPage;
  page: Page;
  /** Add requests: their URL (path, or full URL when not on the page's origin) and body. */
  adds: { url: string; body: unknown; nonce?: string }[];
  /** What the stand-in's cart holds: variant or product ids, one per unit. */
  held: string[];
  plan: {
    /** Shopify: the refusal's `description` (the words in the storefront's language). */
    refuse?: { id: string; words: string; bare?: boolean };
    /** BigCommerce: answer each add this many ms late. */
    delay?: number;
    /** WooCommerce: refuse the next add with this body (`message` empty: a plugin's bare refusal). */
    wooRefusal?: { code: string; message: string };
    /** WooCommerce: answers carry no `Nonce` header (a cache strips it), or GET /cart answers HTML. */
    noNonceHeader?: boolean;
    cartHtml?: boolean;
  };
}


const json = (route: Route, status: number, body: unknown, headers: Record<string, string> = {}) =>
  route.fulfill({ status, contentType: 'application/json', headers, body: JSON.stringify(body) });

async function standIns(shop: Shop, platform: Platform): Promise<void> {
  const { page } = shop;
  if (platform == 'shopify') {
    // https://shopify.dev/docs/api/ajax/reference/cart: "POST /{locale}/cart/add.js" with
    // `{ items: [{ id, quantity }] }` answers 200 `{ items }` (each `id`, `variant_id`, `key`,
    // `quantity`) or 422 `{ status, message, description }`, nothing added; with `sections`,
    // "Bundled section rendering" puts each id's HTML in the answer's `sections`.
    // "GET /{locale}/cart.js": the cart (`item_count`, `items`).
    await page.route(/\/cart\/add\.js$/, async (route) => {
      const url = new URL(route.request().url());
      const body = route.request().postDataJSON() as { items: { id: number; quantity: number }[]; sections?: string };
      shop.adds.push({ url: url.origin == new URL(page.url()).origin ? url.pathname : url.href, body });
      const refused = body.items.find((i) => String(i.id) == shop.plan.refuse?.id);
      if (refused) return json(route, 422, shop.plan.refuse!.bare ? { status: 422 } : { status: 422, message: 'Cart Error', description: shop.plan.refuse!.words });
      for (const i of body.items) for (let n = 0; n < i.quantity; n++) shop.held.push(String(i.id));
      const sections = body.sections && Object.fromEntries(body.sections.split(',').map((id) => [id, `<div class="shopify-section"><span class="cart-count-bubble">${shop.held.length}</span></div>`]));
      return json(route, 200, { items: body.items.map((i) => ({ id: i.id, variant_id: i.id, key: `${i.id}:k`, quantity: i.quantity })), ...(sections && { sections }) });
    });
    await page.route(/\/cart\.js$/, (route) => json(route, 200, { item_count: shop.held.length, items: [] }));
  }
  if (platform == 'woocommerce') {
    // https://developer.woocommerce.com/docs/apis/store-api/resources-endpoints/cart "Add
    // item" (`{ id, quantity, variation }`, answers the cart, `items` with their `id`;
    // refusals `{ code, message, data: { status } }`) and ".../nonce-tokens" (a `Nonce`
    // header on every POST, refused with 403 `woocommerce_rest_invalid_nonce`; each answer,
    // GET /cart included, brings the current one in its `Nonce` header).
    const NONCE = 'fresh-nonce';
    const cart = () => ({ items_count: shop.held.length, items: [...new Set(shop.held)].map((id) => ({ id: Number(id), quantity: shop.held.filter((h) => h == id).length })) });
    const nonce = (): Record<string, string> => (shop.plan.noNonceHeader ? {} : { Nonce: NONCE });
    await page.route('**/wp-json/wc/store/v1/cart/add-item', async (route) => {
      const body = route.request().postDataJSON() as { id: number; quantity: number };
      const sent = route.request().headers().nonce;
      shop.adds.push({ url: '/wp-json/wc/store/v1/cart/add-item', body, nonce: sent });
      if (sent != NONCE) return json(route, 403, { code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.', data: { status: 403 } }, nonce());
      const refusal = shop.plan.wooRefusal;
      if (refusal) return json(route, 400, { ...refusal, data: { status: 400 } }, nonce());
      for (let n = 0; n < body.quantity; n++) shop.held.push(String(body.id));
      return json(route, 201, cart(), nonce());
    });
    await page.route('**/wp-json/wc/store/v1/cart', (route) =>
      shop.plan.cartHtml ? route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Just a moment…</title>' }) : json(route, 200, cart(), { Nonce: NONCE }),
    );
  }
  if (platform == 'bigcommerce') {
    // https://developer.bigcommerce.com/docs/rest-storefront/carts: "Get a cart" (an array,
    // empty without one), "Create a cart" `{ lineItems: [{ productId, quantity }] }`;
    // ".../carts/cart-items" "Add cart line items" to `/carts/{cartId}/items`; both answer
    // the cart (`id`, `lineItems.physicalItems` with `productId`, `variantId`, `quantity`).
    let carts = 0;
    let cart: { id: string; lineItems: { physicalItems: { productId: number; variantId: number; quantity: number }[]; digitalItems: []; customItems: []; giftCertificates: [] } } | null = null;
    await page.route(/\/api\/storefront\/carts/, async (route) => {
      if (route.request().method() == 'GET') return json(route, 200, cart ? [cart] : []);
      const body = route.request().postDataJSON() as { lineItems: { productId: number; quantity: number }[] };
      shop.adds.push({ url: new URL(route.request().url()).pathname, body });
      if (shop.plan.delay) await new Promise((r) => setTimeout(r, shop.plan.delay));
      const path = new URL(route.request().url()).pathname;
      // "Create a cart" makes a new one, which the storefront's cookie then names: an earlier cart is lost.
      if (path == '/api/storefront/carts') {
        cart = { id: `c${++carts}`, lineItems: { physicalItems: [], digitalItems: [], customItems: [], giftCertificates: [] } };
        shop.held = [];
      } else if (!cart || path != `/api/storefront/carts/${cart.id}/items`) return json(route, 404, { status: 404, title: 'Cart not found' });
      cart.lineItems.physicalItems.push(...body.lineItems.map((l) => ({ productId: l.productId, variantId: l.productId * 10, quantity: l.quantity })));
      for (const l of body.lineItems) shop.held.push(String(l.productId));
      return json(route, 200, cart);
    });
  }
}

/**
 * Opens cart.html for `platform`; `theme` runs in the page before any of its scripts (the
 * theme's globals), `markup` goes at the top of its body once parsed (the theme's HTML).
 */
async function open(platform: Platform, query: string, theme?: (() => void) | (() => void)[], markup = ''): Promise<Shop> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const opened = await newRecordedPage(context);
  const shop: Shop = { opened, page: opened.page, adds: [], held: [], plan: {} };
  await opened.page.route(suite.sandbox.url + '/**', withCartIds);
  await standIns(shop, platform);
  for (const script of [theme || []].flat()) await opened.page.addInitScript(script);
  if (markup) await opened.page.addInitScript((html) => document.addEventListener('DOMContentLoaded', () => document.body.insertAdjacentHTML('afterbegin', html)), markup);
  await opened.page.goto(suite.fixtures.page('cart') + `?platform=${platform}&theme=attack${query}`);
  expectRendered(await settled(opened.page, SLOTS), SLOTS);
  return shop;
}

const status = (page: Page, slot: string) => page.locator(`#${slot} .vitrine__status`).textContent();
const cardId = (page: Page, index: number) => page.locator(`#cart-carousel [data-vitrine-index="${index}"] [data-vitrine-cart]`).getAttribute('data-vitrine-cart') as Promise<string>;
const added = (page: Page) => page.evaluate(() => (window as unknown as { cartLog: { added: { products: { id: string }[] }[] } }).cartLog.added);

async function pressCard(page: Page, index: number): Promise<string> {
  const button = page.locator(`#cart-carousel [data-vitrine-index="${index}"] [data-vitrine-cart]`);
  await button.focus();
  await page.keyboard.press('Enter');
  return (await button.getAttribute('data-vitrine-cart'))!;
}

async function pressBundle(shop: Shop): Promise<Shop['adds']> {
  const before = shop.adds.length;
  const add = shop.page.locator('#cart-bundle .vitrine__add');
  await add.scrollIntoViewIfNeeded();
  await add.focus();
  await shop.page.keyboard.press('Enter');
  await expect.poll(() => status(shop.page, 'cart-bundle')).not.toBe('');
  return shop.adds.slice(before);
}

/** Shopify's page data for a product sold in three sizes, as `ShopifyAnalytics.meta` prints it; the fixture's own assignment is ignored. */
function sizedProduct(): void {
  const meta = { meta: { product: { variants: [{ id: 41001, sku: 'MV-KNI-001-S' }, { id: 41002, sku: 'MV-KNI-001-M' }, { id: 41003, sku: 'MV-KNI-001-L' }] } } };
  Object.defineProperty(window, 'ShopifyAnalytics', { get: () => meta, set: () => {}, configurable: true });
}

/** The product's variants as Dawn's picker prints them (`product.variants | json`): two sizes in navy, the large one in rust only, the medium sold out. */
const DAWN_VARIANTS = [
  { id: 41001, title: 'S / Navy', options: ['S', 'Navy'], option1: 'S', option2: 'Navy', sku: 'MV-KNI-001-S', available: true },
  { id: 41002, title: 'M / Navy', options: ['M', 'Navy'], option1: 'M', option2: 'Navy', sku: 'MV-KNI-001-M', available: false },
  { id: 41003, title: 'L / Rust', options: ['L', 'Rust'], option1: 'L', option2: 'Rust', sku: 'MV-KNI-001-L', available: true },
];

/**
 * Dawn's product form and variant picker up to v14 (sections/main-product.liquid,
 * snippets/product-variant-picker.liquid and product-variant-options.liquid): dropdowns
 * named `options[Name]` tied to the form by its id, or a fieldset of buttons per option;
 * the variants' JSON inside the picker; the form's hidden `id` on the variant the page
 * opened with (S, navy).
 */
function dawnPicker(kind: 'selects' | 'radios'): string {
  const options = { Size: ['S', 'M', 'L'], Colour: ['Navy', 'Rust'] };
  const inputs = Object.entries(options).map(([name, values], i) =>
    kind == 'selects'
      ? `<div class="product-form__input product-form__input--dropdown"><label class="form__label" for="Option-main-${i}">${name}</label>` +
        `<div class="select"><select id="Option-main-${i}" class="select__select" name="options[${name}]" form="product-form-main">` +
        values.map((v, n) => `<option value="${v}"${n == 0 ? ' selected' : ''}>${v}</option>`).join('') +
        '</select></div></div>'
      : `<fieldset class="js product-form__input"><legend class="form__label">${name}</legend>` +
        values.map((v, n) => `<input type="radio" id="main-${i + 1}-${n}" name="${name}" value="${v}" form=""${n == 0 ? ' checked' : ''}><label for="main-${i + 1}-${n}">${v}</label>`).join('') +
        '</fieldset>',
  );
  const tag = kind == 'selects' ? 'variant-selects' : 'variant-radios';
  return (
    `<${tag} id="${tag}-main" class="no-js-hidden" data-section="main" data-url="/products/quiberon-crewneck">${inputs.join('')}` +
    `<script type="application/json">${JSON.stringify(DAWN_VARIANTS)}</script></${tag}>` +
    '<product-form class="product-form"><form method="post" action="/cart/add" id="product-form-main" class="form" data-type="add-to-cart-form">' +
    '<input type="hidden" name="form_type" value="product"><input type="hidden" name="id" value="41001" class="product-variant-id">' +
    '<div class="product-form__buttons"><button type="submit" name="add" class="product-form__submit button">Add to cart</button></div></form></product-form>'
  );
}

/**
 * What Dawn's assets/global.js (VariantSelects up to v14, VariantRadios up to v12) does on a
 * change in its picker: the options shown are the dropdowns' values and each fieldset's
 * checked button in order; the variant whose `options` are those goes in the form's `id`
 * and the URL, its button disabled if it is sold out; with none, `id` and URL stay as they
 * were and the button reads "Unavailable", disabled.
 */
function olderDawn(): void {
  class Picker extends HTMLElement {
    connectedCallback() {
      this.addEventListener('change', () => {
        const shown = Array.from(this.querySelectorAll('select, fieldset'), (el) =>
          el instanceof HTMLSelectElement ? el.value : el.querySelector<HTMLInputElement>('input:checked')?.value,
        );
        const variants: { id: number; options: string[]; available: boolean }[] = JSON.parse(this.querySelector('[type="application/json"]')!.textContent!);
        const variant = variants.find((v) => v.options.every((o, i) => o === shown[i]));
        const button = document.querySelector<HTMLButtonElement>(`#product-form-${this.dataset.section} [name="add"]`)!;
        button.disabled = !variant?.available;
        button.textContent = !variant ? 'Unavailable' : variant.available ? 'Add to cart' : 'Sold out';
        if (!variant) return;
        history.replaceState({}, '', location.href.replace(/variant=\d+/, 'variant=' + variant.id));
        document.querySelector<HTMLInputElement>(`#product-form-${this.dataset.section} [name="id"]`)!.value = String(variant.id);
      });
    }
  }
  customElements.define('variant-selects', Picker);
  customElements.define('variant-radios', class extends Picker {});
}

describe('Shopify: the variant the shopper chose, on themes that show it their own way', () => {
  it('a variant picker of radio buttons named `id` (Shopify\'s product form takes the variant from any `id` field): the checked one goes in, not the first', async () => {
    // https://shopify.dev/docs/storefronts/themes/architecture/templates/product#the-product-form:
    // the form posts the variant as `id`; themes without JavaScript pickers render one radio
    // button (or option of a select) per variant, named `id`.
    const form =
      '<form method="post" action="/cart/add"><fieldset>' +
      [41001, 41002, 41003].map((id, i) => `<label><input type="radio" name="id" value="${id}"${i == 0 ? ' checked' : ''}> ${'SML'[i]}</label>`).join('') +
      '</fieldset></form>';
    const shop = await open('shopify', '', sizedProduct, form);
    await shop.page.locator('input[name=id][value="41002"]').check();
    const sent = await pressBundle(shop);
    expect((sent[0].body as { items: { id: number }[] }).items[0]).toEqual({ id: 41002, quantity: 1 });
  });

  it('a combination the shop does not sell: the form\'s `id` is emptied, the URL still names the earlier size; nothing is sent, the shopper is asked to choose', async () => {
    // Dawn's assets/product-info.js sets the form's `id` to '' when the chosen options match
    // no variant; a theme that updates the URL only on a match (as Dawn's variant-selects
    // did before) leaves `?variant=` on the last one that did.
    const form = '<form method="post" action="/cart/add" data-type="add-to-cart-form"><input type="hidden" name="id" value=""></form>';
    const shop = await open('shopify', '&variant=41001', sizedProduct, form);
    expect(await pressBundle(shop)).toEqual([]);
    expect(await status(shop.page, 'cart-bundle')).toBe('Choose the options of Quiberon Crewneck first.');
    expect(shop.held).toEqual([]);
  });

  it('Dawn before v15 (its dropdowns): sizes and colours whose combination the shop does not sell keep the last variant in the form and disable its button; nothing is sent, the shopper is asked to choose', async () => {
    const shop = await open('shopify', '&variant=41001', [sizedProduct, olderDawn], dawnPicker('selects'));
    await shop.page.locator('select[name="options[Colour]"]').selectOption('Rust');
    expect(await shop.page.locator('form [name="id"]').inputValue()).toBe('41001');
    expect(await pressBundle(shop)).toEqual([]);
    expect(await status(shop.page, 'cart-bundle')).toBe('Choose the options of Quiberon Crewneck first.');
    expect(shop.held).toEqual([]);
  });

  it('Dawn before v15 (its buttons): the same with a colour button the size has not; nothing is sent', async () => {
    const shop = await open('shopify', '&variant=41001', [sizedProduct, olderDawn], dawnPicker('radios'));
    await shop.page.locator('input[name="Colour"][value="Rust"]').check();
    expect(await pressBundle(shop)).toEqual([]);
    expect(await status(shop.page, 'cart-bundle')).toBe('Choose the options of Quiberon Crewneck first.');
  });

  it('Dawn before v15: a combination it sells goes in as that variant, and one sold out (its button disabled too) is sent for Shopify to refuse in its own words', async () => {
    const shop = await open('shopify', '&variant=41001', [sizedProduct, olderDawn], dawnPicker('selects'));
    await shop.page.locator('select[name="options[Size]"]').selectOption('L');
    await shop.page.locator('select[name="options[Colour]"]').selectOption('Rust');
    expect(((await pressBundle(shop))[0].body as { items: { id: number }[] }).items[0]).toEqual({ id: 41003, quantity: 1 });
    shop.plan = { refuse: { id: '41002', words: 'The product is already sold out.' } };
    await shop.page.locator('select[name="options[Size]"]').selectOption('M');
    await shop.page.locator('select[name="options[Colour]"]').selectOption('Navy');
    expect(await shop.page.locator('form [name="add"]').isDisabled()).toBe(true);
    await shop.page.locator('#cart-bundle .vitrine__status').evaluate((el) => (el.textContent = ''));
    expect(((await pressBundle(shop))[0].body as { items: { id: number }[] }).items[0]).toEqual({ id: 41002, quantity: 1 });
    expect(await status(shop.page, 'cart-bundle')).toContain('The product is already sold out.');
  });

  it('a picker that changes only the URL (no `id` field in any form): the variant in the URL at the press', async () => {
    const shop = await open('shopify', '&variant=41001', sizedProduct, '<button id="pick-l" type="button">L</button>');
    await shop.page.evaluate(() => document.getElementById('pick-l')!.addEventListener('click', () => history.replaceState({}, '', location.href.replace(/variant=\d+/, 'variant=41003'))));
    await shop.page.locator('#pick-l').click();
    const sent = await pressBundle(shop);
    expect((sent[0].body as { items: { id: number }[] }).items[0]).toEqual({ id: 41003, quantity: 1 });
  });

  it('`Shopify.routes.root` that is not a path of this shop (`//elsewhere/`): the add still goes to the page\'s own origin', async () => {
    const shop = await open('shopify', '', () => {
      const shopify = { shop: 'maison.myshopify.com', routes: { root: '//elsewhere/' } };
      Object.defineProperty(window, 'Shopify', { get: () => shopify, set: () => {}, configurable: true });
    });
    await pressCard(shop.page, 0);
    await expect.poll(() => shop.adds.length).toBe(1);
    expect(shop.adds[0].url).toBe('/cart/add.js');
  });

  it('a storefront in Arabic (`/ar/` root, right to left): the add goes to /ar/cart/add.js and the refusal is said in Shopify\'s Arabic words, entities decoded', async () => {
    const shop = await open('shopify', '', () => {
      const shopify = { shop: 'maison.myshopify.com', routes: { root: '/ar/' } };
      Object.defineProperty(window, 'Shopify', { get: () => shopify, set: () => {}, configurable: true });
      document.documentElement.dir = 'rtl';
    });
    const id = await cardId(shop.page, 1);
    shop.plan = { refuse: { id, words: 'نفدت كمية &quot;القبعة&quot; من المخزون.' } };
    await pressCard(shop.page, 1);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toContain('نفدت كمية "القبعة" من المخزون.');
    expect(shop.adds[0].url).toBe('/ar/cart/add.js');
    expect(await added(shop.page)).toEqual([]);
  });
});

describe('a refusal that carries no words, and presses that overlap', () => {
  it('Shopify: a 422 with no `description` or `message` (an app\'s cart validation): the shopper is told it was not added, nothing announced', async () => {
    const shop = await open('shopify', '');
    shop.plan = { refuse: { id: await cardId(shop.page, 1), words: '', bare: true } };
    await pressCard(shop.page, 1);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toBe('Could not add to the cart. Please try again.');
    expect((await slotEvents(shop.page, 'error')).at(-1)?.detail).toMatchObject({ kind: 'cart', message: expect.stringContaining('HTTP 422') });
    expect(await added(shop.page)).toEqual([]);
  });

  it('BigCommerce, first visit: a card pressed, then "Add all" while the first cart is still being made: one cart holds both presses', async () => {
    const shop = await open('bigcommerce', '');
    shop.plan = { delay: 400 };
    const id = await pressCard(shop.page, 0);
    await pressBundle(shop);
    await expect.poll(async () => (await added(shop.page)).length).toBe(2);
    expect(shop.adds.map((a) => a.url)).toEqual(['/api/storefront/carts', '/api/storefront/carts/c1/items']);
    // Everything both presses sent is in the one cart, the card's product first.
    expect(shop.held).toEqual(shop.adds.flatMap((a) => (a.body as { lineItems: { productId: number }[] }).lineItems.map((l) => String(l.productId))));
    expect(shop.held[0]).toBe(id);
    expect(shop.held.length).toBeGreaterThan(1);
  });
});

describe('the theme\'s own cart code misbehaves: the shopper is still told, once, what the cart holds', () => {
  it('Dawn\'s drawer whose renderContents() throws (a section the theme renamed): announced, vitrine:added-to-cart once, the theme\'s pubsub still told, no page error', async () => {
    // Dawn's assets/cart-drawer.js: getSectionsToRender() and renderContents(parsedState);
    // assets/pubsub.js: publish(eventName, data).
    const shop = await open('shopify', '', () => {
      (window as unknown as { published: string[] }).published = [];
      (window as unknown as { publish: (name: string) => void }).publish = (name) => (window as unknown as { published: string[] }).published.push(name);
      customElements.define(
        'cart-drawer',
        class extends HTMLElement {
          getSectionsToRender() {
            return [{ id: 'cart-drawer' }, { id: 'cart-icon-bubble' }];
          }
          renderContents(state: { sections: Record<string, string> }) {
            (document.getElementById('renamed-section') as HTMLElement).innerHTML = state.sections['cart-drawer'];
          }
        },
      );
    }, '<cart-drawer></cart-drawer>');
    const id = await pressCard(shop.page, 0);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toMatch(/ added to the cart$/);
    expect((shop.adds[0].body as { sections?: string }).sections).toBe('cart-drawer,cart-icon-bubble');
    expect((await added(shop.page)).map((a) => a.products.map((p) => p.id))).toEqual([[id]]);
    expect(await shop.page.evaluate(() => (window as unknown as { published: string[] }).published)).toEqual(['cart-update']);
    expect(shop.opened.errors).toEqual([]);
  });

  it('a page whose `publish` and `jQuery` are getters that throw (a script guarding its globals): the add is still announced and in vitrine:added-to-cart', async () => {
    const shop = await open('shopify', '', () => {
      for (const name of ['publish', 'jQuery'])
        Object.defineProperty(window, name, {
          get() {
            throw new Error(name + ' is private');
          },
        });
    });
    const id = await pressCard(shop.page, 0);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toMatch(/ added to the cart$/);
    expect((await added(shop.page)).map((a) => a.products.map((p) => p.id))).toEqual([[id]]);
    expect(shop.held).toEqual([id]);
  });
});

/** jQuery as far as these themes use it (https://api.jquery.com/on/, https://api.jquery.com/trigger/): each copy keeps its own handlers. */
function jqueryCopies(): void {
  const copy = (version: string) => {
    const handlers: { el: unknown; type: string; fn: (...args: unknown[]) => void }[] = [];
    const $ = (target: unknown) => {
      const els = typeof target == 'string' ? Array.from(document.querySelectorAll(target)) : [target];
      return {
        on(type: string, fn: (...args: unknown[]) => void) {
          els.forEach((el) => handlers.push({ el, type, fn }));
          return this;
        },
        trigger(type: string, extra: unknown[] = []) {
          els.forEach((el) => handlers.filter((h) => h.el === el && h.type === type).forEach((h) => h.fn({ type }, ...extra)));
          return this;
        },
      };
    };
    $.fn = { jquery: version };
    return $;
  };
  Object.assign(window, { makeJQuery: copy });
}

describe('the page\'s jQuery: missing, replaced, or two copies', () => {

  it('Cornerstone, whose `$` listens for cart-quantity-update, and a second jQuery copy on `window.jQuery` (a tag manager\'s): the header count still moves', async () => {
    // Cornerstone's assets/js/theme/global/cart-preview.js: `$('body').on('cart-quantity-update', (event, quantity) => …)` sets the header's `.cart-quantity`.
    const shop = await open('bigcommerce', '', [
      jqueryCopies,
      () => {
        const make = (window as unknown as { makeJQuery: (v: string) => (t: unknown) => { on: (type: string, fn: (e: unknown, q: number) => void) => void } }).makeJQuery;
        const $ = make('3.7.1');
        Object.assign(window, { $, jQuery: make('1.12.4') });
        document.addEventListener('DOMContentLoaded', () => $('body').on('cart-quantity-update', (_e, quantity) => (document.querySelector('.cart-quantity')!.textContent = String(quantity))));
      },
    ], '<span class="cart-quantity">0</span>');
    await pressCard(shop.page, 0);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toMatch(/ added to the cart$/);
    await expect.poll(() => shop.page.locator('.cart-quantity').textContent()).toBe('1');
  });

  it('WooCommerce, classic theme whose side cart listens on `jQuery` while `$` is another jQuery copy (a plugin\'s): the side cart opens', async () => {
    // WooCommerce's assets/js/frontend/add-to-cart.js triggers `added_to_cart` on `jQuery(document.body)`; WordPress runs jQuery in noConflict mode, so `$` may be anyone's.
    const shop = await open('woocommerce', '', [
      jqueryCopies,
      () => {
        const make = (window as unknown as { makeJQuery: (v: string) => (t: unknown) => { on: (type: string, fn: () => void) => void } }).makeJQuery;
        const jQuery = make('3.7.1');
        Object.assign(window, { jQuery, $: make('1.8.3') });
        document.addEventListener('DOMContentLoaded', () => jQuery(document.body).on('added_to_cart', () => (document.getElementById('side-cart')!.hidden = false)));
      },
    ], '<aside id="side-cart" hidden>Your cart</aside>');
    await pressCard(shop.page, 0);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toMatch(/ added to the cart$/);
    await expect.poll(() => shop.page.locator('#side-cart').isVisible()).toBe(true);
  });

  it('WooCommerce with no jQuery at all and `$` taken by a selector helper: the block Mini-Cart is told, the add is announced, no page error', async () => {
    // WooCommerce Blocks' "DOM events": the Mini-Cart reads the cart again on `wc-blocks_added_to_cart` on document.body.
    const shop = await open('woocommerce', '', () => {
      Object.assign(window, { $: (s: string) => document.querySelector(s), miniCartTold: 0 });
      document.addEventListener('DOMContentLoaded', () => document.body.addEventListener('wc-blocks_added_to_cart', () => (window as unknown as { miniCartTold: number }).miniCartTold++));
    });
    const id = await pressCard(shop.page, 0);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toMatch(/ added to the cart$/);
    expect(await shop.page.evaluate(() => (window as unknown as { miniCartTold: number }).miniCartTold)).toBe(1);
    expect(shop.held).toEqual([id]);
    expect(shop.opened.errors).toEqual([]);
  });
});

describe('WooCommerce: nonces and words that come some other way', () => {
  it('a stale page nonce whose 403 brings no fresh header (a cache strips it): the fresh one from GET /cart, the add goes in once', async () => {
    const shop = await open('woocommerce', '&nonce=stale');
    shop.plan = { noNonceHeader: true };
    const id = await pressCard(shop.page, 0);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toMatch(/ added to the cart$/);
    expect(shop.adds.map((a) => a.nonce)).toEqual(['stale0000', 'fresh-nonce']);
    expect(shop.held).toEqual([id]);
  });

  it('a page with no nonce whose GET /cart answers a challenge page (HTML, 200): nothing sent, the shopper told to try again later, vitrine:error kind cart', async () => {
    const shop = await open('woocommerce', '&nonce=none');
    shop.plan = { cartHtml: true };
    await pressCard(shop.page, 0);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toBe('The cart cannot be reached just now. Please try again in a moment.');
    expect(shop.adds).toEqual([]);
    expect((await slotEvents(shop.page, 'error')).at(-1)?.detail).toMatchObject({ kind: 'cart' });
  });

  it('a refusal with no words (a plugin\'s bare 400): the shopper is not shown an HTTP status, the merchant gets it in vitrine:error', async () => {
    const shop = await open('woocommerce', '');
    shop.plan = { wooRefusal: { code: 'my_plugin_blocked', message: '' } };
    await pressCard(shop.page, 1);
    await expect.poll(() => status(shop.page, 'cart-carousel')).not.toBe('');
    expect(await status(shop.page, 'cart-carousel')).not.toMatch(/HTTP|400/);
    expect((await slotEvents(shop.page, 'error')).at(-1)?.detail.message).toContain('400');
    expect(await added(shop.page)).toEqual([]);
  });
});
