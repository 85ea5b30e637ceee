import Mustache from 'mustache';
import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../../../../src/core/template/parseTemplate';
import { renderTemplate } from '../../../../src/core/template/renderTemplate';
import { builtinThemes } from '../../../../src/core/theme/builtinThemes';

// Themes were written against mustache.js 4, which the embed used to bundle: its parse
// is the reference, token for token, white space of standalone lines included.
const templates = [
  builtinThemes.carousel.htmlTemplate,
  '<ul>\n  {{#products}}\n  <li>{{product_name}}</li>\n  {{/products}}\n</ul>\n',
  '{{#products}}\r\n\t{{! a note }}\r\n<i>{{product_sku}}</i>\n{{/products}}',
  '  {{#a}}  \n x {{/a}}\n{{^b}}\n  {{c}}\n{{/b}}  ',
  '{{=<% %>=}}\n<%#products%><% product_index %><%/products%>\n<%={{ }}=%>{{x}}',
  '{{{ raw }}} {{& amp }} {{ spaced }} {{#  products  }}{{.}}{{/  products  }}',
  '{{> partial}}\n{{!comment}}\n  {{> indented}}\n',
  '{{a.b.c}}{{#a}}{{b.c}}{{/a}}{{#a.b}}{{c}}{{/a.b}}',
  'no tags at all\n\n',
  '',
  '{{{x}  }}}y {{= <% %> x =}}<%y%>',
];

describe('parseTemplate', () => {
  it.each(templates)('parses %j as mustache.js does', (template) => {
    // A partial's token carries its indentation in mustache.js; partials render nothing here.
    const theirs = JSON.parse(JSON.stringify(new Mustache.Writer().parse(template)), (key, value) => (Array.isArray(value) && value[0] == '>' ? value.slice(0, 4) : value));
    expect(parseTemplate(template)).toEqual(theirs);
  });

  it.each([
    ['{{#a}}x', /Unclosed section "a" at 7/],
    ['{{#a}}x{{/b}}', /Unclosed section "a" at 7/],
    ['x{{/a}}', /Unopened section "a" at 1/],
    ['{{a', /Unclosed tag at 3/],
    ['{{=<%=}}', /Invalid tags: <%/],
  ])('fails on %j as mustache.js does', (template, message) => {
    expect(() => new Mustache.Writer().parse(template)).toThrow(message);
    expect(() => parseTemplate(template)).toThrow(message);
  });
});

describe('renderTemplate', () => {
  const escape = (value: unknown) => (typeof value == 'object' ? '' : String(value).replace(/[&<>"'`=/\s]/g, (c) => '&#' + c.charCodeAt(0) + ';'));
  const view = Object.assign(Object.create(null), {
    a: { b: { c: 'deep' }, flag: true },
    list: ['x', 'y'],
    empty: [],
    name: 'Wool Coat',
    zero: 0,
    yes: true,
    products: [Object.assign(Object.create(null), { product_name: 'A', product_index: 1 }), Object.assign(Object.create(null), { product_name: 'B', product_index: 2 })],
  });
  it.each([
    '{{#products}}{{product_name}} of {{name}};{{/products}}',
    '{{#list}}[{{.}}]{{/list}}{{^empty}}none{{/empty}}{{#empty}}never{{/empty}}',
    '{{#a}}{{b.c}}{{#flag}}!{{/flag}}{{/a}}{{a.b.c}}{{missing.x}}',
    '{{#zero}}no{{/zero}}{{^zero}}zero{{/zero}}{{zero}}{{#yes}}{{name}}{{/yes}}',
    '{{#name}}{{.}}:{{length}}:{{name.length}}{{/name}}',
    '<ul>\n  {{#products}}\n  <li>{{product_index}}</li>\n  {{/products}}\n</ul>',
  ])('renders %j as mustache.js does', (template) => {
    const expected = new Mustache.Writer().renderTokens(new Mustache.Writer().parse(template), new Mustache.Context(view), undefined, template, { escape });
    expect(renderTemplate(template, view)).toBe(expected);
  });
});
