import type { ProblemCode } from './ThemeProblem';

/**
 * Every rule the linter has, with one line that says what it catches and why it
 * matters. The studio links a problem to its line here; `vitrine lint --rules`
 * prints the table.
 */
export const lintRules: Readonly<Record<ProblemCode, string>> = {
  'unclosed-tag': '`{{` without its `}}`: the template cannot render.',
  'unclosed-section': '`{{#x}}` or `{{^x}}` never closed: the template cannot render.',
  'mismatched-section': '`{{/y}}` that closes no open section: the template cannot render.',
  'unopened-section': '`{{/y}}` with no section open: the template cannot render.',
  'unknown-placeholder': 'A name the renderer does not fill: it renders as nothing.',
  'placeholder-out-of-scope': 'A product field outside `{{#products}}` in a whole-widget template: it renders as nothing.',
  'dot-on-object': '`{{.}}` on a product or the widget, or `{{products}}` as a value: an object shows as nothing readable.',
  'unescaped-product-field': '`{{{product_x}}}` or `{{&product_x}}`: product data is always escaped, the triple braces change nothing.',
  partial: '`{{> name}}`: themes have no partials, it renders nothing.',
  'dropped-element': '`<script>`, `<iframe>`, `<object>`, `<link>`… are removed from every render; behaviour belongs in jsTemplate.',
  'dropped-attribute': '`on*` event handler and `srcdoc` attributes are removed from every render; listeners belong in jsTemplate.',
  'inline-style': '`style="…"` is blocked by a strict nonce Content-Security-Policy (no `unsafe-inline`); style belongs in cssTemplate.',
  'unbalanced-html': 'An element that is never closed, or a closing tag that closes nothing: the browser repairs it its own way.',
  'img-without-alt': '`<img>` without `alt`: screen readers read out the file name.',
  'link-without-text': '`<a>` with no text or label: screen readers announce only "link".',
  'leaking-selector': 'A CSS selector not under `.vitrine-theme--<themeId>`: it restyles the host page.',
  'js-syntax': 'jsTemplate that does not parse: the script never runs.',
  'script-error': 'Preview only: the theme script threw or did not parse when it ran, at this line of jsTemplate.',
  'csp-blocked': "Preview only: the frame's strict nonce Content-Security-Policy blocked something the theme does.",
};
