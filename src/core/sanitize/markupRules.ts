import { safeUrl } from '../template/safeUrl';

/**
 * What theme markup may hold, as data: the browser applies these rules to nodes
 * (`browser/sanitize/sanitizeHtml.ts`), the server to a parse tree, so a rule added here
 * holds on both sides.
 *
 * Template output is markup by the theme author with product text escaped into it. A
 * name still lands in an attribute the author chose: `<a href="{{product_name}}">` or
 * `<img onerror="{{…}}">` would run it. So event handler attributes, `srcdoc`,
 * non-http(s) URLs and loading elements are removed from every render, and so are `id`
 * and `name` values that would shadow a property of `document`, `window` or a form
 * (`<img name="createElement">` breaks the page's own `document.createElement`; `<input
 * name="attributes">` hides its form's attributes from every script that walks the page).
 */
/** Elements that load or run something; the theme's own behaviour belongs in jsTemplate. */
export const droppedElements = /^(script|iframe|frame|frameset|object|embed|base|meta|link|animate|set|noscript|template)$/i;

/**
 * Whether an attribute goes. `shadows` says whether an `id` or `name` value would hide a
 * property of the page's document, window or forms.
 */
export function unsafeAttribute(name: string, value: string, shadows: (value: string) => boolean): boolean {
  return (
    /^on|^srcdoc$/i.test(name) ||
    (/^(href|src|action|formaction|xlink:href|poster|background|cite|data|ping)$/i.test(name) && !safeUrl(value)) ||
    (/^(id|name)$/i.test(name) && shadows(value)) ||
    (/^srcset$/i.test(name) && value.split(',').some((part) => !safeUrl(part.trim().split(/\s+/)[0])))
  );
}
