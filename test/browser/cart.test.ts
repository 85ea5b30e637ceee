// Add to cart from widgets, in Chromium against the built embed (dist/), on
// fixtures/cart.html with the platform's page data of each platform (?platform=…). The
// platforms' cart endpoints are stand-ins routed on the page's own origin; each follows
// the platform's documentation, named above it. The service's answers are the sandbox's,
// with `customValues.cartIds` added as a service that knows the shop's ids sends them
// (README "Add to cart"); one product is left without an id.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { expectRendered, newRecordedPage, settled, slotEvents, type OpenedPage } from './embed/harness';
import { useFixtureSuite } from './embed/useFixtureSuite';

const suite = useFixtureSuite('cart');
const SLOTS = ['cart-carousel', 'cart-bundle'];
type Platform = 'shopify' | 'woocommerce' | 'bigcommerce';

/** What a stand-in does with the next add: answer, refuse a product, fail, or hang. */
interface Plan {
  refuse?: string;
  fail?: 'network' | 'html' | 500 | 'hang';
  delay?: number;
}

interface Shop {
  opened: OpenedPage;
  page: Page;
  /** Bodies of the add requests, in order. */
  adds: unknown[];
  /** Headers of the add requests. */
  headers: Record<string, string>[];
  plan: Plan;
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

async function standIns(shop: Shop, platform: Platform): Promise<void> {
  const { page } = shop;
  let count = 0;
  if (platform == 'shopify') {
    // https://shopify.dev/docs/api/ajax/reference/cart, "POST /{locale}/cart/add.js":
    // `{ items: [{ id, quantity }] }`; 200 `{ items: [...] }`, or 422
    // `{ status, message, description }` and nothing added. "GET /{locale}/cart.js": the cart.
    await page.route('**/cart/add.js', async (route) => {
      const body = route.request().postDataJSON() as { items: { id: number; quantity: number }[] };
      shop.adds.push(body);
      if (await failed(route, shop.plan)) return;
      const refused = body.items.find((i) => String(i.id) == shop.plan.refuse);
      if (refused) return json(route, 422, { status: 422, message: 'Cart Error', description: 'The product is already sold out.' });
      count += body.items.reduce((n, i) => n + i.quantity, 0);
      return json(route, 200, { items: body.items.map((i) => ({ id: i.id, variant_id: i.id, quantity: i.quantity })) });
    });
    await page.route('**/cart.js', (route) => json(route, 200, { token: 'c1', item_count: count, items: [] }));
  }
  if (platform == 'woocommerce') {
    // https://developer.woocommerce.com/docs/apis/store-api/resources-endpoints/cart, "Add
    // item": POST /wp-json/wc/store/v1/cart/add-item `{ id, quantity }`, answers the cart;
    // errors `{ code, message, data: { status } }`. ".../nonce-tokens": a `Nonce` header
    // on each POST, a fresh one in each answer's `Nonce` header.
    await page.route('**/wp-json/wc/store/v1/cart/add-item', async (route) => {
      const body = route.request().postDataJSON() as { id: number; quantity: number };
      shop.adds.push(body);
      shop.headers.push(route.request().headers());
      if (await failed(route, shop.plan)) return;
      if (String(body.id) == shop.plan.refuse) return json(route, 400, { code: 'woocommerce_rest_product_out_of_stock', message: 'You cannot add that amount to the cart because there is not enough stock.', data: { status: 400 } });
      count += body.quantity;
      return json(route, 201, { items_count: count, items: [] }, { Nonce: 'next-' + count });
    });
    await page.route('**/wp-json/wc/store/v1/cart', (route) => json(route, 200, { items_count: count, items: [] }));
  }
  if (platform == 'bigcommerce') {
    // https://developer.bigcommerce.com/docs/rest-storefront/carts, "Get a cart" (an
    // array, empty without a cart) and "Create a cart"; ".../carts/cart-items", "Add cart
    // line items": `{ lineItems: [{ productId, quantity }] }`, answers the cart.
    let cart: { id: string; lineItems: { physicalItems: { productId: number; quantity: number }[] } } | null = null;
    await page.route(/\/api\/storefront\/carts/, async (route) => {
      const req = route.request();
      if (req.method() == 'GET') return json(route, 200, cart ? [cart] : []);
      const body = req.postDataJSON() as { lineItems: { productId: number; quantity: number }[] };
      shop.adds.push({ url: new URL(req.url()).pathname, ...body });
      if (await failed(route, shop.plan)) return;
      if (body.lineItems.some((l) => String(l.productId) == shop.plan.refuse)) return json(route, 422, { status: 422, title: 'This product is out of stock.', type: 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes' });
      cart ||= { id: '9b1f6b2e-cart', lineItems: { physicalItems: [] } };
      cart.lineItems.physicalItems.push(...body.lineItems);
      return json(route, 200, cart);
    });
  }
}

async function open(platform: Platform | 'page', query = ''): Promise<Shop> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const opened = await newRecordedPage(context);
  const shop: Shop = { opened, page: opened.page, adds: [], headers: [], plan: {} };
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

describe('WooCommerce without a nonce on the page', () => {
  it('asks nothing of the Store API and says the cart is not ready', async () => {
    const shop = await open('woocommerce', '&nonce=none');
    await pressCard(shop.page, 0);
    await expect.poll(() => status(shop.page, 'cart-carousel')).toBe('The cart is not ready. Reload the page and try again.');
    expect(shop.adds).toEqual([]);
    expect((await slotEvents(shop.page, 'error')).at(-1)?.detail.kind).toBe('cart');
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
      const button = page.locator('#home-trending [data-vitrine-cart]').first();
      await button.scrollIntoViewIfNeeded();
      await button.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('[data-cart-count]').textContent()).toBe('1');
      await expect.poll(() => page.locator('#home-trending .vitrine__status').textContent()).toMatch(/ added to the cart$/);
      await Promise.all([page.waitForURL(/\/products\//), page.locator('#home-trending .vitrine a[href^="/products/"]').first().click()]);
      const add = page.locator('#pdp-bundle .vitrine__add');
      await add.scrollIntoViewIfNeeded();
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
  });
});
