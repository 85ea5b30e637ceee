import { closestName } from './closestName';
import { lineColumn } from './lineColumn';
import { problemAt } from './problemAt';
import type { MustacheScan, MustacheTag } from './scanMustache';
import type { KnownPlaceholder, ThemeProblem } from './ThemeProblem';

/** The list a widget template loops over; the renderer always provides it. */
const PRODUCTS = 'products';

/**
 * What `{{.}}` stands for when it is an object: inside `{{#products}}` (or at the top of
 * a card template) the product, at the top of a whole-widget template the widget.
 * Inside any other section it is that section's value, which is text. Inverted
 * sections do not change the current item.
 */
function dotItem(open: readonly MustacheTag[], isWidgetTemplate: boolean): { what: string; field: string } | null {
  const section = [...open].reverse().find((t) => t.kind === 'section');
  if (section && section.name !== PRODUCTS) return null;
  if (section || !isWidgetTemplate) return { what: 'a product', field: 'product_name' };
  return { what: 'the widget', field: 'widget_displayName' };
}

function quote(tag: MustacheTag, template: string): string {
  return template.slice(tag.from, tag.to);
}

/**
 * Mustache-level checks of an `htmlTemplate`: tags that never close, sections
 * that do not pair up, names the renderer does not know, product fields used
 * outside the product loop, and raw (unescaped) output of product fields.
 */
export function lintPlaceholders(
  template: string,
  scan: MustacheScan,
  known: readonly KnownPlaceholder[],
): ThemeProblem[] {
  const problems: ThemeProblem[] = [];
  const scopes = new Map<string, KnownPlaceholder['scope']>(known.map((p) => [p.name, p.scope]));
  if (!scopes.has(PRODUCTS)) scopes.set(PRODUCTS, 'widget');
  // A template with its own product loop renders the whole widget; without
  // one it is a product card repeated by the layout (DESIGN.md, Rendering).
  const isWidgetTemplate = scan.tags.some((t) => t.kind === 'section' && t.name === PRODUCTS);
  const open: MustacheTag[] = [];

  for (const tag of scan.tags) {
    if (tag.kind === 'comment' || tag.kind === 'delimiters') continue;
    if (tag.kind === 'partial') {
      problems.push(problemAt(template, 'html', 'partial', 'warning', tag.from, tag.to,
        `${quote(tag, template)} renders nothing: Vitrine themes have no partials. Write the markup here instead.`,
        { label: 'Remove the partial', from: tag.from, to: tag.to, insert: '' }));
      continue;
    }
    if (tag.kind === 'close') {
      const match = open.map((t) => t.name).lastIndexOf(tag.name);
      const top = open[open.length - 1];
      if (!top) {
        problems.push(problemAt(template, 'html', 'unopened-section', 'error', tag.from, tag.to,
          `${quote(tag, template)} closes a section that was never opened.`,
          { label: `Remove ${quote(tag, template)}`, from: tag.from, to: tag.to, insert: '' }));
      } else if (match < 0) {
        // Closes nothing that is open (a typo, most often): report it and keep the open sections.
        const opened = lineColumn(template, top.from);
        problems.push(problemAt(template, 'html', 'mismatched-section', 'error', tag.from, tag.to,
          `${quote(tag, template)} does not match ${quote(top, template)} opened at ${opened.line}:${opened.column}; close that one first.`,
          { label: `Write {{/${top.name}}}`, from: tag.from, to: tag.to, insert: `{{/${top.name}}}` }));
      } else {
        // Closing an outer section: the inner ones left open are the mistake, reported where they open.
        for (const inner of open.splice(match).slice(1)) {
          problems.push(problemAt(template, 'html', 'unclosed-section', 'error', inner.from, inner.to,
            `Section ${quote(inner, template)} is never closed: add {{/${inner.name}}} before ${quote(tag, template)}.`,
            { label: `Add {{/${inner.name}}}`, from: tag.from, to: tag.from, insert: `{{/${inner.name}}}` }));
        }
      }
      continue;
    }

    const name = tag.name;
    const root = name.split('.')[0];
    if (name === '.') {
      const item = dotItem(open, isWidgetTemplate);
      if (item) {
        problems.push(problemAt(template, 'html', 'dot-on-object', 'error', tag.from, tag.to,
          `${quote(tag, template)} is the current item, and here that is ${item.what}, not text, so it cannot show as text. ` +
            `Name the field to show, such as {{${item.field}}}.`,
          { label: `Write {{${item.field}}}`, from: tag.from, to: tag.to, insert: `{{${item.field}}}` }));
      }
    } else if (name === PRODUCTS && (tag.kind === 'variable' || tag.kind === 'raw')) {
      problems.push(problemAt(template, 'html', 'dot-on-object', 'error', tag.from, tag.to,
        `${quote(tag, template)} is the product list, not text: loop over it with {{#products}}…{{/products}} instead.`,
        { label: 'Loop over the products', from: tag.from, to: tag.to, insert: '{{#products}}{{product_name}}{{/products}}' }));
    } else if (!scopes.has(root)) {
      const guess = closestName(root, scopes.keys());
      const at = template.indexOf(root, tag.from);
      problems.push(problemAt(template, 'html', 'unknown-placeholder', 'warning', tag.from, tag.to,
        `Unknown placeholder ${quote(tag, template)}: it renders as nothing.` +
          (guess ? ` Did you mean {{${guess}}}?` : ''),
        guess ? { label: `Write ${guess}`, from: at, to: at + root.length, insert: guess } : undefined));
    } else if (
      isWidgetTemplate &&
      scopes.get(root) === 'product' &&
      !open.some((t) => t.name === PRODUCTS && t.kind === 'section')
    ) {
      problems.push(problemAt(template, 'html', 'placeholder-out-of-scope', 'warning', tag.from, tag.to,
        `${quote(tag, template)} is a product field: outside {{#products}}…{{/products}} it renders as nothing.`));
    }

    if (tag.kind === 'raw' && scopes.get(root) === 'product') {
      problems.push(problemAt(template, 'html', 'unescaped-product-field', 'warning', tag.from, tag.to,
        `${quote(tag, template)} asks for unescaped HTML, but Vitrine escapes product fields anyway ` +
          `(product data is always text): write {{${name}}}.`,
        { label: `Write {{${name}}}`, from: tag.from, to: tag.to, insert: `{{${name}}}` }));
    }
    if (tag.kind === 'section' || tag.kind === 'inverted') open.push(tag);
  }

  for (const tag of open) {
    problems.push(problemAt(template, 'html', 'unclosed-section', 'error', tag.from, tag.to,
      `Section ${quote(tag, template)} is never closed: add {{/${tag.name}}}.`,
      { label: `Add {{/${tag.name}}} at the end`, from: template.length, to: template.length, insert: `{{/${tag.name}}}` }));
  }
  if (scan.unclosedAt !== null) {
    const from = scan.unclosedAt;
    const lineEnd = template.indexOf('\n', from);
    // The closing braces go right after the name the author started (`{{product_price</i>`).
    const nameEnd = from + (/^\{\{[#^/&{]?\s*[\w.]*/.exec(template.slice(from))?.[0].length ?? 2);
    problems.push(problemAt(template, 'html', 'unclosed-tag', 'error', from, lineEnd < 0 ? template.length : lineEnd,
      'This tag is never closed: add the closing }} (the template cannot render until then).',
      { label: 'Add }}', from: nameEnd, to: nameEnd, insert: template[from + 2] === '{' ? '}}}' : '}}' }));
  }
  return problems;
}
