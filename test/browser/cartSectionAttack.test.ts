// The page's own product in a bundle's "add all" on Shopify when the product page holds
// more than one product form: Dawn's "Featured product" section and quick-add of the same
// product (marked `data-update-url="false"`), themes that mark nothing, an app's bar, and
// hostile `id` values; in Chromium against the built embed (dist/), on fixtures/cart.html.
// Shopify's cart is a stand-in routed on the page's origin
// (https://shopify.dev/docs/api/ajax/reference/cart: "POST /{locale}/cart/add.js" answers
// 200 `{ items }`, or 422 `{ status, message, description }` with nothing added).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useFixtureSuite } from './embed/useFixtureSuite';
import { CHOOSE, SOLD_OUT, expectAskedToChoose, expectSent, liquidJson, openDawnShop, productForm, status, type Opening } from './dawnShop';

const suite = useFixtureSuite('cart-section-attack');
/** Opens cart.html as a Shopify product page (`query`: its URL's `variant=` and more). */
const open = (query: string, opening: Opening) => openDawnShop(suite, query, opening);

/** Two sizes in navy, the large one in rust only, the medium sold out (Shopify's `product.variants`, the fields the pickers read). */
const KNIT = [
  { id: 41001, options: ['S', 'Navy'], available: true },
  { id: 41002, options: ['M', 'Navy'], available: false },
  { id: 41003, options: ['L', 'Rust'], available: true },
];
const OPTIONS: [string, string[]][] = [
  ['Size', ['S', 'M', 'L']],
  ['Colour', ['Navy', 'Rust']],
];

interface Section {
  /** Dawn's section id: the picker's `data-section`, its form `product-form-<section>`. */
  section: string;
  tag?: 'variant-selects' | 'variant-radios';
  /** Dropdowns, or a fieldset of buttons per option (Dawn's "pills"). */
  kind?: 'selects' | 'radios';
  /** The value shown of each option at load. */
  shown?: [string, string];
  /** `data-update-url` on the picker: Dawn's `"false"` on a featured product or quick-add; absent unless said. */
  updateUrl?: string;
  disabled?: boolean;
}

const idOfShown = (shown: string[]) => String(KNIT.find((v) => v.options.every((o, i) => o == shown[i]))?.id ?? '');

/**
 * Dawn's picker and product form up to v14 (snippets/product-variant-picker.liquid,
 * product-variant-options.liquid, buy-buttons.liquid) in a section of its own: a dropdown
 * named `options[Name]` or a fieldset of buttons per option, each tied to the form by its
 * `form` attribute; `product.variants | json` in the picker; the form's hidden `id` on the
 * variant shown at load.
 */
function section({ section, tag = 'variant-selects', kind = 'selects', shown = ['S', 'Navy'], updateUrl, disabled }: Section): string {
  const form = `product-form-${section}`;
  const inputs = OPTIONS.map(([name, values], i) =>
    kind == 'radios'
      ? `<fieldset class="js product-form__input product-form__input--pill"><legend class="form__label">${name}</legend>` +
        values.map((v, n) => `<input type="radio" id="${section}-${i}-${n}" name="${name}-${section}" value="${v}" form="${form}"${v == shown[i] ? ' checked' : ''}><label for="${section}-${i}-${n}">${v}</label>`).join('') +
        '</fieldset>'
      : `<div class="product-form__input product-form__input--dropdown"><label class="form__label" for="Option-${section}-${i}">${name}</label>` +
        `<div class="select"><select id="Option-${section}-${i}" class="select__select" name="options[${name}]" form="${form}">` +
        values.map((v) => `<option value="${v}"${v == shown[i] ? ' selected="selected"' : ''}>${v}</option>`).join('') +
        '</select></div></div>',
  );
  return (
    `<section id="shopify-section-${section}" class="shopify-section">` +
    `<${tag} id="${tag}-${section}" data-section="${section}" data-url="/products/quiberon-crewneck"${updateUrl === undefined ? '' : ` data-update-url="${updateUrl}"`}>` +
    `${inputs.join('')}<script type="application/json">${liquidJson(KNIT)}</script></${tag}>` +
    productForm(section, idOfShown(shown), disabled) +
    '</section>'
  );
}

const choose = (page: Page, section: string, name: string, value: string) =>
  page.locator(`[data-section="${section}"] select[name="options[${name}]"]`).selectOption({ value });

describe('Dawn\'s featured product and quick-add of the same product, marked `data-update-url="false"`', () => {
  it('a featured section below the main one, changed after the main picker (to M / Navy, sold out): the shopper\'s L / Rust in the main picker goes in', async () => {
    const shop = await open('&variant=41001', { markup: section({ section: 'main' }) + section({ section: 'featured', updateUrl: 'false' }) });
    await choose(shop.page, 'main', 'Size', 'L');
    await choose(shop.page, 'main', 'Colour', 'Rust');
    await choose(shop.page, 'featured', 'Size', 'M');
    expect(await shop.page.locator('#product-form-featured [name="id"]').inputValue()).toBe('41002');
    await expectSent(shop, 41003);
  });

  it('a quick-add of the same product opened after the main picker was changed, then changed itself (assets/quick-add.js marks its picker once inserted): the main choice goes in, the quick-add\'s S / Rust does not make it unchosen', async () => {
    const shop = await open('&variant=41001', { markup: section({ section: 'main' }) });
    await choose(shop.page, 'main', 'Size', 'L');
    await choose(shop.page, 'main', 'Colour', 'Rust');
    // What quick-add.js does on a card's "Choose options": the product page's main section in the modal, its ids prefixed, the picker marked.
    await shop.page.evaluate((html) => {
      const modal = document.createElement('quick-add-modal');
      modal.setAttribute('open', '');
      modal.innerHTML = `<div role="dialog" aria-modal="true"><div id="QuickAddInfo-1">${html}</div></div>`;
      document.body.append(modal);
      modal.querySelector('variant-selects')!.setAttribute('data-update-url', 'false');
    }, section({ section: 'quickadd-template--1__main' }));
    await choose(shop.page, 'quickadd-template--1__main', 'Colour', 'Rust');
    expect(shop.page.url()).toContain('variant=41003');
    await expectSent(shop, 41003);
  });

  it('Dawn v6–v11 (every form\'s `id` printed disabled until product-form.js runs), opened on the sold-out M / Navy, a featured section of the same product below and a quick-add of another product above, enabled: M / Navy is sent and Shopify\'s words are shown', async () => {
    const other = `<quick-add-modal open><div id="QuickAddInfo-2"><variant-selects data-section="qa" data-update-url="false"></variant-selects>${productForm('qa', '91001')}</div></quick-add-modal>`.replace(
      '<form ',
      '<form data-update-url="false" ',
    );
    const markup = other + section({ section: 'main', shown: ['M', 'Navy'], disabled: true }) + section({ section: 'featured', updateUrl: 'false', disabled: true });
    const shop = await open('&variant=41002', { markup, script: false });
    shop.soldOut = '41002';
    await expectSent(shop, 41002);
    expect(await status(shop.page)).toContain(SOLD_OUT);
    expect(await status(shop.page)).not.toContain(CHOOSE);
  });

  it('Dawn v13–v14\'s buttons changed from the keyboard (arrow keys in each fieldset): the sold-out M / Navy is sent for Shopify to refuse, L / Navy (not sold) sends nothing, L / Rust goes in', async () => {
    const markup = section({ section: 'main', kind: 'radios' }) + section({ section: 'featured', kind: 'radios', updateUrl: 'false' });
    const shop = await open('&variant=41001', { markup });
    shop.soldOut = '41002';
    await shop.page.locator('#main-0-0').focus();
    await shop.page.keyboard.press('ArrowRight');
    expect(await shop.page.locator('#main-0-1').isChecked()).toBe(true);
    await expectSent(shop, 41002);
    expect(await status(shop.page)).toContain(SOLD_OUT);
    await shop.page.locator('#main-0-1').focus();
    await shop.page.keyboard.press('ArrowRight');
    await expectAskedToChoose(shop);
    await shop.page.locator('#main-1-0').focus();
    await shop.page.keyboard.press('ArrowRight');
    await expectSent(shop, 41003);
  });
});

describe('product forms that nothing marks', () => {
  // Themes not built on Dawn's pickers, and Dawn before its featured section had a picker,
  // print no `data-update-url`: every form of the product counts as the main one.
  it('a featured section of the same product with no `data-update-url` (a theme\'s own picker that leaves the URL alone), above the main one: the shopper\'s L / Rust in the main picker goes in', async () => {
    const markup = section({ section: 'featured' }).replace(/variant-selects/g, 'featured-picker') + section({ section: 'main' });
    const shop = await open('&variant=41001', { markup });
    await choose(shop.page, 'main', 'Size', 'L');
    await choose(shop.page, 'main', 'Colour', 'Rust');
    expect(shop.page.url()).toContain('variant=41003');
    await expectSent(shop, 41003);
  });

  it('the main product section twice (a template whose section was duplicated), the shopper choosing in the lower one: its L / Rust, which the URL names too, goes in', async () => {
    const shop = await open('&variant=41001', { markup: section({ section: 'main' }) + section({ section: 'main-copy' }) });
    await choose(shop.page, 'main-copy', 'Size', 'L');
    await choose(shop.page, 'main-copy', 'Colour', 'Rust');
    expect(shop.page.url()).toContain('variant=41003');
    await expectSent(shop, 41003);
  });

  it('an app\'s sticky add-to-cart bar outside any section, at the top of the page, its own `<select name="id">` left on the first variant: the shopper\'s L / Rust in the main picker goes in', async () => {
    const bar =
      '<div class="sticky-atc-app" style="position:sticky;top:0"><form action="/cart/add" method="post" id="sticky-atc">' +
      '<select name="id">' + KNIT.map((v) => `<option value="${v.id}">${v.options.join(' / ')}</option>`).join('') + '</select><button>Add to cart</button></form></div>';
    const shop = await open('&variant=41001', { markup: bar + section({ section: 'main' }) });
    await choose(shop.page, 'main', 'Size', 'L');
    await choose(shop.page, 'main', 'Colour', 'Rust');
    await expectSent(shop, 41003);
  });

  it('Dawn v12 on, opened on the sold-out M / Navy (the main form\'s `id` printed disabled), an app\'s bar above with its own enabled `<select name="id">` on the first variant available: M / Navy is sent and Shopify\'s words are shown, S / Navy is not added', async () => {
    const bar =
      '<form action="/cart/add" method="post" class="sticky-atc-app"><select name="id">' +
      KNIT.map((v) => `<option value="${v.id}"${v.available ? '' : ' disabled'}>${v.options.join(' / ')}</option>`).join('') +
      '</select><button>Add to cart</button></form>';
    const shop = await open('&variant=41002', { markup: bar + section({ section: 'main', shown: ['M', 'Navy'], disabled: true }), script: false });
    shop.soldOut = '41002';
    await expectSent(shop, 41002);
    expect(await status(shop.page)).toContain(SOLD_OUT);
  });

  it('a featured section of the same product whose Dawn picker is not marked (its changes move the URL too), above the main one: the shopper\'s L / Rust in the main picker goes in, and nothing is asked of the featured picker\'s S / Navy', async () => {
    const shop = await open('&variant=41001', { markup: section({ section: 'featured' }) + section({ section: 'main' }) });
    await choose(shop.page, 'main', 'Size', 'L');
    await choose(shop.page, 'main', 'Colour', 'Rust');
    await expectSent(shop, 41003);
    await choose(shop.page, 'main', 'Size', 'S');
    await expectAskedToChoose(shop);
  });

  it('a theme whose `<select name="id">` sits beside its product form, tied to it by `form=` (what Shopify\'s form posts), the URL left alone: the size chosen there goes in, not the URL\'s', async () => {
    const markup =
      '<section id="shopify-section-main" class="shopify-section"><label for="ProductSelect">Size</label>' +
      '<select id="ProductSelect" name="id" form="product-form-main">' + KNIT.map((v) => `<option value="${v.id}">${v.options.join(' / ')}</option>`).join('') + '</select>' +
      '<form method="post" action="/cart/add" id="product-form-main"><input type="hidden" name="form_type" value="product"><button type="submit" name="add">Add to cart</button></form></section>';
    const shop = await open('&variant=41001', { markup, script: false });
    await shop.page.locator('#ProductSelect').selectOption('41003');
    expect(await shop.page.evaluate(() => new FormData(document.querySelector<HTMLFormElement>('#product-form-main')!).get('id'))).toBe('41003');
    await expectSent(shop, 41003);
  });
});

describe('what the URL and the form\'s `id` say, hostile', () => {
  it('`?variant=` naming another product\'s variant (a link shared from it) on a theme with no `id` field: nothing is sent, the shopper is asked to choose; the URL\'s own variant then goes in', async () => {
    const shop = await open('&variant=91001', { markup: '<form action="/cart/add" method="post" id="product-form-main"><button name="add">Add to cart</button></form>' });
    await expectAskedToChoose(shop);
    await shop.page.evaluate(() => history.replaceState({}, '', location.href.replace('variant=91001', 'variant=41003')));
    await expectSent(shop, 41003);
  });

  it('form `id`s that a number reading would turn into another variant (`1e3`, `0x10`, ` 42 `, `-1`, `+1`, `４２`, `16.0`) on a product whose variants include 1000, 16, 42 and 1: none is sent, the shopper is asked to choose', async () => {
    const shop = await open('', { ids: [1000, 16, 42, 1], script: false, markup: productForm('main', '') });
    for (const value of ['1e3', '0x10', ' 42 ', '-1', '+1', '４２', '16.0']) {
      await shop.page.locator('#product-form-main [name="id"]').evaluate((el, v) => ((el as HTMLInputElement).value = v), value);
      await expectAskedToChoose(shop);
    }
    expect(shop.adds).toEqual([]);
    expect(shop.opened.errors).toEqual([]);
  });

  it('a third party\'s form posting to /cart/add above the main one, whose fields are named `closest`, `matches`, `elements` and `tagName` (names that shadow a form\'s own methods): the shopper\'s L / Rust goes in, no page error', async () => {
    const hostile =
      '<form action="/cart/add" method="post" class="look-widget"><input type="hidden" name="id" value="41001">' +
      ['closest', 'matches', 'elements', 'tagName'].map((n) => `<input type="hidden" name="${n}" value="x">`).join('') + '<button>Buy the look</button></form>';
    const shop = await open('&variant=41001', { markup: hostile + section({ section: 'main' }) });
    await choose(shop.page, 'main', 'Size', 'L');
    await choose(shop.page, 'main', 'Colour', 'Rust');
    await expectSent(shop, 41003);
    expect(shop.opened.errors).toEqual([]);
  });
});
