// The rules that catch what the renderer or a strict CSP drops without a word, and the
// fix each problem carries: applying it must make that problem go away.
import { describe, expect, it } from 'vitest';
import { lintTheme, type ThemeProblem, type ThemeSources } from '../../../src/lint/lintTheme';
import { lintRules } from '../../../src/lint/lintRules';
import { PLACEHOLDERS } from '../../../src/index';

const base: ThemeSources = { themeId: 'summer', htmlTemplate: '', cssTemplate: '', jsTemplate: '' };

function lint(patch: Partial<ThemeSources>): ThemeProblem[] {
  return lintTheme({ ...base, ...patch }, PLACEHOLDERS);
}

function where(patch: Partial<ThemeSources>): string[] {
  return lint(patch).map((p) => `${p.source} ${p.line}:${p.column} ${p.code}`);
}

/** The source after the problem's fix, as the studio's Fix button applies it. */
function fixed(text: string, p: ThemeProblem): string {
  if (!p.fix) throw new Error(`${p.code} has no fix`);
  return text.slice(0, p.fix.from) + p.fix.insert + text.slice(p.fix.to);
}

/** Lints the HTML, applies the first problem's fix and lints again. */
function fixHtml(html: string): { problem: ThemeProblem; after: string; left: string[] } {
  const [problem] = lint({ htmlTemplate: html });
  const after = fixed(html, problem);
  return { problem, after, left: where({ htmlTemplate: after }) };
}

describe('silent drops', () => {
  it('reports a <script> in the HTML, which the sanitiser removes, and removes it as a fix', () => {
    const { problem, after, left } = fixHtml('<b>{{product_name}}</b>\n<script>alert(1)</script>');
    expect(problem).toMatchObject({ code: 'dropped-element', line: 2, column: 1 });
    expect(problem.message).toContain('Put the code in jsTemplate');
    expect(after).toBe('<b>{{product_name}}</b>\n');
    expect(left).toEqual([]);
  });

  it('reports every element the sanitiser drops', () => {
    expect(where({ htmlTemplate: '<iframe src="/x"></iframe><link rel="x"><object></object>' }).map((w) => w.split(' ')[2]))
      .toEqual(['dropped-element', 'dropped-element', 'dropped-element']);
  });

  it('reports on* attributes and srcdoc where they are written, and removes them', () => {
    const { problem, after, left } = fixHtml('<button type="button"\n  onclick="buy()">Buy</button>');
    expect(problem).toMatchObject({ code: 'dropped-attribute', line: 2, column: 3 });
    expect(problem.message).toContain("root.addEventListener('click', …)");
    expect(after).toBe('<button type="button">Buy</button>');
    expect(left).toEqual([]);
    expect(where({ htmlTemplate: '<div srcdoc="<b>x</b>"></div>' })).toEqual(['html 1:6 dropped-attribute']);
  });

  it('reports a style attribute, which a strict nonce CSP blocks', () => {
    const { problem, after } = fixHtml('<span style="color: hotpink">{{product_name}}</span>');
    expect(problem).toMatchObject({ code: 'inline-style', line: 1, column: 7, severity: 'warning' });
    expect(problem.message).toContain('strict nonce Content-Security-Policy');
    expect(after).toBe('<span>{{product_name}}</span>');
  });
});

describe('{{.}} on an object', () => {
  it('is an error inside {{#products}}, fixed to a product field', () => {
    const html = '<ul>{{#products}}\n  <li>{{.}}</li>\n{{/products}}</ul>';
    const { problem, after, left } = fixHtml(html);
    expect(problem).toMatchObject({ code: 'dot-on-object', severity: 'error', line: 2, column: 7 });
    expect(problem.message).toBe('{{.}} is the current item, and here that is a product, not text, so it cannot show as text. Name the field to show, such as {{product_name}}.');
    expect(after).toContain('<li>{{product_name}}</li>');
    expect(left).toEqual([]);
  });

  it('is an error at the top of a card template (the product) and of a widget template (the widget)', () => {
    expect(lint({ htmlTemplate: '<b>{{.}}</b>' })[0].fix?.insert).toBe('{{product_name}}');
    expect(lint({ htmlTemplate: '<h2>{{.}}</h2>{{#products}}{{product_name}}{{/products}}' })[0].fix?.insert).toBe('{{widget_displayName}}');
  });

  it('is an error for {{products}} used as a value, fixed to a loop', () => {
    const { problem, after, left } = fixHtml('<p>{{products}}</p>');
    expect(problem).toMatchObject({ code: 'dot-on-object', line: 1, column: 4 });
    expect(after).toBe('<p>{{#products}}{{product_name}}{{/products}}</p>');
    expect(left).toEqual([]);
  });

  it('is fine inside a section over a text field, also within an inverted one', () => {
    expect(lint({ htmlTemplate: '{{#products}}{{#variant_name}}<i>{{.}}</i>{{^product_imageUrl}}{{.}}{{/product_imageUrl}}{{/variant_name}}{{/products}}' })).toEqual([]);
  });
});

describe('unbalanced HTML', () => {
  it('reports a closing tag typed twice and removes the stray one', () => {
    const { problem, after, left } = fixHtml('<em class="flag">Fresh pick</em></em>');
    expect(problem).toMatchObject({ code: 'unbalanced-html', line: 1, column: 33 });
    expect(problem.message).toBe('</em> closes nothing that is open, so the browser drops it.');
    expect(after).toBe('<em class="flag">Fresh pick</em>');
    expect(left).toEqual([]);
  });

  it('reports an element left open before its parent closes, and closes it there', () => {
    const { problem, after, left } = fixHtml('<div>\n  <b>{{product_name}}\n</div>');
    expect(problem).toMatchObject({ code: 'unbalanced-html', line: 2, column: 3 });
    expect(problem.message).toBe('<b> is never closed before </div> at 3:1: add </b>.');
    expect(after).toBe('<div>\n  <b>{{product_name}}\n</b></div>');
    expect(left).toEqual([]);
  });

  it('accepts void elements, self-closing tags, optional end tags and tags in comments or strings', () => {
    expect(lint({ htmlTemplate: '<ul><li>a<li>b</ul><br><img alt="" src="x"/><svg><path d="M0"/></svg><!-- <b> --><p>x' })).toEqual([]);
    expect(lint({ htmlTemplate: '<style>.a>b{}</style>' }).map((p) => p.code)).toEqual([]);
  });
});

describe('fixes of the other rules', () => {
  it('each makes its own problem go away', () => {
    const cases = [
      '<img src="{{product_imageUrl}}">',
      '{{produt_name}}',
      '{{{product_name}}}',
      '{{> card}}',
      '{{#products}}{{product_name}}',
      '{{/products}}',
      '{{#products}}x{{/product}}{{/products}}',
      '<i>{{product_price</i>',
    ];
    for (const html of cases) {
      const { problem, left } = fixHtml(html);
      expect(left, `${html} → ${problem.code}`).not.toContain(`html ${problem.line}:${problem.column} ${problem.code}`);
    }
    const [leak] = lint({ cssTemplate: 'h2 { color: red }' });
    expect(lint({ cssTemplate: fixed('h2 { color: red }', leak) })).toEqual([]);
  });
});

describe('rule documentation', () => {
  it('has one line for every rule the linter can report', () => {
    for (const doc of Object.values(lintRules)) expect(doc).toMatch(/^[^\n]{20,160}$/);
    const codes = new Set(lint({
      htmlTemplate: '<script></script><b onclick="x" style="y">{{.}}{{nope}}</i>{{> p}}<img>',
      cssTemplate: 'p{}', jsTemplate: '(',
    }).map((p) => p.code));
    for (const code of codes) expect(lintRules[code], code).toBeDefined();
  });
});
