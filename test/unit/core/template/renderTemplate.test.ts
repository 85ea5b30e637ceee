import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isWholeWidget, renderTemplate } from '../../../../src/core/template/renderTemplate';
import { buildView } from '../../../../src/core/template/buildView';
import type { WidgetEnvelope } from '../../../../src/types/interface';

const envelope: WidgetEnvelope = {
  errMsg: null,
  numberofdocs: 2,
  success: '0',
  widgetType: 'trending',
  widgetName: 'Trending now',
  products: [
    { name: 'Wool Coat', sku: 'C-1', price: '120', smallImage: '/img/c1.svg', currentPageUrl: '/products/c1', discountedPrice: '90', variantName: 'Navy / M' },
    { name: 'Linen Shirt', sku: 'S-2', price: 45, smallImage: 'https://cdn.example/s2.svg', currentPageUrl: 'https://shop.example/products/s2' },
  ],
};
const view = buildView(envelope, undefined, { locale: 'en-US', currency: 'USD' });

/** Markup as the browser reads it, so `&#32;` and a space compare equal. */
function html(markup: string): string {
  const holder = document.createElement('template');
  holder.innerHTML = markup;
  return holder.innerHTML;
}

// Fixture triplets: the template, what it renders with the view above.
const cases: [string, string, string][] = [
  ['whole widget loop', '<h3>{{widget_displayName}}</h3>{{#products}}<i>{{product_name}}</i>{{/products}}', '<h3>Trending now</h3><i>Wool Coat</i><i>Linen Shirt</i>'],
  [
    'every product placeholder',
    '{{#products}}[{{product_name}}|{{product_price}}|{{product_discountedPrice}}|{{nodiscount_price}}|{{product_imageUrl}}|{{product_currentPageUrl}}|{{variant_name}}|{{product_sku}}|{{product_index}}]{{/products}}',
    '[Wool Coat|$120.00|$90.00||/img/c1.svg|/products/c1|Navy / M|C-1|1][Linen Shirt|$45.00||$45.00|https://cdn.example/s2.svg|https://shop.example/products/s2||S-2|2]',
  ],
  ['discount section', '{{#products}}{{#product_discountedPrice}}<s>{{product_price}}</s>{{/product_discountedPrice}}{{/products}}', '<s>$120.00</s>'],
  ['prototype names render nothing', '{{constructor}}{{__proto__}}{{products.constructor}}{{#products}}{{toString}}{{/products}}x', 'x'],
  ['partials render nothing', '{{> evil}}ok', 'ok'],
  ['inverted sections and comments', '{{#products}}{{^variant_name}}<i>{{product_sku}}</i>{{/variant_name}}{{! a note }}{{/products}}', '<i>S-2</i>'],
  ['dotted names and the current item', '{{#products}}{{#product_name}}{{.}};{{/product_name}}{{/products}}{{products.0.product_sku}}', 'Wool Coat;Linen Shirt;C-1'],
  ['triple-stache and ampersand tags render, as text', '{{{widget_displayName}}}|{{& widget_displayName}}', 'Trending now|Trending now'],
  ['changed delimiters', '{{=<% %>=}}<%#products%><% product_index %><%/products%>', '12'],
];

describe('renderTemplate', () => {
  it.each(cases)('%s', (_, template, expected) => {
    expect(html(renderTemplate(template, view))).toBe(html(expected));
  });

  it('renders a card template with its product in front of the widget names', () => {
    expect(html(renderTemplate('{{widget_displayName}}: {{product_name}}', view, view.products[1]))).toBe('Trending now: Linen Shirt');
  });

  it('escapes triple-stache and ampersand tags: product data is always text', () => {
    const hostile = buildView({ ...envelope, widgetName: '<b>x</b>', products: [{ ...envelope.products[0], name: '<img src=x onerror=alert(1)>' }] }, undefined, { locale: 'en' });
    const out = renderTemplate('{{{widget_displayName}}}{{#products}}{{{product_name}}}{{& product_name}}{{/products}}', hostile);
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<b>');
    expect(html(out)).toBe('&lt;b&gt;x&lt;/b&gt;' + '&lt;img src=x onerror=alert(1)&gt;'.repeat(2));
  });

  it('a template rendered again, for every card and after isWholeWidget, is escaped and guarded each time', () => {
    const hostile = buildView({ ...envelope, products: [{ ...envelope.products[0], name: '<i>x</i>' }] }, undefined, { locale: 'en' });
    const template = '<p>{{{product_name}}}{{& product_name}}{{> partial}}[{{constructor}}]</p>';
    expect(isWholeWidget(template)).toBe(false);
    for (let i = 0; i < 3; i++) {
      expect(html(renderTemplate(template, hostile, hostile.products[0]))).toBe('<p>' + '&lt;i&gt;x&lt;/i&gt;'.repeat(2) + '[]</p>');
    }
  });

  it('ignores a polluted Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.product_name = 'polluted';
    proto.sneaky = '<script>';
    try {
      expect(html(renderTemplate('{{sneaky}}{{#products}}{{product_name}},{{/products}}', view))).toBe('Wool Coat,Linen Shirt,');
    } finally {
      delete proto.product_name;
      delete proto.sneaky;
    }
  });

  it('throws a readable error on an unclosed section', () => {
    expect(() => renderTemplate('{{#products}}<i>', view)).toThrow(/Unclosed section "products"/);
  });

  it('keeps an unquoted attribute one attribute whatever the name holds', () => {
    const spaced = buildView({ ...envelope, products: [{ ...envelope.products[0], name: 'x autofocus tabindex=1\topen' }] }, undefined, { locale: 'en' });
    const holder = document.createElement('div');
    holder.innerHTML = renderTemplate('{{#products}}<b title={{product_name}}>n</b>{{/products}}', spaced);
    const b = holder.querySelector('b')!;
    expect(b.getAttributeNames()).toEqual(['title']);
    expect(b.title).toBe('x autofocus tabindex=1\topen');
  });

  it('tells a whole-widget template from a card', () => {
    expect(isWholeWidget('<ul>{{#products}}<li>{{product_name}}</li>{{/products}}</ul>')).toBe(true);
    expect(isWholeWidget('<a href="{{product_currentPageUrl}}">{{product_name}}</a>')).toBe(false);
  });
});

// The shipped files are minified twice and carry a trimmed Mustache (build.mjs): the
// same fixtures run through the ESM build as a storefront developer imports it.
describe('renderTemplate in dist/vitrine.mjs', () => {
  const shipped = resolve('dist/vitrine.mjs');
  const load = () => import(/* @vite-ignore */ shipped) as Promise<typeof import('../../../../src/index')>;

  it.each(cases)('%s', async (_, template, expected) => {
    const dist = await load();
    expect(html(dist.renderTemplate(template, dist.buildView(envelope, undefined, { locale: 'en-US', currency: 'USD' })))).toBe(html(expected));
  });

  it('still says where a template is broken', async () => {
    const dist = await load();
    expect(() => dist.renderTemplate('{{#products}}<i>', view)).toThrow(/Unclosed section "products"/);
  });
});
