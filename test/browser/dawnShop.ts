// A Shopify product page in Dawn's shape for the cart suites: the product form, Dawn's older
// picker script, Shopify's page data, and a stand-in for Shopify's cart routed on the page's
// origin (https://shopify.dev/docs/api/ajax/reference/cart: "POST /{locale}/cart/add.js"
// answers 200 `{ items }`, or 422 `{ status, message, description }` with nothing added),
// opened on fixtures/cart.html with its carousel and bundle drawn.
import { expect } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { expectRendered, newRecordedPage, settled, type OpenedPage } from './embed/harness';
import type { useFixtureSuite } from './embed/useFixtureSuite';
import { withCartIds } from './cartIds';

export const SLOTS = ['cart-carousel', 'cart-bundle'];
export const CHOOSE = 'Choose the options of Quiberon Crewneck first.';
export const SOLD_OUT = 'The product is already sold out.';

export interface Shop {
  opened: OpenedPage;
  page: Page;
  /** The variant ids of each add request, in order. */
  adds: number[][];
  /** What the stand-in's cart holds: variant ids, one per unit. */
  held: string[];
  /** A variant Shopify refuses as sold out. */
  soldOut?: string;
}

const json = (route: Route, status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** Liquid's `json` filter: JSON with `<`, `>` and `&` escaped, safe inside a script element. */
export const liquidJson = (value: unknown) => JSON.stringify(value).replace(/[<>&]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));

/** Dawn's product form (snippets/buy-buttons.liquid): the hidden `id` on the variant shown, printed disabled when asked. */
export function productForm(section: string, id: string, disabled = false): string {
  return (
    `<product-form class="product-form"><form method="post" action="/cart/add" id="product-form-${section}" class="form" data-type="add-to-cart-form">` +
    `<input type="hidden" name="form_type" value="product"><input type="hidden" name="id" value="${id}" class="product-variant-id"${disabled ? ' disabled' : ''}>` +
    '<div class="product-form__buttons"><button type="submit" name="add" class="product-form__submit button">Add to cart</button></div></form></product-form>'
  );
}

/**
 * What Dawn's assets/global.js (VariantSelects up to v14, VariantRadios up to v12) does on a
 * change in its picker: the options shown are the dropdowns' values and each fieldset's
 * checked button in order; the variant whose `options` are those goes in its form's `id`,
 * and in the URL unless `data-update-url="false"`; its button is disabled if sold out; with
 * none, `id` and URL stay as they were and the button reads "Unavailable".
 */
export function olderDawn(): void {
  class Picker extends HTMLElement {
    connectedCallback() {
      this.addEventListener('change', () => {
        const shown = Array.from(this.querySelectorAll('select, fieldset'), (el) =>
          el instanceof HTMLSelectElement ? el.value : el.querySelector<HTMLInputElement>('input:checked')?.value,
        );
        const variants: { id: number; options: string[]; available: boolean }[] = JSON.parse(this.querySelector('[type="application/json"]')!.textContent!);
        const variant = variants.find((v) => v.options.every((o, i) => o === shown[i]));
        const form = document.getElementById(`product-form-${this.dataset.section}`)!;
        const button = form.querySelector<HTMLButtonElement>('[name="add"]')!;
        button.disabled = !variant?.available;
        button.textContent = !variant ? 'Unavailable' : variant.available ? 'Add to cart' : 'Sold out';
        if (!variant) return;
        if (this.dataset.updateUrl != 'false') history.replaceState({}, '', location.href.replace(/variant=\d+/, 'variant=' + variant.id));
        form.querySelector<HTMLInputElement>('[name="id"]')!.value = String(variant.id);
      });
    }
  }
  customElements.define('variant-selects', Picker);
  customElements.define('variant-radios', class extends Picker {});
}

/** Shopify's page data (`ShopifyAnalytics.meta.product.variants`) for a product of these variant ids; the fixture's own assignment is ignored. */
const productMeta = (ids: (number | string)[]) =>
  `(() => { const meta = { meta: { product: { variants: ${JSON.stringify(ids.map((id, i) => ({ id: Number(id), sku: 'MV-KNI-001-' + i })))} } } };` +
  ` Object.defineProperty(window, 'ShopifyAnalytics', { get: () => meta, set: () => {}, configurable: true }); })();`;

export interface Opening {
  /** The product's variant ids in Shopify's page data. */
  ids?: (number | string)[];
  /** Dawn's older picker script runs on the page. */
  script?: boolean;
  /** The theme's HTML, put at the top of the body once parsed. */
  markup: string;
}

/** Opens cart.html as a Shopify product page (`query`: its URL's `variant=` and more). */
export async function openDawnShop(suite: ReturnType<typeof useFixtureSuite>, query: string, { ids = [41001, 41002, 41003], script = true, markup }: Opening): Promise<Shop> {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const opened = await newRecordedPage(context);
  const shop: Shop = { opened, page: opened.page, adds: [], held: [] };
  const { page } = shop;
  await page.route(suite.sandbox.url + '/**', withCartIds);
  await page.route(/\/cart\/add\.js$/, async (route) => {
    const body = route.request().postDataJSON() as { items: { id: number; quantity: number }[] };
    shop.adds.push(body.items.map((i) => i.id));
    if (body.items.some((i) => String(i.id) == shop.soldOut)) return json(route, 422, { status: 422, message: 'Cart Error', description: SOLD_OUT });
    for (const i of body.items) for (let n = 0; n < i.quantity; n++) shop.held.push(String(i.id));
    return json(route, 200, { items: body.items.map((i) => ({ id: i.id, variant_id: i.id, key: `${i.id}:k`, quantity: i.quantity })) });
  });
  await page.route(/\/cart\.js$/, (route) => json(route, 200, { item_count: shop.held.length, items: [] }));
  await page.addInitScript({ content: productMeta(ids) });
  if (script) await page.addInitScript(olderDawn);
  await page.addInitScript((html) => document.addEventListener('DOMContentLoaded', () => document.body.insertAdjacentHTML('afterbegin', html)), markup);
  await page.goto(suite.fixtures.page('cart') + `?platform=shopify&theme=attack${query}`);
  expectRendered(await settled(page, SLOTS), SLOTS);
  return shop;
}

export const status = (page: Page) => page.locator('#cart-bundle .vitrine__status').textContent();

/** Presses the bundle's "add all" from the keyboard and waits for what it says; returns the ids of the add requests it made. */
export async function pressBundle(shop: Shop): Promise<number[][]> {
  const before = shop.adds.length;
  // What the previous press said, cleared, so that the wait below is for this one's words.
  await shop.page.evaluate(() => document.querySelector('#cart-bundle .vitrine__status')?.replaceChildren());
  const add = shop.page.locator('#cart-bundle .vitrine__add');
  await add.scrollIntoViewIfNeeded();
  await add.focus();
  await shop.page.keyboard.press('Enter');
  // The first press loads the cart's code on a busy machine: wait on the status's own change, not a clock.
  await shop.page.waitForFunction(() => document.querySelector('#cart-bundle .vitrine__status')?.textContent, null, { timeout: 30_000 });
  return shop.adds.slice(before);
}

/** The page's product goes in as `id`, first of the bundle's lines (a refused add is then tried line by line). */
export async function expectSent(shop: Shop, id: number | string): Promise<void> {
  const sent = await pressBundle(shop);
  expect(sent.length).toBeGreaterThan(0);
  expect(String(sent[0][0])).toBe(String(id));
}

/** Nothing is sent and the shopper is asked to choose the product's options. */
export async function expectAskedToChoose(shop: Shop): Promise<void> {
  expect(await pressBundle(shop)).toEqual([]);
  expect(await status(shop.page)).toBe(CHOOSE);
}
