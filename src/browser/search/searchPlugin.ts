import type { EmbedHost } from '../host';
import { mountSearch, type SearchMount } from './mountSearch';
import { mountSearchBox } from './mountSearchBox';
import { openShadowRoots, walkShadowRoots } from './openShadowRoots';
import { injectStyleAt } from './injectStyleAt';
import { searchCss } from './searchCss';

const SEARCH = '[data-vitrine-search]';
const BOX = '[data-vitrine-searchbox]';
const WANTED = SEARCH + ',' + BOX;

/**
 * What the search chunk gives the core (`Vitrine.use`): results in the
 * `[data-vitrine-search]` slot and a search box in every `[data-vitrine-searchbox]`.
 * Elements added later (single-page apps) are mounted when they appear, or when an
 * element already on the page gains one of the attributes, and an element is mounted
 * once however often it is seen. Open shadow roots are looked in too (a web-component
 * storefront's header), each from when it is seen for as long as its host is in the
 * page; a closed one is out of reach. What a removed element held goes with it: a
 * results slot stops listening to history and a box to back and forward, so a route
 * left keeps nothing of theirs (a slot put back, as a kept-alive route does, is mounted
 * again). A box searches in place whenever the page has results, whichever came first.
 * When the app writes the address itself and then calls `setContext`, the results and
 * the boxes follow it as they follow back and forward. One that fails is logged and the
 * others still mount.
 */
// A mark on the element itself, under a registered symbol: a second copy of this chunk on
// the page sees the first one's marks (a WeakSet would be private to each copy).
const MOUNTED = Symbol.for('vitrine.search.mounted');
const done = {
  has: (el: Element) => (el as unknown as Record<symbol, boolean>)[MOUNTED] === true,
  add: (el: Element) => void ((el as unknown as Record<symbol, boolean>)[MOUNTED] = true),
  delete: (el: Element) => void delete (el as unknown as Record<symbol, boolean>)[MOUNTED],
};

export function searchPlugin(host: EmbedHost): void {
  const { doc, win } = host;
  let results: { slot: HTMLElement; mount: SearchMount } | undefined;
  const current = () => results?.mount;
  // Each box's way of following history, by element (a box taken out and put back keeps
  // its own), and the boxes in the document now: only those hear back and forward.
  const follow = new WeakMap<Element, () => void>();
  const boxes = new Set<Element>();
  // The open shadow roots seen whose host is in the document: looked in as it is.
  const shadows = new Set<ShadowRoot>();

  const scan = () => {
    const found: HTMLElement[] = [];
    for (const scope of [doc, ...shadows]) {
      scope.querySelectorAll<HTMLElement>(SEARCH).forEach((slot) => {
        if (done.has(slot) || results) return;
        done.add(slot);
        try {
          results = { slot, mount: mountSearch(host, slot) };
        } catch (error) {
          host.log('search slot failed', error);
        }
      });
      scope.querySelectorAll<HTMLElement>(BOX).forEach((el) => {
        if (follow.has(el)) {
          boxes.add(el);
          // A drawn box moved into a shadow root (or out of one) keeps its looks there.
          if (el.localName != 'form') injectStyleAt(doc, el, 'search', searchCss, host.config.nonce);
        } else if (!done.has(el)) {
          done.add(el);
          found.push(el);
        }
      });
    }
    // The boxes are drawn in a task of their own: with the results' first request they
    // were one long task on a phone.
    if (found.length) win.setTimeout(() => found.forEach(mountBox));
  };

  const mountBox = (el: HTMLElement) => {
    // Gone before its turn: mounted if it comes back.
    if (!el.isConnected) return done.delete(el);
    try {
      follow.set(el, mountSearchBox(host, el, current));
      boxes.add(el);
    } catch (error) {
      host.log('search box failed', error);
    }
  };

  /** Lets go of what left the document. */
  const prune = () => {
    if (results && !results.slot.isConnected) {
      results.mount.destroy();
      // Put back later (a kept-alive route), it is a results page again.
      done.delete(results.slot);
      results = undefined;
    }
    boxes.forEach((el) => el.isConnected || boxes.delete(el));
    shadows.forEach((root) => root.host.isConnected || shadows.delete(root));
  };

  // Back and forward on the search page keep every box in step with the results. One
  // listener for all boxes, for as long as the page lives, like the observer below.
  const inStep = () => {
    prune();
    if (results) boxes.forEach((el) => follow.get(el)?.());
  };
  win.addEventListener('popstate', inStep);
  // The app wrote another query to the address and called setContext: the results ask
  // for it (once a state), and the boxes show it.
  host.search = {
    follow() {
      // Called from the page's own setContext: nothing of ours reaches it.
      try {
        inStep();
        results?.mount.follow();
      } catch (error) {
        host.log('search: address not followed', error);
      }
    },
  };

  const Observer = (win as Window & typeof globalThis).MutationObserver;
  // Our own renders add nodes too; only an added slot or box, or an element that gains
  // the attribute of one (Vue and React patch the node they keep), is worth a scan, and
  // one scan per task is enough.
  let queued = false;
  const observer = typeof Observer === 'function'
    ? new Observer((records) => {
      prune();
      let wanted = false;
      for (const r of records) {
        if (r.type === 'attributes') wanted ||= (r.target as Element).matches(WANTED);
        r.addedNodes.forEach((n) => {
          if (n.nodeType !== 1) return;
          // Every root under what was added is watched, whether or not a scan follows (a
          // page's own `shadowRoot` that throws hides its roots, not the node itself).
          try {
            openShadowRoots(doc, n, (root) => (wanted = watch(root) || wanted));
          } catch {
            /* the page's error, not ours */
          }
          awaitUpgrades(n as Element);
          wanted ||= (n as Element).matches(WANTED) || !!(n as Element).querySelector(WANTED);
        });
      }
      if (!wanted || queued) return;
      queued = true;
      win.setTimeout(() => {
        queued = false;
        scan();
      });
    })
    : undefined;
  const options: MutationObserverInit = { childList: true, subtree: true, attributeFilter: ['data-vitrine-search', 'data-vitrine-searchbox'] };
  /** Looks in `root` from now on; true when it holds a slot or box already. */
  const watch = (root: ShadowRoot) => {
    // First: a stand-in a page's getter returned is no node, and is never looked in.
    observer?.observe(root, options);
    shadows.add(root);
    awaitUpgrades(root);
    return !!root.querySelector(WANTED);
  };

  // A custom element not defined yet (a lazily loaded header) attaches its shadow root
  // when its definition comes: an upgrade adds no node that an observer would report. Its
  // elements are looked in once their name is defined, each name waited for once.
  const awaited = new Set<string>();
  // A page whose `matches` or `shadowRoot` throws loses this look, not the search.
  const awaitUpgrades = (scope: Element | DocumentFragment | Document) => {
    try {
      const pending = Array.from(scope.querySelectorAll(':not(:defined)'));
      if ((scope as Element).matches?.(':not(:defined)')) pending.push(scope as Element);
      for (const { localName: name } of pending) {
        if (awaited.has(name)) continue;
        awaited.add(name);
        win.customElements?.whenDefined(name).then(() => {
          let wanted = false;
          for (const where of [doc, ...shadows]) where.querySelectorAll(name).forEach((el) => openShadowRoots(doc, el, (root) => (wanted = watch(root) || wanted)));
          if (wanted) scan();
        }).catch(() => {});
      }
    } catch {
      /* the page's error, not ours */
    }
  };

  // What is added from now on is looked in as it comes; the roots already on the page are
  // looked for once, a slice at a time, from the chunk's arrival, and looked in again
  // where one holds a slot or a box.
  observer?.observe(doc.body || doc.documentElement, options);
  awaitUpgrades(doc);
  scan();
  walkShadowRoots(doc, watch, (wanted) => wanted && scan());
}
