import { describe, expect, it } from 'vitest';
import { lintTheme, type ThemeSources } from '../../../src/lint/lintTheme';
import type { KnownPlaceholder } from '../../../src/lint/ThemeProblem';

// interface.md's eight placeholders: the linter is given them, it does not import the embed.
const placeholders: KnownPlaceholder[] = [
  { name: 'widget_displayName', scope: 'widget' },
  ...['product_currentPageUrl', 'product_imageUrl', 'product_name', 'product_price',
    'product_discountedPrice', 'nodiscount_price', 'variant_name'].map((name) => ({ name, scope: 'product' as const })),
];

const clean: ThemeSources = {
  themeId: 'summer',
  htmlTemplate: [
    '<h2>{{widget_displayName}}</h2>',
    '<ul>{{#products}}',
    '  <li><a href="{{product_currentPageUrl}}"><img src="{{product_imageUrl}}" alt="{{product_name}}"></a>',
    '  {{#product_discountedPrice}}<s>{{nodiscount_price}}</s>{{/product_discountedPrice}} {{product_price}}</li>',
    '{{/products}}</ul>',
  ].join('\n'),
  cssTemplate: '.vitrine-theme--summer h2 { color: red }\n@media (max-width: 600px) { .vitrine-theme--summer li { width: 100% } }',
  jsTemplate: 'root.dataset.ready = "1";\nreturn;',
};

function lint(patch: Partial<ThemeSources>) {
  return lintTheme({ ...clean, ...patch }, placeholders);
}

/** The problems as `line:column code` strings, the way the studio lists them. */
function where(patch: Partial<ThemeSources>): string[] {
  return lint(patch).map((p) => `${p.source} ${p.line}:${p.column} ${p.code}`);
}

describe('lintTheme', () => {
  it('finds nothing wrong with a sound theme', () => {
    expect(lint({})).toEqual([]);
  });

  it('reports an unknown placeholder where it is, and suggests the near name', () => {
    const [p] = lint({ htmlTemplate: '<p>\n  {{produt_name}}</p>' });
    expect(p).toMatchObject({ code: 'unknown-placeholder', line: 2, column: 3, from: 6, to: 21, severity: 'warning' });
    expect(p.message).toBe('Unknown placeholder {{produt_name}}: it renders as nothing. Did you mean {{product_name}}?');
  });

  it('does not guess when no known name is close', () => {
    expect(lint({ htmlTemplate: '{{zebra}}' })[0].message).toBe('Unknown placeholder {{zebra}}: it renders as nothing.');
  });

  it('reports a section that is never closed at its opening tag', () => {
    const [p] = lint({ htmlTemplate: '<ul>\n{{#products}}<li>{{product_name}}</li>\n</ul>' });
    expect(`${p.line}:${p.column}`).toBe('2:1');
    expect(p).toMatchObject({ code: 'unclosed-section', severity: 'error' });
    expect(p.message).toBe('Section {{#products}} is never closed: add {{/products}}.');
  });

  it('reports a closing tag that matches no open section, naming the section that is open', () => {
    const html = '{{#products}}\n  {{#product_discountedPrice}}x{{/product_discountPrice}}{{/product_discountedPrice}}{{/products}}';
    const problems = lint({ htmlTemplate: html });
    expect(problems.map((p) => `${p.line}:${p.column} ${p.code}`)).toEqual(['2:32 mismatched-section']);
    expect(problems[0].message).toBe(
      '{{/product_discountPrice}} does not match {{#product_discountedPrice}} opened at 2:3; close that one first.');
  });

  it('reports an inner section left open where it opens, when the outer one closes', () => {
    const problems = lint({ htmlTemplate: '<ul>{{#products}}\n<li>{{#product_discountedPrice}}<s>x</s>\n</li>{{/products}}</ul>' });
    expect(problems.map((p) => `${p.line}:${p.column} ${p.code}`)).toEqual(['2:5 unclosed-section']);
    expect(problems[0].message).toBe('Section {{#product_discountedPrice}} is never closed: add {{/product_discountedPrice}} before {{/products}}.');
  });

  it('reports a closing tag with nothing open', () => {
    expect(where({ htmlTemplate: 'a\n {{/products}}' })).toEqual(['html 2:2 unopened-section']);
    expect(lint({ htmlTemplate: '{{/products}}' })[0].message).toBe('{{/products}} closes a section that was never opened.');
  });

  it('reports a tag left open to the end', () => {
    const [p] = lint({ htmlTemplate: '<b>{{product_name}}</b>\n<i>{{product_price</i>' });
    expect(p).toMatchObject({ code: 'unclosed-tag', line: 2, column: 4, severity: 'error' });
  });

  it('says that Vitrine escapes product fields anyway for triple-stache and {{&}}', () => {
    const problems = lint({ htmlTemplate: '<p>{{{product_name}}}</p>\n<p>{{& variant_name }}</p>' });
    expect(problems.map((p) => `${p.line}:${p.column} ${p.code}`)).toEqual([
      '1:4 unescaped-product-field',
      '2:4 unescaped-product-field',
    ]);
    expect(problems[0].message).toBe(
      '{{{product_name}}} asks for unescaped HTML, but Vitrine escapes product fields anyway (product data is always text): write {{product_name}}.');
    expect(problems[1].message).toContain('{{& variant_name }} asks for unescaped HTML');
  });

  it('warns that partials render nothing', () => {
    const [p] = lint({ htmlTemplate: '<div>\n {{> card}}</div>' });
    expect(p).toMatchObject({ code: 'partial', line: 2, column: 2, severity: 'warning' });
    expect(p.message).toBe('{{> card}} renders nothing: Vitrine themes have no partials. Write the markup here instead.');
  });

  it('leaves raw output of a widget field alone', () => {
    expect(lint({ htmlTemplate: '<h2>{{{widget_displayName}}}</h2>' })).toEqual([]);
  });

  it('warns about a product field used outside the product loop of a widget template', () => {
    const [p] = lint({ htmlTemplate: '{{product_name}}\n{{#products}}{{product_name}}{{/products}}' });
    expect(p).toMatchObject({ code: 'placeholder-out-of-scope', line: 1, column: 1 });
    // A card template (no loop) is repeated per product, so the same field is fine there.
    expect(lint({ htmlTemplate: '<b>{{product_name}}</b>' })).toEqual([]);
  });

  it('reports an image without alt, but accepts alt="" and hidden images', () => {
    const html = '<p>\n  <img src="{{product_imageUrl}}">\n<img alt="" src="a.png"><img role="presentation"></p>';
    const problems = lint({ htmlTemplate: html });
    expect(problems.map((p) => `${p.line}:${p.column} ${p.code}`)).toEqual(['2:3 img-without-alt']);
    expect(problems[0].message).toContain('<img> has no alt attribute');
  });

  it('does not mistake an <img> inside a Mustache comment for markup', () => {
    expect(lint({ htmlTemplate: '{{! <img src=x> }}<b>ok</b>' })).toEqual([]);
  });

  it('reports a link without text, counting placeholders, image alts and aria-label as text', () => {
    const html = [
      '<a href="/x"><img src="a.png" alt=""></a>',
      '<a href="/x">{{product_name}}</a>',
      '<a href="/x"><img src="a.png" alt="{{product_name}}"></a>',
      '<a href="/x" aria-label="Open"><span></span></a>',
      '<a href="/x">{{#product_name}}{{/product_name}}</a>',
    ].join('\n');
    const problems = lint({ htmlTemplate: html });
    expect(problems.map((p) => `${p.line}:${p.column} ${p.code}`)).toEqual(['1:1 link-without-text', '5:1 link-without-text']);
    expect(problems[0].message).toContain('<a> has no text');
  });

  it('reports CSS selectors that leak onto the host page, each at its own position', () => {
    const css = [
      '.vitrine-theme--summer .card, h2 { color: red }',
      '/* body { } is only a comment */',
      '@media (min-width: 40em) {',
      '  body { margin: 0 }',
      '}',
      '@keyframes spin { from { opacity: 0 } to { opacity: 1 } }',
      '.vitrine-theme--summer + p { color: blue }',
      '.vitrine-theme--summertime a { color: blue }',
      'body:not(.vitrine-theme--summer) a {}',
      ':where(.vitrine-theme--summer) .price, .vitrine-theme--summer > li:nth-child(2n+1) { x: y }',
    ].join('\n');
    const problems = lint({ cssTemplate: css });
    expect(problems.map((p) => `${p.line}:${p.column} ${p.code}`)).toEqual([
      '1:31 leaking-selector',
      '4:3 leaking-selector',
      '7:1 leaking-selector',
      '8:1 leaking-selector',
      '9:1 leaking-selector',
    ]);
    expect(problems[0].message).toBe(
      'Selector "h2" is not scoped under .vitrine-theme--summer, so it would also style the host page. Write ".vitrine-theme--summer h2".');
    expect(problems[2].message).toBe('Selector ".vitrine-theme--summer + p" reaches elements beside the widget, on the host page.');
  });

  it('scopes by the class the embed writes, with other characters of the themeId as _', () => {
    expect(lint({ themeId: 'summer v2', cssTemplate: '.vitrine-theme--summer_v2 p {}' })).toEqual([]);
    expect(lint({ themeId: 'summer v2', cssTemplate: 'p {}' })[0].message).toContain('Write ".vitrine-theme--summer_v2 p"');
  });

  it('checks rules inside @supports and @layer, and leaves nested rules, @scope to the widget and @font-face alone', () => {
    const css = [
      '@supports (display: grid) { @layer theme { .grid { display: grid } } }',
      '.vitrine-theme--summer .card { color: red; &:hover { color: blue } .badge { color: green } }',
      '@scope (.vitrine-theme--summer) { img { width: 100% } }',
      '@scope (.product) { img { width: 100% } }',
      '@font-face { font-family: "Brand"; src: url("brand.woff2") }',
      'a[title="x, y {"] { color: red }',
    ].join('\n');
    expect(where({ cssTemplate: css })).toEqual(['css 1:44 leaking-selector', 'css 4:1 leaking-selector', 'css 6:1 leaking-selector']);
    const problems = lint({ cssTemplate: css });
    expect(problems[1].message).toBe('@scope (.product) is not the widget: scope it to (.vitrine-theme--summer).');
    // Strings are blanked while scanning; the message still quotes what the author wrote.
    expect(problems[2].message).toContain('Selector "a[title="x, y {"]" is not scoped');
  });

  it('reports @import, which pulls a whole stylesheet onto the page', () => {
    expect(where({ cssTemplate: '@import url("x.css");' })).toEqual(['css 1:1 leaking-selector']);
  });

  it('reports JavaScript that does not parse, with acorn\'s position', () => {
    const [p] = lint({ jsTemplate: 'const a = 1;\nif (a {\n}' });
    expect(p).toMatchObject({ source: 'js', code: 'js-syntax', line: 2, column: 7, severity: 'error' });
    expect(p.message).toBe('JavaScript does not parse: Unexpected token. The script will not run.');
  });

  it('parses the script as a function body, so a top-level return is fine', () => {
    expect(lint({ jsTemplate: 'if (!root) return;\nroot.hidden = false;' })).toEqual([]);
  });

  it('orders problems by source then position', () => {
    const problems = lint({ htmlTemplate: '<img>{{nope}}', cssTemplate: 'p {}', jsTemplate: '(' });
    expect(problems.map((p) => `${p.source} ${p.code}`)).toEqual([
      'html img-without-alt',
      'html unknown-placeholder',
      'css leaking-selector',
      'js js-syntax',
    ]);
  });

  it('follows {{=<% %>=}} delimiter changes', () => {
    expect(where({ htmlTemplate: '{{=<% %>=}}<b><% product_name %></b><% nope %>' })).toEqual(['html 1:37 unknown-placeholder']);
  });
});
