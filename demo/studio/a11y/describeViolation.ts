/** The parts of an axe-core result the studio turns into words. */
export interface AxeFinding {
  id: string;
  help: string;
  nodes: readonly unknown[];
}

// Rule ids from axe-core 4.x (https://dequeuniversity.com/rules/axe/4.10), said the
// way a theme author would fix them: who is hurt and what to change.
const plain: Record<string, string> = {
  'image-alt': 'Images have no text alternative, so screen reader users do not know what they show. Add alt="{{product_name}}".',
  'link-name': 'Links have no text, so screen readers announce them only as "link". Put the product name inside the link.',
  'button-name': 'Buttons have no label, so screen reader users cannot tell what they do. Add text or an aria-label.',
  'color-contrast': 'Text is too faint against its background to read comfortably (WCAG AA asks for a 4.5:1 contrast ratio).',
  list: 'A list holds something other than <li> items directly; screen readers then miscount it.',
  listitem: 'An <li> sits outside a <ul> or <ol>, so it is not announced as part of a list.',
  'duplicate-id': 'Two elements share an id; a card template repeats it for every product. Use classes instead.',
  'duplicate-id-aria': 'Two elements share an id that ARIA refers to, so labels point at the wrong product.',
  'duplicate-id-active': 'Two focusable elements share an id; use classes instead.',
  'nested-interactive': 'A control sits inside another (a button in a link, say); keyboard and screen reader users cannot use both.',
  'scrollable-region-focusable': 'A scrolling area cannot be reached with the keyboard, so keyboard users cannot scroll it.',
  'image-redundant-alt': 'An image repeats the text right beside it, so screen readers read the product name twice. Use alt="" there.',
  'heading-order': 'Heading levels skip a step (an h2 then an h4), which breaks the outline screen reader users navigate by.',
  'empty-heading': 'A heading is empty, so screen readers announce a heading with nothing in it.',
  'link-in-text-block': 'A link inside text is told apart only by colour; underline it so everyone can spot it.',
  'svg-img-alt': 'An SVG image has no text alternative.',
  'role-img-alt': 'An element with role="img" has no text alternative.',
  'aria-hidden-focus': 'Something hidden from screen readers can still get keyboard focus, so focus lands on nothing audible.',
  tabindex: 'A positive tabindex changes the keyboard order of the whole page; use 0 or -1.',
};

/** One sentence saying what is wrong and why it matters, for the accessibility panel. */
export function describeViolation(finding: AxeFinding): string {
  const sentence = plain[finding.id] ?? (finding.id.startsWith('aria-')
    ? `An ARIA attribute is used wrongly: ${finding.help}.`
    : `${finding.help}.`);
  const n = finding.nodes.length;
  return n > 1 ? `${sentence} (${n} elements)` : sentence;
}
