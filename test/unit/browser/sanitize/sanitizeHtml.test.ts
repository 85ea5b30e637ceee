import { describe, expect, it } from 'vitest';
import { sanitizeNodes } from '../../../../src/browser/sanitize/sanitizeHtml';
import { safeUrl } from '../../../../src/core/template/safeUrl';

describe('safeUrl', () => {
  it.each(['https://a.example/x', 'http://a.example', '/products/1', 'products/1', '//cdn.example/i.png', '?q=1', '#top'])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });
  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,<b>', 'vbscript:x', '\u0001javascript:x'])('drops %j', (url) => {
    expect(safeUrl(url)).toBe('');
  });
  // A backslash is a slash to an http(s) page's URL parser (WHATWG URL, which Node's URL
  // follows too): `\\host` is `//host`, and `java\script:` has no scheme.
  it.each(['\\\\cdn.example/i.png', '/\\cdn.example/i.png', '\\/cdn.example/i.png', '\\\\cdn.example:8080/i.png', 'java\\script:alert(1)', 'https:\\\\a.example/x'])(
    'reads %j as the browser does (http(s) on an https page) and keeps it',
    (url) => {
      expect(new URL(url, 'https://shop.example/p/').protocol).toBe('https:');
      expect(safeUrl(url)).toBe(url);
    },
  );
  it.each(['javascript\\:alert(1)', 'data\\:text/html,x'])('%j is a path, not a scheme, and stays harmless', (url) => {
    expect(new URL(url, 'https://shop.example/p/').protocol).toBe('https:');
    expect(safeUrl(url)).toBe(url);
  });
});

describe('sanitizeNodes', () => {
  const clean = (html: string) => {
    const holder = document.createElement('div');
    holder.append(sanitizeNodes(html, document));
    return holder.innerHTML;
  };
  it('removes event handler attributes and srcdoc', () => {
    expect(clean('<img src="/a.png" onerror="alert(1)" alt="">')).toBe('<img src="/a.png" alt="">');
    expect(clean('<iframe srcdoc="<script>x</script>"></iframe><p>ok</p>')).toBe('<p>ok</p>');
  });
  it('removes non-http(s) URLs from link and media attributes', () => {
    expect(clean('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="/ok">x</a>')).toBe('<a href="/ok">x</a>');
    expect(clean('<svg><a xlink:href="javascript:alert(1)">x</a></svg>')).not.toContain('javascript');
    expect(clean('<img srcset="/a.png 1x, javascript:alert(1) 2x">')).toBe('<img>');
  });
  it('removes script and other loading elements but keeps the theme markup', () => {
    expect(clean('<div class="card"><script>alert(1)</script><b>name</b></div>')).toBe('<div class="card"><b>name</b></div>');
    expect(clean('<base href="https://evil.example/"><meta http-equiv="refresh" content="0"><span>x</span>')).toBe('<span>x</span>');
  });
  it('reads attributes of a form whose controls shadow its DOM properties', () => {
    const out = clean('<form onfocusin="alert(1)" action="javascript:alert(2)"><input name="attributes"><input name="getAttribute"><input name="removeAttribute"></form>');
    expect(out).not.toMatch(/onfocusin|javascript/);
  });
  it('drops id and name values that would shadow a property of document or window', () => {
    expect(clean('<img name="createElement" alt=""><input name="querySelectorAll"><a id="location">x</a>')).toBe('<img alt=""><input><a>x</a>');
    expect(clean('<input name="newsletter"><a id="card-1">x</a>')).toBe('<input name="newsletter"><a id="card-1">x</a>');
  });
  it('leaves out what parses differently where the slot sits: forms, MathML, raw text, list items without a list', () => {
    expect(clean('<form action="/x"><input name="q"></form><b>kept</b>')).toBe('<b>kept</b>');
    expect(clean('<math><mtext><mglyph><style><img src=x onerror=alert(1)></style></mglyph></mtext></math><b>kept</b>')).toBe('<b>kept</b>');
    expect(clean('<style>*{}</style><xmp>a</xmp><noembed>b</noembed><noframes>c</noframes><b>kept</b>')).toBe('<b>kept</b>');
    expect(clean('<li class="card">one</li><ul><li>own</li></ul>')).toBe('one<ul><li>own</li></ul>');
  });
  it("keeps a theme's controls from taking over a form around the slot", () => {
    expect(clean('<button formaction="https://evil.example/" form="f">x</button><input type="submit"><input type="image" alt="y">')).toBe(
      '<button type="button">x</button><input><input alt="y">',
    );
    expect(clean('<button type="button" class="add">x</button>')).toBe('<button type="button" class="add">x</button>');
  });
});
