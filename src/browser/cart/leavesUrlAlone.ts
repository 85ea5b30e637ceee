/**
 * Whether a product form or variant picker belongs to a product shown beside the page's
 * own, whose picker leaves the page's URL alone: Dawn says so with `data-update-url="false"`
 * on a "Featured product" section (on its `<variant-selects>`/`<variant-radios>` in v2–v14,
 * on its `<product-info>` from v15) and on a quick-add's product (set by assets/quick-add.js
 * from v6 on), never on the main product section. Up to v14 the form is outside its picker,
 * whose dropdowns and buttons name the form in their `form` attribute: they are among the
 * form's `elements`. A field named `elements` or `tagName` shadows the form's own: the
 * form is then read as the main section's, and nothing throws.
 */
export function leavesUrlAlone(el: Element): boolean {
  // Element's own `closest`: a form's field named `closest` shadows it on the form.
  const alone = (node: Element) => !!Element.prototype.closest.call(node, '[data-update-url="false"]');
  return alone(el) || (el.tagName == 'FORM' && Array.from((el as HTMLFormElement).elements).some(alone));
}
