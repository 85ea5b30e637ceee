import Mustache from 'mustache';

// Every character that can end a text run or an attribute value, quoted or not,
// becomes a character reference: `title={{product_name}}` stays one attribute even when
// the name holds spaces (Mustache's own escape leaves white space alone).
// `{{.}}` on a product or `{{products}}` names an object: views have no prototype, so
// String() would throw and cost the widget; an object renders as nothing instead.
const escape = (value: unknown): string => (typeof value == 'object' ? '' : String(value).replace(/[&<>"'`=/\s]/g, (c) => '&#' + c.charCodeAt(0) + ';'));

type Token = [string, string, number, number, Token[]?, number?];

// Our own writer: a host page that replaced `window.Mustache` or its escape function
// changes nothing here, and our token rewrite stays in our own cache.
const writer = new Mustache.Writer();

// Names that would reach into a prototype instead of the view. A fixed list plus a
// snapshot of Array's methods: a live `in Object.prototype` test would let a host page
// that polluted the prototype with `product_name` blank our own placeholders.
const reserved = new Set(
  '__proto__ constructor prototype hasOwnProperty isPrototypeOf propertyIsEnumerable toString valueOf toLocaleString __defineGetter__ __defineSetter__ __lookupGetter__ __lookupSetter__'
    .split(' ')
    .concat(Object.getOwnPropertyNames(Array.prototype).filter((name) => name != 'length')),
);
const blocked = (name: string): boolean => name.split('.').some((part) => reserved.has(part));

/**
 * Every value a view holds came from the service, so every value is escaped: `{{{…}}}`
 * and `{{&…}}` are turned into `{{…}}`. Prototype names and partials render nothing.
 */
function harden<T extends Token[]>(tokens: T): T {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const kind = token[0];
    if (kind === '&') token[0] = 'name';
    if (kind === '>' || (kind !== 'text' && blocked(token[1]))) {
      tokens[i] = ['text', '', token[2], token[3]];
    } else if (token[4]) harden(token[4]);
  }
  return tokens;
}

// The writer keeps a template's tokens for good, and harden rewrites them in place: each
// list is walked once, not again for every card that renders with it.
export function parseTemplate(template: string): Token[] {
  const tokens = writer.parse(template) as Token[] & { _hardened?: true };
  if (!tokens._hardened) harden(tokens)._hardened = true;
  return tokens;
}

/** True when the template loops over `products` itself (it is a whole widget, not a card). */
export function isWholeWidget(template: string): boolean {
  const walk = (tokens: Token[]): boolean => tokens.some((t) => (t[0] === '#' && t[1] === 'products') || (!!t[4] && walk(t[4])));
  return walk(parseTemplate(template));
}

/** Renders a Mustache template, `write` turning each value into markup (the cards chunk marks them). */
export function render(template: string, views: object[], write: (value: unknown) => string): string {
  let context = new Mustache.Context(views[0] ?? Object.create(null));
  for (const view of views.slice(1)) context = context.push(view);
  return writer.renderTokens(parseTemplate(template) as never, context, undefined, template, { escape: write });
}

/**
 * Renders a Mustache template; `views` are pushed in order, so a product card sees
 * its product first and the widget's names behind it. Throws on a broken template.
 */
export const renderTemplate = (template: string, ...views: object[]): string => render(template, views, escape);

