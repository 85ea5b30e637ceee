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
