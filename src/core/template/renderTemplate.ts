import { parseTemplate as parse, type Token } from './parseTemplate';

// Every character that can end a text run or an attribute value, quoted or not,
// becomes a character reference: `title={{product_name}}` stays one attribute even when
// the name holds spaces (Mustache's own escape leaves white space alone).
// `{{.}}` on a product or `{{products}}` names an object: views have no prototype, so
// String() would throw and cost the widget; an object renders as nothing instead.
const escape = (value: unknown): string => (typeof value == 'object' ? '' : String(value).replace(/[&<>"'`=/\s]/g, (c) => '&#' + c.charCodeAt(0) + ';'));

// Parsed templates by source: a widget renders the same card template for every product.
const parsed = new Map<string, Token[]>();

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
function harden(tokens: Token[]): Token[] {
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

export function parseTemplate(template: string): Token[] {
  let tokens = parsed.get(template);
  if (!tokens) {
    // A page shows a handful of themes; a studio session edits one template many times.
    if (parsed.size > 50) parsed.clear();
    parsed.set(template, (tokens = harden(parse(template))));
  }
  return tokens;
}

/** A view and the views behind it, innermost first (a card's product, then its widget). */
type Stack = { view: unknown; up?: Stack };

const own = (value: unknown, name: string) => value != null && Object.prototype.hasOwnProperty.call(value, name);

/**
 * Mustache's name lookup: `.` is the innermost view; a name is looked up view by view
 * outwards, and `a.b` in the first view where `a` has a `b` (a string's `length` too).
 * Own properties only: views have no prototype, and no method is ever a name.
 */
function lookup(stack: Stack, name: string): unknown {
  if (name == '.') return stack.view;
  const parts = name.indexOf('.') > 0 ? name.split('.') : [name];
  const last = parts.pop()!;
  for (let at: Stack | undefined = stack; at; at = at.up) {
    let value = at.view as Record<string, unknown>;
    if (!parts.length && typeof value != 'object') continue;
    for (const part of parts) value = (own(value, part) ? value[part] : undefined) as Record<string, unknown>;
    if (own(value, last)) return value[last];
  }
}

function renderTokens(tokens: Token[], stack: Stack): string {
  let out = '';
  for (const [kind, name, , , inner] of tokens) {
    if (kind == 'text') out += name;
    else if (kind == 'name') {
      const value = lookup(stack, name);
      if (value != null) out += escape(value);
    } else if (kind == '#' || kind == '^') {
      const value = lookup(stack, name);
      const empty = !value || (Array.isArray(value) && !value.length);
      if (kind == '^') out += empty ? renderTokens(inner!, stack) : '';
      else if (empty) continue;
      else if (Array.isArray(value)) for (const item of value) out += renderTokens(inner!, { view: item, up: stack });
      else out += renderTokens(inner!, value === true ? stack : { view: value, up: stack });
    }
  }
  return out;
}

/** True when the template loops over `products` itself (it is a whole widget, not a card). */
export function isWholeWidget(template: string): boolean {
  const walk = (tokens: Token[]): boolean => tokens.some((t) => (t[0] === '#' && t[1] === 'products') || (!!t[4] && walk(t[4])));
  return walk(parseTemplate(template));
}

/**
 * Renders a Mustache template; `views` are pushed in order, so a product card sees
 * its product first and the widget's names behind it. Throws on a broken template.
 */
export function renderTemplate(template: string, ...views: object[]): string {
  let stack: Stack = { view: views[0] ?? Object.create(null) };
  for (const view of views.slice(1)) stack = { view, up: stack };
  return renderTokens(parseTemplate(template), stack);
}
