import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../src/template/sanitizeHtml';
import { safeUrl } from '../../../src/template/safeUrl';

describe('safeUrl', () => {
  it.each(['https://a.example/x', 'http://a.example', '/products/1', 'products/1', '//cdn.example/i.png', '?q=1', '#top'])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });
  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,<b>', 'vbscript:x', '\u0001javascript:x'])('drops %j', (url) => {
    expect(safeUrl(url)).toBe('');
  });
});

describe('sanitizeHtml', () => {
  const clean = (html: string) => sanitizeHtml(html, document);
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
});
