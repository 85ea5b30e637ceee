import { safeUrl } from '../template/safeUrl';

/**
 * What theme markup may hold, as data: the browser applies these rules to nodes
 * (`browser/sanitize/sanitizeHtml.ts`), the server to a parse tree
 * (`server/sanitizeMarkup.ts`), so a rule added here holds on both sides.
 *
 * Template output is markup by the theme author with product text escaped into it. A
 * name still lands in an attribute the author chose: `<a href="{{product_name}}">` or
 * `<img onerror="{{…}}">` would run it. So event handler attributes, `srcdoc`,
 * non-http(s) URLs and loading elements are removed from every render, and so are `id`
 * and `name` values that would shadow a property of `document`, `window` or a form
 * (`<img name="createElement">` breaks the page's own `document.createElement`; `<input
 * name="attributes">` hides its form's attributes from every script that walks the page).
 *
 * Where a slot sits changes how markup parses. The server's markup is parsed again by the
 * browser inside whatever holds the slot: a merchant's `<form>` (product forms, ASP.NET
 * pages wrap the whole page in one), a table cell, a list item. Checking the markup in
 * every such context cannot be done on the server (the page is not known) and costs the
 * browser bytes on every page, so the constructs whose tree depends on the context are
 * refused instead; what is left parses to the same tree in a `div`, an `li`, a `form`
 * and a `td`:
 * - `form`: inside a merchant's form the browser ignores a nested `<form>` tag, and its
 *   `</form>` then closes the merchant's form, leaving the merchant's own button outside
 *   it; with the form gone, a `<style>` after it can turn into a MathML element (the
 *   `<math><mtext><form><mglyph><style>` class of mutation XSS).
 * - `math`: MathML's text integration points are where the HTML and MathML parsers
 *   disagree (an `mglyph` or `malignmark` right inside `mtext` stays MathML, and a
 *   `<style>` in it is no longer raw text); no product card needs formulas. Without a
 *   `math` around them, `mglyph` and `malignmark` are plain unknown elements. SVG stays (icons,
 *   stars) but loses `foreignObject`, its way back into HTML.
 * - Raw-text elements (`style`, `xmp`, `noembed`, `noframes`, `plaintext`; `script`,
 *   `iframe` and `noscript` already go): their text is not escaped when serialised, and
 *   where it ends depends on the namespace the parser is in. A theme's CSS belongs in its
 *   `cssTemplate`, which Vitrine writes into its own `<style>` with the page's nonce; a
 *   page whose CSP names a nonce would not apply a `<style>` from markup anyway.
 * - A list item (`li`, `dd`, `dt`) outside a list of the markup's own: its start tag
 *   closes the nearest open `li` around it, through any `div`: the card's own `li`, or the
 *   merchant's when the slot sits in one. Its content is kept, the element is not.
 * - The submit controls of a form the slot may sit in: `form…` attributes go (`form`,
 *   `formaction`, … would take over the merchant's form or send it elsewhere), a
 *   `type` of `submit`, `reset` or `image` goes, and a `button` is always
 *   `type="button"`: otherwise a theme's button submits the merchant's form.
 */
/**
 * Elements that load or run something, or whose tree depends on where the slot sits
 * (above), removed with their content: a selector list of tag names, spelt as the parser
 * names them (`foreignObject`).
 */
export const droppedElements = 'script,iframe,frame,frameset,object,embed,base,meta,link,animate,set,noscript,template,form,math,foreignObject,style,xmp,noembed,noframes,plaintext';

/** List items, kept only inside one of `lists` of the markup's own; `button`, always `type="button"`. */
export const listItems = 'li,dd,dt';
export const lists = 'ul,ol,menu,dl';
export const button = 'button';

/** Whether an attribute goes whatever its value: a handler, a form… attribute, srcdoc. */
export const unsafeName = (name: string): boolean => /^(on|form|srcdoc$)/i.test(name);

/**
 * Whether an attribute goes. `shadows` says whether an `id` or `name` value would hide a
 * property of the page's document, window or forms.
 */
export function unsafeAttribute(name: string, value: string, shadows: (value: string) => boolean): boolean {
  return (
    unsafeName(name) ||
    // A submit, reset or image control.
    /^type=(submit|reset|image)$/i.test(name + '=' + value) ||
    (/^(href|src|action|xlink:href|poster|background|cite|data|ping)$/i.test(name) && !safeUrl(value)) ||
    (/^(id|name)$/i.test(name) && shadows(value)) ||
    (/^srcset$/i.test(name) && value.split(',').some((part) => !safeUrl(part.trim().split(/\s+/)[0])))
  );
}
