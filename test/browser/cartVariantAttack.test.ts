// The page's own product in a bundle's "add all" on Shopify, against variant pickers that
// do things their own way, in Chromium against the built embed (dist/), on fixtures/cart.html.
// Dawn's pickers up to v14 print the product's variants (Liquid's `product.variants | json`)
// inside `<variant-selects>`/`<variant-radios>`; each case here is a page a real theme, an
// older theme script or a hostile page can make of that list, the options shown, and the
// product form. Shopify's cart is a stand-in routed on the page's origin
// (https://shopify.dev/docs/api/ajax/reference/cart: "POST /{locale}/cart/add.js" answers
// 200 `{ items }`, or 422 `{ status, message, description }` with nothing added).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useFixtureSuite } from './embed/useFixtureSuite';
import { CHOOSE, SOLD_OUT, expectAskedToChoose, expectSent, liquidJson, openDawnShop, productForm, status, type Opening } from './dawnShop';

const suite = useFixtureSuite('cart-variant-attack');
/** Opens cart.html as a Shopify product page (`query`: its URL's `variant=` and more). */
const open = (query: string, opening: Opening) => openDawnShop(suite, query, opening);

/** Liquid's `escape` filter, as a theme prints an option's value in an attribute or text. */
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Variant {
  id: number | string;
  options: unknown[];
  available?: boolean;
}

/** Two sizes in navy, the large one in rust only, the medium sold out (Shopify's `product.variants`, the fields the pickers read). */
const KNIT: Variant[] = [
  { id: 41001, options: ['S', 'Navy'], available: true },
  { id: 41002, options: ['M', 'Navy'], available: false },
  { id: 41003, options: ['L', 'Rust'], available: true },
];
const KNIT_OPTIONS: [string, string[]][] = [
  ['Size', ['S', 'M', 'L']],
  ['Colour', ['Navy', 'Rust']],
];

interface PickerPlan {
  tag?: 'variant-selects' | 'variant-radios';
  /** Dropdowns, or a fieldset of buttons per option (Dawn's "pills"). */
  kind?: 'selects' | 'radios';
  /** Dawn's section id: the picker's `data-section`, its form `product-form-<section>`. */
  section?: string;
  options?: [string, string[]][];
  /** The value shown of each option at load; the first of each unless said. */
  shown?: string[];
  /** The text of the picker's JSON; Liquid's `product.variants | json` of KNIT unless said. */
  list?: string;
  /** The product form's `id` at load. */
  formId?: string;
  /** Dawn's quick-add and featured product: the picker leaves the URL alone. */
  updateUrl?: false;
}

/**
 * Dawn's variant picker and product form up to v14 (snippets/product-variant-picker.liquid,
 * product-variant-options.liquid, buy-buttons.liquid): a dropdown named `options[Name]`
 * or a fieldset of radio buttons per option, each tied to the form by its id; the list in
 * the picker; the form's hidden `id` on the variant shown at load.
 */
function dawn(plan: PickerPlan = {}): string {
  const section = plan.section ?? 'main';
  const options = plan.options ?? KNIT_OPTIONS;
  const shown = plan.shown ?? options.map(([, values]) => values[0]);
  const form = `product-form-${section}`;
  const inputs = options.map(([name, values], i) =>
    plan.kind == 'radios'
      ? `<fieldset class="js product-form__input product-form__input--pill"><legend class="form__label visually-hidden">${escape(name)}</legend>` +
        values
          .map((v, n) => `<input type="radio" id="${section}-${i + 1}-${n}" name="${escape(name)}" value="${escape(v)}" form="${form}"${v == shown[i] ? ' checked' : ''}><label for="${section}-${i + 1}-${n}">${escape(v)}</label>`)
          .join('') +
        '</fieldset>'
      : `<div class="product-form__input product-form__input--dropdown"><label class="form__label" for="Option-${section}-${i}">${escape(name)}</label>` +
        `<div class="select"><select id="Option-${section}-${i}" class="select__select" name="options[${escape(name)}]" form="${form}">` +
        values.map((v) => `<option value="${escape(v)}"${v == shown[i] ? ' selected="selected"' : ''}>${escape(v)}</option>`).join('') +
        '</select></div></div>',
  );
  const tag = plan.tag ?? 'variant-selects';
  return (
    `<${tag} id="${tag}-${section}" data-section="${section}" data-url="/products/quiberon-crewneck"${plan.updateUrl === false ? ' data-update-url="false"' : ''}>` +
    `${inputs.join('')}<script type="application/json">${plan.list ?? liquidJson(KNIT)}</script></${tag}>` +
    productForm(section, plan.formId ?? '41001')
  );
}

const choose = (page: Page, name: string, value: string) => page.locator(`#variant-selects-main select[name="options[${name}]"]`).selectOption({ value });

describe('Dawn before v15: the options shown against the picker\'s list, as Shopify prints it', () => {
  it('Dawn v13–v14\'s `<variant-selects>` of buttons (fieldsets whose legend is visually hidden): a colour the size has not sends nothing; a combination it sells goes in as that variant', async () => {
    const shop = await open('&variant=41001', { markup: dawn({ kind: 'radios' }) });
    await shop.page.locator('input[name="Colour"][value="Rust"]').check();
    await expectAskedToChoose(shop);
    await shop.page.locator('input[name="Size"][value="L"]').check();
    await expectSent(shop, 41003);
    expect(shop.opened.errors).toEqual([]);
  });

  it('a product with one option (sizes only): the size chosen goes in; the sold-out one is sent and Shopify\'s refusal reaches the shopper', async () => {
    const variants: Variant[] = [
      { id: 51001, options: ['S'], available: true },
      { id: 51002, options: ['M'], available: false },
      { id: 51003, options: ['L'], available: true },
    ];
    const shop = await open('&variant=51001', { ids: [51001, 51002, 51003], markup: dawn({ options: [['Size', ['S', 'M', 'L']]], list: liquidJson(variants), formId: '51001' }) });
    await choose(shop.page, 'Size', 'L');
    await expectSent(shop, 51003);
    shop.soldOut = '51002';
    await choose(shop.page, 'Size', 'M');
    await expectSent(shop, 51002);
    expect(await status(shop.page)).toContain(SOLD_OUT);
    expect(shop.held).toEqual(expect.not.arrayContaining(['51002']));
  });

  it('a product with three options: a material the size and colour are not made in sends nothing; one they are goes in', async () => {
    const variants: Variant[] = [
      { id: 61001, options: ['S', 'Navy', 'Wool'], available: true },
      { id: 61002, options: ['S', 'Navy', 'Cotton'], available: true },
      { id: 61003, options: ['L', 'Rust', 'Wool'], available: true },
    ];
    const options: [string, string[]][] = [...KNIT_OPTIONS, ['Material', ['Wool', 'Cotton']]];
    const shop = await open('&variant=61001', { ids: [61001, 61002, 61003], markup: dawn({ options, list: liquidJson(variants), formId: '61001' }) });
    await choose(shop.page, 'Size', 'L');
    await choose(shop.page, 'Colour', 'Rust');
    await choose(shop.page, 'Material', 'Cotton');
    await expectAskedToChoose(shop);
    await choose(shop.page, 'Material', 'Wool');
    await expectSent(shop, 61003);
  });

  it('a "Default Title" product whose theme prints the picker and its list but no dropdown (one variant, nothing to choose): that variant goes in', async () => {
    const list = liquidJson([{ id: 71001, title: 'Default Title', options: ['Default Title'], available: true }]);
    const shop = await open('', { ids: [71001], markup: dawn({ options: [], list, formId: '71001' }) });
    await expectSent(shop, 71001);
  });

  it('values Liquid escapes in the markup (`&amp;`, `&quot;`, `&#39;`) and values with spaces around them: the combination shown goes in, one not sold sends nothing', async () => {
    const options: [string, string[]][] = [
      ['Colour', ['Black & White', 'Navy']],
      ['Fit', ['12" regular', " L'été relaxed "]],
    ];
    const variants: Variant[] = [
      { id: 81001, options: ['Black & White', '12" regular'], available: true },
      { id: 81002, options: ['Navy', " L'été relaxed "], available: true },
      { id: 81003, options: ['Black & White', " L'été relaxed "], available: true },
    ];
    const shop = await open('&variant=81001', { ids: [81001, 81002, 81003], markup: dawn({ options, list: liquidJson(variants), formId: '81001' }) });
    await expectSent(shop, 81001);
    await choose(shop.page, 'Fit', " L'été relaxed ");
    await expectSent(shop, 81003);
    await choose(shop.page, 'Colour', 'Navy');
    await choose(shop.page, 'Fit', '12" regular');
    await expectAskedToChoose(shop);
  });

  it('ids printed as strings in the list (`"id": "41003"`) against digits in the form: a combination not sold sends nothing, one sold goes in', async () => {
    const list = liquidJson(KNIT.map((v) => ({ ...v, id: String(v.id) })));
    const shop = await open('&variant=41001', { markup: dawn({ list }) });
    await choose(shop.page, 'Colour', 'Rust');
    await expectAskedToChoose(shop);
    await choose(shop.page, 'Size', 'L');
    await expectSent(shop, 41003);
  });

  it('a dropdown whose chosen size the theme disables (sold out) and a whole dropdown disabled (one colour only): the variant shown is sent, Shopify\'s refusal reaches the shopper', async () => {
    const markup = dawn({ shown: ['M', 'Navy'], formId: '41002' })
      .replace('<option value="M" selected="selected">', '<option value="M" selected="selected" disabled>')
      .replace('name="options[Colour]"', 'name="options[Colour]" disabled');
    const shop = await open('&variant=41002', { markup, script: false });
    shop.soldOut = '41002';
    await expectSent(shop, 41002);
    expect(await status(shop.page)).toContain(SOLD_OUT);
  });
});

describe('a list that is hostile, broken or not Shopify\'s', () => {
  it('`__proto__` and `constructor` keys in the list, carrying the options shown: they are not read, nothing is sent, no prototype of the page changes', async () => {
    // JSON.parse makes `__proto__` an own key: a reader that walked prototypes would find
    // S / Rust "sold" as 41001 and add the small navy one.
    const list =
      '[{"__proto__":{"id":41001,"options":["S","Rust"]},"constructor":{"prototype":{"options":["S","Rust"]}},"id":41001,"options":["S","Navy"],"available":true},' +
      '{"__proto__":{"options":["S","Rust"]},"id":41003,"options":["L","Rust"],"available":true},{"__proto__":{"id":41001,"options":["S","Rust"]}}]';
    const shop = await open('&variant=41001', { markup: dawn({ list, shown: ['S', 'Rust'] }), script: false });
    await expectAskedToChoose(shop);
    expect(await shop.page.evaluate(() => [({} as Record<string, unknown>).options, ({} as Record<string, unknown>).id, ([] as unknown as Record<string, unknown>).options])).toEqual([undefined, undefined, undefined]);
    expect(shop.opened.errors).toEqual([]);
  });

  it('a huge list (2,047 variants of 16 sizes, 16 colours and 8 materials, a long description each, about 4 MB): the combination missing sends nothing, the last one goes in', async () => {
    const sizes = Array.from({ length: 16 }, (_, i) => `EU ${34 + i}`);
    const colours = Array.from({ length: 16 }, (_, i) => `Colour ${i + 1}`);
    const materials = Array.from({ length: 8 }, (_, i) => `Material ${i + 1}`);
    const variants: (Variant & { description: string })[] = [];
    for (const s of sizes) for (const c of colours) for (const m of materials) variants.push({ id: 100000 + variants.length, options: [s, c, m], available: true, description: `${s} ${c} ${m} `.repeat(80) });
    variants.splice(1, 1); // EU 34 / Colour 1 / Material 2 is not made
    const options: [string, string[]][] = [['Size', sizes], ['Colour', colours], ['Material', materials]];
    const last = variants.at(-1)!;
    const shop = await open('&variant=100000', { ids: variants.map((v) => v.id), markup: dawn({ options, list: liquidJson(variants), formId: '100000' }) });
    await choose(shop.page, 'Material', 'Material 2');
    await expectAskedToChoose(shop);
    await choose(shop.page, 'Size', 'EU 49');
    await choose(shop.page, 'Colour', 'Colour 16');
    await choose(shop.page, 'Material', 'Material 8');
    await expectSent(shop, last.id);
    expect(shop.opened.errors).toEqual([]);
  });

  it('lists that do not parse (cut short, escaped twice as `&quot;`, nested 100,000 deep): the variant the form holds goes in, as the theme\'s own button would add it, no error', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const markup =
      dawn({ section: 'cut', list: liquidJson(KNIT).slice(0, 40), shown: ['L', 'Rust'], formId: '41003' }) +
      dawn({ section: 'twice', list: escape(JSON.stringify(KNIT)), shown: ['L', 'Rust'], formId: '41003' }) +
      dawn({ section: 'deep', list: deep, shown: ['L', 'Rust'], formId: '41003' });
    const shop = await open('&variant=41003', { markup, script: false });
    await expectSent(shop, 41003);
    expect(shop.opened.errors).toEqual([]);
  });

  it('a theme\'s own list whose sizes are numbers (`"options": [38, "Navy"]`), the page opened on 38 / Navy: that variant goes in, as the theme\'s own button adds it', async () => {
    const list = JSON.stringify([
      { id: 42001, options: [38, 'Navy'], available: true },
      { id: 42002, options: [40, 'Navy'], available: true },
    ]);
    const shop = await open('&variant=42001', { ids: [42001, 42002], markup: dawn({ options: [['Size', ['38', '40']], ['Colour', ['Navy']]], list, formId: '42001' }), script: false });
    await expectSent(shop, 42001);
  });

  it('a list whose entries are not variants (`null`, a number, a string) or carry no `options`: the variant the form holds goes in, no error', async () => {
    const list = '[null, 7, "41003", {"id": 41003}, {"id": 41001, "options": "S / Navy"}]';
    const shop = await open('&variant=41003', { markup: dawn({ list, shown: ['L', 'Rust'], formId: '41003' }), script: false });
    await expectSent(shop, 41003);
    expect(shop.opened.errors).toEqual([]);
  });
});

describe('other pickers on the page', () => {
  const otherProduct = liquidJson([
    { id: 91001, options: ['One size', 'Ecru'], available: true },
    { id: 91002, options: ['One size', 'Black'], available: true },
  ]);
  const quickAdd = (options: PickerPlan) =>
    `<quick-add-modal id="QuickAdd-1" open><div id="QuickAddInfo-1">${dawn({ section: 'quickadd-template--1__main', updateUrl: false, ...options })}</div></quick-add-modal>`;

  it('a quick-add of another product above the main picker, showing a combination its product does not sell: the main choice goes in, and a main choice not sold still sends nothing', async () => {
    const markup = quickAdd({ options: [['Size', ['One size']], ['Colour', ['Ecru', 'Black', 'Sand']]], list: otherProduct, shown: ['One size', 'Sand'], formId: '91001' }) + dawn();
    const shop = await open('&variant=41001', { markup });
    await choose(shop.page, 'Size', 'L');
    await choose(shop.page, 'Colour', 'Rust');
    await expectSent(shop, 41003);
    await choose(shop.page, 'Size', 'S');
    await expectAskedToChoose(shop);
  });

  it('a picker of the same product inside a `<template>` (markup kept for a quick-add), showing a combination not sold: it is not read; the main choice goes in', async () => {
    const markup = `<template id="quick-add-template">${dawn({ section: 'quickadd-template--2__main', updateUrl: false, shown: ['S', 'Rust'] })}</template>` + dawn();
    const shop = await open('&variant=41001', { markup });
    await choose(shop.page, 'Size', 'L');
    await choose(shop.page, 'Colour', 'Rust');
    await expectSent(shop, 41003);
  });

  // Dawn's "Featured product" section (sections/featured-product.liquid, its picker with
  // `update_url: false`) of the same product placed above the main one: the main section's
  // form and picker are read first.
  it('a "Featured product" section of the same product above the main one: the shopper\'s L / Rust in the main picker goes in', async () => {
    const markup = dawn({ section: 'featured', updateUrl: false }) + dawn();
    const shop = await open('&variant=41001', { markup });
    await choose(shop.page, 'Size', 'L');
    await choose(shop.page, 'Colour', 'Rust');
    await expectSent(shop, 41003);
  });

  it('a quick-add of the same product (assets/quick-add.js marks its picker `data-update-url="false"`) open above the main picker on M / Navy: the main choice goes in, and a main choice not sold still sends nothing', async () => {
    const markup = quickAdd({ shown: ['M', 'Navy'], formId: '41002' }) + dawn();
    const shop = await open('&variant=41001', { markup });
    await choose(shop.page, 'Size', 'L');
    await choose(shop.page, 'Colour', 'Rust');
    await expectSent(shop, 41003);
    await choose(shop.page, 'Size', 'S');
    await expectAskedToChoose(shop);
  });

  it('Dawn v15: a featured section of the same product (`<product-info data-update-url="false">`) above the main one (`data-update-url="true"`): the main form\'s L / Rust goes in; the main form emptied (options not sold) asks to choose, the featured S / Navy is not sent', async () => {
    const v15 = (section: string, updateUrl: boolean, variant: Variant, shown: string[]) =>
      `<product-info id="ProductInfo-${section}" data-section="${section}" data-update-url="${updateUrl}" data-url="/products/quiberon-crewneck">` +
      dawn({ section, shown, formId: String(variant.id), list: liquidJson(variant) }).replace('<script type="application/json">', '<script type="application/json" data-selected-variant>') +
      '</product-info>';
    const markup = v15('featured', false, KNIT[0], ['S', 'Navy']) + v15('main', true, KNIT[2], ['L', 'Rust']);
    const shop = await open('&variant=41003', { markup, script: false });
    await expectSent(shop, 41003);
    // What product-info.js does with a combination that has no variant: the main form's `id` emptied.
    await choose(shop.page, 'Size', 'S');
    await shop.page.evaluate(() => {
      document.querySelector('#variant-selects-main [data-selected-variant]')!.textContent = 'null';
      document.querySelector<HTMLInputElement>('#product-form-main [name="id"]')!.value = '';
    });
    await expectAskedToChoose(shop);
  });

  it('the shopper changes the dropdowns before Dawn\'s script has run (assets/global.js still loading), so the form and the URL still say S / Navy while the page shows L / Rust: S / Navy is not sent', async () => {
    const shop = await open('&variant=41001', { markup: dawn(), script: false });
    await choose(shop.page, 'Size', 'L');
    await choose(shop.page, 'Colour', 'Rust');
    expect(await shop.page.locator('#product-form-main [name="id"]').inputValue()).toBe('41001');
    await expectAskedToChoose(shop);
  });

  it('a picker that draws its options as the theme\'s own buttons (no dropdown or fieldset in it), its list beside them: the variant the form holds goes in', async () => {
    const markup = dawn({ options: [], shown: [], formId: '41003' }).replace(
      '<script type="application/json">',
      '<div role="group" aria-label="Size"><button type="button" aria-pressed="true">L</button></div><div role="group" aria-label="Colour"><button type="button" aria-pressed="true">Rust</button></div><script type="application/json">',
    );
    const shop = await open('&variant=41003', { markup, script: false });
    await expectSent(shop, 41003);
  });
});

describe('Dawn v15 and later: the picker holds the selected variant, not the list', () => {
  it('v15\'s picker (`data-selected-variant`): a sold combination goes in; one not sold, whose form `id` assets/product-info.js empties, sends nothing', async () => {
    const markup = dawn({ shown: ['L', 'Rust'], formId: '41003', list: liquidJson(KNIT[2]) }).replace('<script type="application/json">', '<script type="application/json" data-selected-variant>');
    const shop = await open('&variant=41003', { markup, script: false });
    await expectSent(shop, 41003);
    // What product-info.js does with a combination that has no variant: the section comes
    // back with `null` as the selected variant, and the form's `id` is emptied.
    await choose(shop.page, 'Size', 'S');
    await shop.page.evaluate(() => {
      document.querySelector('#variant-selects-main [data-selected-variant]')!.textContent = 'null';
      document.querySelector<HTMLInputElement>('#product-form-main [name="id"]')!.value = '';
    });
    await expectAskedToChoose(shop);
  });

  it('a picker with no JSON in it and the list elsewhere on the page (a theme\'s `ProductJson-…` script): the variant the form holds goes in', async () => {
    const markup =
      dawn({ shown: ['L', 'Rust'], formId: '41003' }).replace(/<script type="application\/json">.*?<\/script>/, '') +
      `<script type="application/json" id="ProductJson-main">${liquidJson({ variants: KNIT })}</script>`;
    const shop = await open('&variant=41003', { markup, script: false });
    await expectSent(shop, 41003);
  });
});

describe('sold out: Shopify\'s own refusal reaches the shopper', () => {
  it('Dawn v2–v12\'s `<variant-radios>`: M / Navy, sold out, goes in the form with its button disabled; it is sent and Shopify\'s words are shown, not a request to choose', async () => {
    const shop = await open('&variant=41001', { markup: dawn({ tag: 'variant-radios', kind: 'radios' }) });
    shop.soldOut = '41002';
    await shop.page.locator('input[name="Size"][value="M"]').check();
    expect(await shop.page.locator('#product-form-main [name="add"]').isDisabled()).toBe(true);
    await expectSent(shop, 41002);
    expect(await status(shop.page)).toContain(SOLD_OUT);
    expect(await status(shop.page)).not.toContain(CHOOSE);
  });

  it('a page opened on the sold-out variant (`?variant=` names it) whose form `id` Liquid printed disabled and product-form.js has not enabled: it is sent and Shopify\'s words are shown', async () => {
    const markup = dawn({ shown: ['M', 'Navy'] }).replace(/<product-form.*<\/product-form>/, productForm('main', '41002', true));
    const shop = await open('&variant=41002', { markup, script: false });
    shop.soldOut = '41002';
    await expectSent(shop, 41002);
    expect(await status(shop.page)).toContain(SOLD_OUT);
  });

  // buy-buttons.liquid (v12 on) prints the form's `id` disabled when the variant shown,
  // `product.selected_or_first_available_variant`, is sold out; product-form.js enables it once
  // it runs. With no `variant=` in the URL that variant is the first available one, so the
  // `id` is disabled only when every variant is sold out: then it is the product's first.
  it('the product all sold out, no `variant=` in the URL: the first variant, in the form disabled, is sent and Shopify\'s words are shown', async () => {
    const list = liquidJson(KNIT.map((v) => ({ ...v, available: false })));
    const markup = dawn({ list }).replace(/<product-form.*<\/product-form>/, productForm('main', '41001', true));
    const shop = await open('', { markup, script: false });
    shop.soldOut = '41001';
    await expectSent(shop, 41001);
    expect(await status(shop.page)).toContain(SOLD_OUT);
    expect(await status(shop.page)).not.toContain(CHOOSE);
  });

  it('Dawn v6–v11 (every form\'s `id` printed disabled until product-form.js runs), opened on L / Rust with a featured section of the same product on S / Navy above: the main form\'s L / Rust goes in', async () => {
    const disabled = (section: string, formId: string) => (html: string) => html.replace(/<product-form.*<\/product-form>/, productForm(section, formId, true));
    const markup = disabled('featured', '41001')(dawn({ section: 'featured', updateUrl: false })) + disabled('main', '41003')(dawn({ shown: ['L', 'Rust'], formId: '41003' }));
    const shop = await open('&variant=41003', { markup, script: false });
    await expectSent(shop, 41003);
  });
});
