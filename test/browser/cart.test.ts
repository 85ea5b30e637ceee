// Add to cart from widgets, in Chromium against the built embed (dist/), on
// fixtures/cart.html with the platform's page data of each platform (?platform=…). The
// platforms' cart endpoints are stand-ins routed on the page's own origin; each follows
// the platform's documentation, named above it. The service's answers are the sandbox's,
// with `customValues.cartIds` added as a service that knows the shop's ids sends them
// (README "Add to cart"); one product is left without an id.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { expectRendered, newRecordedPage, records, settled, slotEvents, type OpenedPage } from './embed/harness';
import { useFixtureSuite } from './embed/useFixtureSuite';

const suite = useFixtureSuite('cart');
const SLOTS = ['cart-carousel', 'cart-bundle'];
type Platform = 'shopify' | 'woocommerce' | 'bigcommerce';

/** What a stand-in does with the next add: answer, refuse a product, fail, or hang. */
interface Plan {
  refuse?: string;
  /** WooCommerce: refuse in the store's words, entities and markup as it sends them. */
  words?: string;
  fail?: 'network' | 'html' | 500 | 'hang';
  delay?: number;
  /** WooCommerce: the Store API hands out no nonce (a cache or firewall strips the header). */
  noNonce?: boolean;
  /** Answer success but leave the product out of the cart. */
  drop?: string;
  /** Shopify: a variant deleted since the page was rendered. */
  gone?: string;
  /** BigCommerce: refuse whichever product comes second in the next request of several. */
  refuseSecond?: boolean;
  /** WooCommerce: a variable product's parent id, which the Store API takes only with a variation. */
  variable?: string;
}

interface Shop {
  opened: OpenedPage;
  page: Page;
  /** Bodies of the add requests, in order. */
  adds: unknown[];
  /** Headers of the add requests. */
  headers: Record<string, string>[];
  plan: Plan;
  /** What the stand-in's cart holds: product or variant ids, one entry per unit. */
  held: string[];
  /** BigCommerce: carts created; WooCommerce: add requests in flight at once, at most. */
  created: number;
  overlap: number;
}

const idOf = (sku: string) => String(70000 + [...sku].reduce((n, c) => n * 31 + c.charCodeAt(0), 7) % 20000);
let unmapped = '';

/** The service answer with the shop's ids, as a service that knows them sends them. */
async function withCartIds(route: Route): Promise<void> {
  const res = await route.fetch();
  if (!(res.headers()['content-type'] || '').includes('json')) return route.fulfill({ response: res });
  const body = await res.json();
  if (Array.isArray(body.products)) {
    const skus: string[] = body.products.map((p: { sku: string }) => p.sku);
    if (body.widgetType == 'trending') unmapped = skus[2];
    body.customValues = { ...body.customValues, cartIds: Object.fromEntries(skus.filter((s) => s != unmapped).map((s) => [s, idOf(s)])) };
  }
  await route.fulfill({ response: res, json: body });
}

const json = (route: Route, status: number, body: unknown, headers: Record<string, string> = {}) =>
  route.fulfill({ status, contentType: 'application/json', headers, body: JSON.stringify(body) });

/** Runs the plan's failure, if any; true when the route was answered. */
async function failed(route: Route, plan: Plan): Promise<boolean> {
  if (plan.delay) await new Promise((r) => setTimeout(r, plan.delay));
  if (plan.fail == 'network') return route.abort('connectionreset').then(() => true);
  if (plan.fail == 'html') return route.fulfill({ status: 200, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }).then(() => true);
  if (plan.fail == 500) return route.fulfill({ status: 500, contentType: 'text/html', body: 'Internal Server Error' }).then(() => true);
  if (plan.fail == 'hang') return new Promise(() => {});
  return false;
}

/** Variants the stand-ins know beside the cards' ids: the page's sized product (Shopify 41001–41003, WooCommerce 51–52). */
const VARIANTS = ['41001', '41002', '41003', '51', '52', '112'];

async function standIns(shop: Shop, platform: Platform): Promise<void> {
  const { page } = shop;
  const known = (id: unknown) => String(id) != shop.plan.gone && (VARIANTS.includes(String(id)) || /^[789]\d{4}$/.test(String(id)));
  if (platform == 'shopify') {
    // https://shopify.dev/docs/api/ajax/reference/cart, "POST /{locale}/cart/add.js":
    // `{ items: [{ id, quantity }] }`; 200 `{ items: [...] }` (each with `id`, `variant_id`,
    // `key`, `quantity`), or 422 `{ status, message, description }` (404 for a variant that
    // does not exist) and nothing added; "Bundled section rendering": with `sections`, the
    // answer's `sections` holds each id's HTML after the add. "GET /{locale}/cart.js": the cart.
    const section = (id: string) =>
      id == 'cart-drawer'
        ? `<div id="shopify-section-cart-drawer" class="shopify-section"><div id="CartDrawer">${shop.held.length} items: ${shop.held.join(' ')}</div></div>`
        : `<div id="shopify-section-cart-icon-bubble" class="shopify-section"><span class="cart-count-bubble">${shop.held.length}</span></div>`;
    await page.route('**/cart/add.js', async (route) => {
      const body = route.request().postDataJSON() as { items: { id: number; quantity: number }[]; sections?: string; sections_url?: string };
      shop.adds.push(body);
      if (await failed(route, shop.plan)) return;
      const gone = body.items.find((i) => !known(i.id));
      if (gone) return json(route, 404, { status: 404, message: 'Cart Error', description: 'Cannot find variant' });
      const refused = body.items.find((i) => String(i.id) == shop.plan.refuse);
      if (refused) return json(route, 422, { status: 422, message: 'Cart Error', description: 'The product is already sold out.' });
      const kept = body.items.filter((i) => String(i.id) != shop.plan.drop);
      for (const i of kept) for (let n = 0; n < i.quantity; n++) shop.held.push(String(i.id));
      const sections = body.sections ? Object.fromEntries(body.sections.split(',').map((id) => [id, section(id)])) : undefined;
      return json(route, 200, { items: kept.map((i) => ({ id: i.id, variant_id: i.id, key: `${i.id}:abc`, quantity: i.quantity })), ...(sections && { sections }) });
    });
    await page.route('**/cart.js', (route) => json(route, 200, { token: 'c1', item_count: shop.held.length, items: [] }));
  }
  if (platform == 'woocommerce') {
    // https://developer.woocommerce.com/docs/apis/store-api/resources-endpoints/cart, "Add
    // item": POST /wp-json/wc/store/v1/cart/add-item `{ id, quantity, variation }`, answers
    // the cart (`items`, each with its `id`, `items_count`); errors `{ code, message, data:
    // { status } }`. ".../nonce-tokens": a `Nonce` header on each POST (403
    // `woocommerce_rest_invalid_nonce` otherwise), the current one in each answer's
    // `Nonce` header, GET /cart included. A variable product's parent id without its
    // variation: "No matching variation found." (WooCommerce's CartController).
    const NONCE = 'a1b2c3d4e5';
    const cart = () => ({ items_count: shop.held.length, items: [...new Set(shop.held)].map((id) => ({ id: Number(id), quantity: shop.held.filter((h) => h == id).length })) });
    const nonce = (): Record<string, string> => (shop.plan.noNonce ? {} : { Nonce: NONCE });
    let inFlight = 0;
    await page.route('**/wp-json/wc/store/v1/cart/add-item', async (route) => {
      const body = route.request().postDataJSON() as { id: number; quantity: number; variation?: { attribute: string; value: string }[] };
      shop.adds.push(body);
      shop.headers.push(route.request().headers());
      shop.overlap = Math.max(shop.overlap, ++inFlight);
      try {
        if (await failed(route, shop.plan)) return;
        if (route.request().headers().nonce != NONCE) return await json(route, 403, { code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.', data: { status: 403 } }, nonce());
        if (body.id == 50 || String(body.id) == shop.plan.variable) return await json(route, 400, { code: 'woocommerce_rest_variation_id_from_variation_data', message: 'No matching variation found.', data: { status: 400 } }, nonce());
        if (String(body.id) == shop.plan.refuse)
          return await json(route, 400, { code: 'woocommerce_rest_product_out_of_stock', message: shop.plan.words || 'You cannot add that amount to the cart because there is not enough stock.', data: { status: 400 } }, nonce());
        if (String(body.id) != shop.plan.drop) for (let n = 0; n < body.quantity; n++) shop.held.push(String(body.id));
        return await json(route, 201, cart(), nonce());
      } finally {
        inFlight--;
      }
    });
    await page.route('**/wp-json/wc/store/v1/cart', (route) => json(route, 200, cart(), nonce()));
  }
  if (platform == 'bigcommerce') {
    // https://developer.bigcommerce.com/docs/rest-storefront/carts, "Get a cart" (an
    // array, empty without a cart) and "Create a cart"; ".../carts/cart-items", "Add cart
    // line items": `{ lineItems: [{ productId, quantity, variantId?, optionSelections? }] }`,
    // answers the cart (`id`, `lineItems.physicalItems`). A product with a required option
    // sent without it: 422 "Missing or incorrect required fields".
    let cart: { id: string; lineItems: { physicalItems: { productId: number; variantId?: number; quantity: number }[]; digitalItems: []; customItems: []; giftCertificates: [] } } | null = null;
    await page.route(/\/api\/storefront\/carts/, async (route) => {
      const req = route.request();
      if (req.method() == 'GET') return json(route, 200, cart ? [cart] : []);
      const body = req.postDataJSON() as { lineItems: { productId: number; quantity: number; variantId?: number; optionSelections?: { optionId: number; optionValue: number }[] }[] };
      const path = new URL(req.url()).pathname;
      shop.adds.push({ url: path, ...body });
      if (await failed(route, shop.plan)) return;
      if (shop.plan.refuseSecond && body.lineItems.length > 1) shop.plan = { refuse: String(body.lineItems[1].productId) };
      if (path.endsWith('/items') && (!cart || !path.includes(cart.id))) return json(route, 404, { status: 404, title: 'Cart not found' });
      if (body.lineItems.some((l) => l.productId == 112 && !l.optionSelections?.some((o) => o.optionId == 150)))
        return json(route, 422, { status: 422, title: 'Missing or incorrect required fields' });
      if (body.lineItems.some((l) => String(l.productId) == shop.plan.refuse)) return json(route, 422, { status: 422, title: 'This product is out of stock.', type: 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes' });
      if (!cart) shop.created++;
      cart ||= { id: `cart-${shop.created}`, lineItems: { physicalItems: [], digitalItems: [], customItems: [], giftCertificates: [] } };
      const kept = body.lineItems.filter((l) => String(l.productId) != shop.plan.drop);
      cart.lineItems.physicalItems.push(...kept.map(({ productId, variantId, quantity }) => ({ productId, variantId: variantId ?? productId * 10, quantity })));
      for (const l of kept) shop.held.push(String(l.productId));
      return json(route, 200, cart);
    });
  }
}

async function open(platform: Platform | 'page', query = ''): Promise<Shop> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const opened = await newRecordedPage(context);
  const shop: Shop = { opened, page: opened.page, adds: [], headers: [], plan: {}, held: [], created: 0, overlap: 0 };
  await opened.page.route(suite.sandbox.url + '/**', withCartIds);
  if (platform != 'page') await standIns(shop, platform);
  await opened.page.goto(suite.fixtures.page('cart') + `?platform=${platform}${query}`);
  expectRendered(await settled(opened.page, SLOTS), SLOTS);
  // The cart chunk waits until a shopper reaches for a button (points at it, tabs to it):
  // every press below is the first one the chunk sees or comes while it is on its way.
  expect(await opened.page.evaluate(() => !!document.querySelector('script[src$="vitrine-cart.js"]'))).toBe(false);
  return shop;
}

const status = (page: Page, slot: string) => page.locator(`#${slot} .vitrine__status`).textContent();
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-vitrine-cart') ?? document.activeElement?.className ?? '');

/** Presses a card's button from the keyboard: focus it, then Enter. */
async function pressCard(page: Page, index: number, times = 1): Promise<string> {
  const button = page.locator(`#cart-carousel [data-vitrine-index="${index}"] [data-vitrine-cart]`);
  await button.focus();
  for (let i = 0; i < times; i++) await page.keyboard.press('Enter');
  return (await button.getAttribute('data-vitrine-cart'))!;
}

describe.each(['shopify', 'woocommerce', 'bigcommerce'] as const)('%s cart adapter (detected from the page data)', (platform) => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await open(platform);
  });

  it('a card adds once per press, even pressed twice; focus stays; the live region and the page\'s cart count say so', async () => {
    const { page } = shop;
    shop.plan = { delay: 300 };
    const id = await pressCard(page, 0, 2);
    await expect.poll(() => status(page, 'cart-carousel')).toMatch(/ added to the cart$/);
    expect(shop.adds).toHaveLength(1);
    const sent = shop.adds[0];
    if (platform == 'shopify') expect(sent).toEqual({ items: [{ id: Number(id), quantity: 1 }] });
    if (platform == 'woocommerce') {
      expect(sent).toEqual({ id: Number(id), quantity: 1 });
      expect(shop.headers[0].nonce).toBe('a1b2c3d4e5');
    }
    if (platform == 'bigcommerce') expect(sent).toEqual({ url: '/api/storefront/carts', lineItems: [{ productId: Number(id), quantity: 1 }] });
    expect(await focused(page)).toBe(id);
    await expect.poll(() => page.locator('#count').textContent()).toBe('1');
    const [added] = await slotEvents(page, 'add-to-cart');
    expect(added.id).toBe('cart-carousel');
    expect(added.detail).toMatchObject({ source: 'card', currency: 'EUR', products: [{ id, quantity: 1 }] });
  });

  it('a product without a platform id has no button', async () => {
    const cell = shop.page.locator('#cart-carousel [data-vitrine-index="2"]');
    await expect(cell.locator('a[href]').count()).resolves.toBe(1);
    await expect(cell.locator('[data-vitrine-cart]').count()).resolves.toBe(0);
  });

  it('the platform\'s refusal is said in its own words; vitrine:error kind cart', async () => {
    const { page } = shop;
    const id = await page.locator('#cart-carousel [data-vitrine-index="1"] [data-vitrine-cart]').getAttribute('data-vitrine-cart');
    shop.plan = { refuse: id! };
    await pressCard(page, 1);
    const words = { shopify: 'The product is already sold out.', woocommerce: 'You cannot add that amount to the cart because there is not enough stock.', bigcommerce: 'This product is out of stock.' }[platform];
    await expect.poll(() => status(page, 'cart-carousel')).toContain(words);
    const errors = await slotEvents(page, 'error');
    expect(errors.at(-1)?.detail).toMatchObject({ kind: 'cart' });
    expect(shop.opened.errors).toEqual([]);
  });

  it('no answer (network, HTML page, 500): a clear message, nothing added twice, the page keeps working', async () => {
    const { page } = shop;
    for (const fail of ['network', 'html', 500] as const) {
      shop.plan = { fail };
      const before = shop.adds.length;
      await page.evaluate(() => document.querySelectorAll('.vitrine__status').forEach((s) => (s.textContent = '')));
      await pressCard(page, 3);
      await expect.poll(() => status(page, 'cart-carousel')).toBe('Could not add to the cart. Please try again.');
      expect(shop.adds.length - before).toBe(1);
    }
    expect((await slotEvents(page, 'error')).filter((e) => e.detail.kind == 'cart').length).toBeGreaterThanOrEqual(4);
    expect(shop.opened.errors).toEqual([]);
  });

  it('the bundle adds the chosen products from the keyboard: one request where the platform takes several (Shopify, BigCommerce), one per product on WooCommerce', async () => {
    const { page } = shop;
    shop.plan = {};
    await page.locator('#cart-bundle').scrollIntoViewIfNeeded();
    const addons = await page.locator('#cart-bundle .vitrine__bundle-item[data-vitrine-index]').evaluateAll((items) => items.length);
    const before = shop.adds.length;
    const add = page.locator('#cart-bundle .vitrine__add');
    await add.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page, 'cart-bundle')).toMatch(/added to the cart/);
    const sent = shop.adds.slice(before);
    const anchorId = { shopify: '41001', woocommerce: '', bigcommerce: '' }[platform];
    if (platform == 'shopify') {
      expect(sent).toHaveLength(1);
      expect((sent[0] as { items: { id: number }[] }).items.map((i) => String(i.id))[0]).toBe(anchorId);
    }
    if (platform == 'bigcommerce') expect(sent).toHaveLength(1);
    if (platform == 'woocommerce') expect(sent).toHaveLength(addons);
    expect(await focused(page)).toBe('');
    expect(shop.opened.errors).toEqual([]);
  });
});

describe('a cart endpoint that never answers', () => {
  it('gives up after 10 s on the page\'s clock, says so, and sends nothing again', async () => {
    const shop = await open('shopify');
    await shop.page.clock.install();
    shop.plan = { fail: 'hang' };
    await pressCard(shop.page, 0);
    await expect.poll(() => shop.adds.length).toBe(1);
    await shop.page.clock.fastForward(10_500);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toBe('The cart did not answer. Check your cart before trying again.');
    await pressCard(shop.page, 0);
    await expect.poll(() => shop.adds.length).toBe(2);
  });
});

describe('without an adapter: the page adds by itself', () => {
  it('preventDefault + waitUntil: the page\'s code adds by SKU, the widget says it worked, one press adds once', async () => {
    const shop = await open('page');
    await pressCard(shop.page, 0, 2);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toMatch(/ added to the cart$/);
    const adds = await shop.page.evaluate(() => (window as unknown as { pageAdds: string[][] }).pageAdds);
    expect(adds).toHaveLength(1);
    expect(adds[0][0]).toMatch(/^MV-/);
    await expect.poll(() => shop.page.locator('#count').textContent()).toBe('1');
    // The page's own product and its add-ons, by SKU, in one event.
    await shop.page.locator('#cart-bundle .vitrine__add').click();
    await expect.poll(() => shop.page.evaluate(() => (window as unknown as { pageAdds: string[][] }).pageAdds.length)).toBe(2);
    const bundle = await shop.page.evaluate(() => (window as unknown as { pageAdds: string[][] }).pageAdds[1]);
    expect(bundle[0]).toBe('MV-KNI-001');
  });
});

describe('the demo shop (no adapter: shop.js adds through preventDefault + waitUntil)', () => {
  it('adds from a carousel card and from the bundle; the header\'s cart count follows', async () => {
    const { createShop } = await import('../../demo/shop/createShop');
    const { mkdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const shop = await createShop({ port: 0, apiUrl: suite.sandbox.url, orgId: suite.sandbox.orgId, apiKey: suite.sandbox.apiKey });
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(shop.url + '/');
      // Products sold in one size: the one sold in several is the next test's.
      const single = (selector: string) => `#home-trending [data-vitrine-index]:not(:has(a[href="/products/quiberon-crewneck"])) ${selector}`;
      const button = page.locator(single('[data-vitrine-cart]')).first();
      await button.scrollIntoViewIfNeeded();
      await button.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('[data-cart-count]').textContent()).toBe('1');
      await expect.poll(() => page.locator('#home-trending .vitrine__status').textContent()).toMatch(/ added to the cart$/);
      await Promise.all([page.waitForURL(/\/products\//), page.locator(single('a[href^="/products/"]')).first().click()]);
      const add = page.locator('#pdp-bundle .vitrine__add');
      await add.scrollIntoViewIfNeeded();
      const sizedAddon = page.locator('#pdp-bundle .vitrine__bundle-item:has(a[href="/products/quiberon-crewneck"]) input[type=checkbox]');
      if (await sizedAddon.count()) await sizedAddon.uncheck();
      const chosen = Number((await add.textContent())!.replace(/\D/g, '') || 1);
      await add.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('[data-cart-count]').textContent()).toBe(String(1 + chosen));
      await expect.poll(() => page.locator('#pdp-bundle .vitrine__status').textContent()).toBe(`${chosen} products added to the cart`);
      const dir = join(process.cwd(), 'test', 'artifacts', 'cart');
      mkdirSync(dir, { recursive: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(dir, 'demo-shop-header.png') });
      await add.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(dir, 'demo-shop-bundle.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await shop.close();
    }
  }, 90_000);
});

const log = (page: Page) => page.evaluate(() => (window as unknown as { cartLog: { added: { products: { id: string }[]; total: number }[]; updated: { platform: string }[]; published: { name: string; source: string }[]; jquery: string[]; sideCart?: object } }).cartLog);
const cardId = (page: Page, index: number) => page.locator(`#cart-carousel [data-vitrine-index="${index}"] [data-vitrine-cart]`).getAttribute('data-vitrine-cart') as Promise<string>;
const clearStatus = (page: Page) => page.evaluate(() => document.querySelectorAll('.vitrine__status').forEach((s) => (s.textContent = '')));

/** Presses the bundle's "Add all" from the keyboard; the requests it sent. */
async function pressBundle(shop: Shop): Promise<unknown[]> {
  const before = shop.adds.length;
  const add = shop.page.locator('#cart-bundle .vitrine__add');
  await add.scrollIntoViewIfNeeded();
  await add.focus();
  await shop.page.keyboard.press('Enter');
  await expect.poll(() => status(shop.page, 'cart-bundle')).not.toBe('');
  return shop.adds.slice(before);
}

describe('the page\'s own product goes in as the variant the shopper chose, read at the press', () => {
  it('Shopify: the product form\'s variant after the shopper picks L on ?variant=41002 (not the first variant); another product\'s quick-add form is not taken', async () => {
    const shop = await open('shopify', '&product=sizes&variant=41002');
    await shop.page.locator('input[name=Size][value="41003"]').check();
    expect(shop.page.url()).toContain('variant=41003');
    const sent = (await pressBundle(shop)) as { items: { id: number }[] }[];
    expect(sent[0].items[0]).toEqual({ id: 41003, quantity: 1 });
    await expect.poll(() => status(shop.page, 'cart-bundle')).toMatch(/products added to the cart$/);
    expect(shop.held[0]).toBe('41003');
  });

  it('Shopify: several variants and none chosen: nothing is sent, the shopper is asked to choose; a variant deleted since: the platform\'s words, nothing announced', async () => {
    const shop = await open('shopify', '&product=sizes&chosen=none');
    expect(await pressBundle(shop)).toEqual([]);
    expect(await status(shop.page, 'cart-bundle')).toBe('Choose the options of Quiberon Crewneck first.');
    expect((await slotEvents(shop.page, 'error')).at(-1)?.detail).toMatchObject({ kind: 'cart' });
    await shop.page.locator('input[name=Size][value="41002"]').check();
    shop.plan = { gone: '41002' };
    await clearStatus(shop.page);
    const sent = (await pressBundle(shop)) as { items: { id: number }[] }[];
    // The whole request refused for the deleted variant, then one by one: the add-ons go in.
    expect(sent[1]).toEqual({ items: [{ id: 41002, quantity: 1 }] });
    await expect.poll(() => status(shop.page, 'cart-bundle')).toContain('Quiberon Crewneck not added: Cannot find variant');
    const added = (await log(shop.page)).added;
    expect(added.flatMap((a) => a.products.map((p) => p.id))).not.toContain('41002');
    expect(shop.held).not.toContain('41002');
  });

  it('WooCommerce: the chosen variation_id with its attributes; no variation chosen: nothing sent; a card with a variable product\'s parent id: asked to choose', async () => {
    const shop = await open('woocommerce', '&product=variable');
    expect(await pressBundle(shop)).toEqual([]);
    expect(await status(shop.page, 'cart-bundle')).toBe('Choose the options of Quiberon Crewneck first.');
    await shop.page.locator('select[name=attribute_pa_size]').selectOption('m');
    await clearStatus(shop.page);
    const sent = await pressBundle(shop);
    expect(sent[0]).toEqual({ id: 52, quantity: 1, variation: [{ attribute: 'pa_size', value: 'm' }] });
    await expect.poll(() => status(shop.page, 'cart-bundle')).toMatch(/products added to the cart$/);
    shop.plan = { variable: await cardId(shop.page, 1) };
    await pressCard(shop.page, 1);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toMatch(/^Choose the options of .+ first\.$/);
    expect((await slotEvents(shop.page, 'error')).at(-1)?.detail.message).toContain('No matching variation found.');
  });

  it('BigCommerce: the chosen options as optionSelections; a required option not picked: nothing sent', async () => {
    const shop = await open('bigcommerce', '&product=options');
    expect(await pressBundle(shop)).toEqual([]);
    expect(await status(shop.page, 'cart-bundle')).toBe('Choose the options of Quiberon Crewneck first.');
    await shop.page.locator('input[name="attribute[150]"][value="202"]').check();
    await clearStatus(shop.page);
    const sent = (await pressBundle(shop)) as { lineItems: unknown[] }[];
    expect(sent[0].lineItems[0]).toEqual({ productId: 112, quantity: 1, optionSelections: [{ optionId: 150, optionValue: 202 }] });
    await expect.poll(() => status(shop.page, 'cart-bundle')).toMatch(/products added to the cart$/);
    expect(shop.held).toContain('112');
  });
});

describe('the reference theme\'s own cart UI follows, with no merchant code', () => {
  it('Shopify, Dawn: the add asks for the drawer\'s and bubble\'s sections and hands them to the drawer; cart-update is published', async () => {
    const shop = await open('shopify', '&theme=dawn');
    const id = await pressCard(shop.page, 0);
    await expect.poll(() => shop.page.locator('#cart-icon-bubble .cart-count-bubble').textContent()).toBe('1');
    expect(shop.adds[0]).toMatchObject({ sections: 'cart-drawer,cart-icon-bubble', sections_url: '/cart.html' });
    expect(await shop.page.locator('#CartDrawer').textContent()).toBe(`1 items: ${id}`);
    expect(await shop.page.locator('cart-drawer').getAttribute('class')).toContain('active');
    const seen = await log(shop.page);
    expect(seen.published).toEqual([{ name: 'cart-update', source: 'vitrine', variant: Number(id) }]);
    expect(seen.updated[0]).toMatchObject({ platform: 'shopify' });
    expect(shop.opened.errors).toEqual([]);
  });

  it('a theme of its own: vitrine:cart-updated carries the answer; preventDefault() keeps Vitrine\'s hands off the theme', async () => {
    const shop = await open('shopify', '&theme=dawn&hook=own');
    await pressCard(shop.page, 0);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toMatch(/ added to the cart$/);
    const seen = await log(shop.page);
    expect(seen.updated).toHaveLength(1);
    expect(seen.updated[0]).toMatchObject({ platform: 'shopify', answer: { sections: { 'cart-icon-bubble': expect.stringContaining('>1<') } }, cart: { item_count: 1 } });
    expect(seen.published).toEqual([]);
    expect(await shop.page.locator('#cart-icon-bubble .cart-count-bubble').textContent()).toBe('0');
  });

  it('WooCommerce, classic theme with jQuery: wc_fragment_refresh then added_to_cart; the side cart opens, the count follows', async () => {
    const shop = await open('woocommerce', '&theme=classic');
    await pressCard(shop.page, 0);
    await expect.poll(() => shop.page.locator('#count').textContent()).toBe('1');
    expect(await shop.page.locator('#side-cart').isVisible()).toBe(true);
    const seen = await log(shop.page);
    expect(seen.jquery).toEqual(['wc_fragment_refresh', 'added_to_cart']);
    expect(seen.sideCart).toEqual({ fragments: true, button: true });
  });

  it('BigCommerce, Cornerstone: cart-quantity-update with the cart\'s quantity', async () => {
    const shop = await open('bigcommerce', '&theme=cornerstone');
    await pressCard(shop.page, 0);
    await expect.poll(() => shop.page.locator('.cart-quantity').textContent()).toBe('1');
    await pressCard(shop.page, 1);
    await expect.poll(() => shop.page.locator('.cart-quantity').textContent()).toBe('2');
  });
});

describe('nothing is announced that the cart does not hold', () => {
  it('BigCommerce, first visit, "Add all" with one product out of stock: one cart, its id reused by the retries; the words, event and total say what it holds', async () => {
    const shop = await open('bigcommerce');
    shop.plan = { refuseSecond: true };
    const sent = (await pressBundle(shop)) as { url: string; lineItems: { productId: number }[] }[];
    const ids = sent[0].lineItems.map((l) => String(l.productId));
    expect(ids).toHaveLength(3);
    expect(sent.map((s) => s.url)).toEqual(['/api/storefront/carts', '/api/storefront/carts', '/api/storefront/carts/cart-1/items', '/api/storefront/carts/cart-1/items']);
    expect(shop.created).toBe(1);
    expect(shop.held).toEqual([ids[0], ids[2]]);
    await expect.poll(() => status(shop.page, 'cart-bundle')).toContain('2 products added to the cart');
    expect(await status(shop.page, 'cart-bundle')).toContain('not added: This product is out of stock.');
    const added = (await log(shop.page)).added;
    expect(added).toHaveLength(1);
    expect(added[0].products.map((p) => p.id)).toEqual(shop.held);
    const asked = (await slotEvents(shop.page, 'add-to-cart')).at(-1)!.detail.products as { id: string; price: number }[];
    expect(added[0].total).toBeCloseTo(asked.filter((p) => p.id != ids[1] && p.id).reduce((sum, p) => sum + p.price, 0), 2);
  });

  it('WooCommerce, first visit, two cards pressed 150 ms apart: the second add waits for the first\'s answer (one guest session); both in the cart and announced', async () => {
    const shop = await open('woocommerce');
    shop.plan = { delay: 300 };
    await shop.page.locator('#cart-carousel [data-vitrine-index="0"] [data-vitrine-cart]').click();
    await shop.page.waitForTimeout(150);
    await shop.page.locator('#cart-carousel [data-vitrine-index="1"] [data-vitrine-cart]').click();
    await expect.poll(async () => (await log(shop.page)).added.length).toBe(2);
    expect(shop.overlap).toBe(1);
    expect(shop.held).toEqual([await cardId(shop.page, 0), await cardId(shop.page, 1)]);
  });

  it('an answer that does not show the product: not announced as added, no vitrine:added-to-cart', async () => {
    const shop = await open('shopify');
    shop.plan = { drop: await cardId(shop.page, 0) };
    await pressCard(shop.page, 0);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toMatch(/ may not have been added\. Check your cart\.$/);
    expect((await log(shop.page)).added).toEqual([]);
    expect((await slotEvents(shop.page, 'error')).at(-1)?.detail).toMatchObject({ kind: 'cart' });
  });
});

describe('WooCommerce nonces and words', () => {
  it('a stale page nonce: the 403\'s fresh Nonce is used at once and kept for the next press', async () => {
    const shop = await open('woocommerce', '&nonce=stale');
    await pressCard(shop.page, 0);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toMatch(/ added to the cart$/);
    await pressCard(shop.page, 1);
    await expect.poll(async () => (await log(shop.page)).added.length).toBe(2);
    expect(shop.headers.map((h) => h.nonce)).toEqual(['stale0000', 'a1b2c3d4e5', 'a1b2c3d4e5']);
    expect(shop.held).toHaveLength(2);
  });

  it('a page with no nonce gets one from GET /wp-json/wc/store/v1/cart before the first add', async () => {
    const shop = await open('woocommerce', '&nonce=none');
    const asked: string[] = [];
    shop.page.on('request', (r) => r.url().includes('/wp-json/') && asked.push(r.method() + ' ' + new URL(r.url()).pathname));
    await pressCard(shop.page, 0);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toMatch(/ added to the cart$/);
    expect(asked.slice(0, 2)).toEqual(['GET /wp-json/wc/store/v1/cart', 'POST /wp-json/wc/store/v1/cart/add-item']);
    expect(shop.headers[0].nonce).toBe('a1b2c3d4e5');
  });

  it('a nonce that cannot be had: nothing sent, a clear message, vitrine:error kind cart', async () => {
    const shop = await open('woocommerce', '&nonce=none');
    shop.plan = { noNonce: true };
    await pressCard(shop.page, 0);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toBe('The cart cannot be reached just now. Please try again in a moment.');
    expect(shop.adds).toEqual([]);
    expect((await slotEvents(shop.page, 'error')).at(-1)?.detail).toMatchObject({ kind: 'cart' });
  });

  it('the store\'s words as plain text: entities decoded, markup dropped, nothing of it parsed into the page', async () => {
    const shop = await open('woocommerce');
    shop.plan = { refuse: await cardId(shop.page, 1), words: 'You cannot add &quot;Sailor Cap&quot; to the cart &mdash; <a href="/cart">View cart</a><img src=x onerror="__pwned(1)">' };
    await pressCard(shop.page, 1);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toContain('not added: You cannot add "Sailor Cap" to the cart — View cart');
    expect(await shop.page.locator('#cart-carousel .vitrine__status *').count()).toBe(0);
    await shop.page.waitForTimeout(200);
    expect((await records(shop.page)).pwned).toEqual([]);
  });
});

describe('the demo shop\'s product with sizes (no adapter: shop.js tells Vitrine what it added)', () => {
  it('its own page adds the size chosen, and asks for one first; recommended elsewhere, its card asks for the choice and adds nothing', async () => {
    const { createShop } = await import('../../demo/shop/createShop');
    const { createCatalogue } = await import('../../demo/sandbox/createCatalogue');
    const { mkdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const catalogue = createCatalogue();
    const sized = catalogue.find((p) => p.sizes.length > 1)!;
    const shop = await createShop({ port: 0, apiUrl: suite.sandbox.url, orgId: suite.sandbox.orgId, apiKey: suite.sandbox.apiKey });
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const dir = join(process.cwd(), 'test', 'artifacts', 'cart');
    mkdirSync(dir, { recursive: true });
    try {
      await page.goto(`${shop.url}/products/${sized.handle}`);
      const add = page.locator('#pdp-bundle .vitrine__add');
      await add.scrollIntoViewIfNeeded();
      await add.click();
      await expect.poll(() => page.locator('#pdp-bundle .vitrine__status').textContent()).toBe(`Choose the options of ${sized.name} first.`);
      expect(await page.locator('[data-cart-count]').textContent()).toBe('0');
      await page.locator('form.add-to-cart select[name=size]').selectOption('M');
      const chosen = Number((await add.textContent())!.replace(/\D/g, '') || 1);
      await add.click();
      await expect.poll(() => page.locator('[data-cart-count]').textContent()).toBe(String(chosen));
      // Elsewhere, recommended: a knitwear page whose widgets show it.
      let card = page.locator('nothing');
      for (const path of ['/', '/collections/' + sized.category, ...catalogue.filter((p) => p.category == sized.category && p != sized).map((p) => '/products/' + p.handle)].slice(0, 6)) {
        await page.goto(shop.url + path);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForTimeout(1500);
        card = page.locator(`.vitrine [data-vitrine-index]:has(a[href="/products/${sized.handle}"]) [data-vitrine-cart]`).first();
        if (await card.count()) break;
      }
      expect(await card.count()).toBe(1);
      await card.scrollIntoViewIfNeeded();
      await card.click();
      const slot = await card.evaluate((b) => b.closest('[data-vitrine]')!.id);
      await expect.poll(() => page.locator(`#${slot} .vitrine__status`).textContent()).toBe(`Choose the options of ${sized.name} first.`);
      await page.screenshot({ path: join(dir, 'demo-shop-sized-card.png') });
      await page.goto(`${shop.url}/cart`);
      await expect(page.locator('main').textContent()).resolves.toContain(sized.name);
      await page.screenshot({ path: join(dir, 'demo-shop-sized-cart.png'), fullPage: true });
      const cart = (await page.locator('main').innerText()).split(sized.name)[1].slice(0, 40);
      expect(cart).toContain('M');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await shop.close();
    }
  }, 90_000);
});
