/**
 * Calls `found` with each open shadow root in `scope` (on `scope` itself included), and
 * those inside them. A closed shadow root is out of reach: its host's `shadowRoot` is null.
 */
export function openShadowRoots(doc: Document, scope: Node, found: (root: ShadowRoot) => void): void {
  // A lone element (most of what a framework adds one by one) needs no walker.
  const walker = (scope as Element).firstElementChild !== null ? doc.createTreeWalker(scope, 1 /* NodeFilter.SHOW_ELEMENT */) : undefined;
  for (let node: Node | null | undefined = scope; node; node = walker?.nextNode()) {
    const root = (node as Element).shadowRoot;
    if (root) {
      found(root);
      openShadowRoots(doc, root, found);
    }
  }
}

/**
 * The open shadow roots of the whole document, looked for a few ms at a time, each slice a
 * task of its own: on a phone (4× CPU) one walk of the demo's results page was an 85 ms
 * task. The elements are those of the document when the walk starts; what is added later
 * is the caller's to look in. `slice` is called after each slice with whether `found`
 * returned true for any root in it.
 */
export function walkShadowRoots(doc: Document, found: (root: ShadowRoot) => boolean, slice: (any: boolean) => void): void {
  const elements = doc.querySelectorAll('*');
  let next = 0;
  const step = () => {
    let any = false;
    const end = performance.now() + 8;
    while (next < elements.length && (next & 255 || performance.now() < end)) {
      // A page's own `shadowRoot` getter that throws, or a stand-in root `found` cannot
      // look in, costs that element only: thrown from a later slice (a timer), it would
      // end the walk and reach the page as an error.
      try {
        const root = elements[next++].shadowRoot;
        if (root) {
          any = found(root) || any;
          openShadowRoots(doc, root, (inner) => (any = found(inner) || any));
        }
      } catch {
        /* the page's error, not ours */
      }
    }
    slice(any);
    if (next < elements.length) setTimeout(step);
  };
  step();
}
