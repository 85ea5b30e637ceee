// What of Vitrine's a page still holds, read from outside through the DevTools protocol
// after a forced garbage collection: widget roots out of the document that something
// still reaches, observers by constructor name (from a heap snapshot) and the listeners
// on window and document (a bundled app holds Vitrine and its framework in one script,
// so these are all of the page's: what matters is that their number stays put).
import type { CDPSession, Page } from 'playwright-core';

export interface HeapCounts {
  /** `div.vitrine` widget roots no longer in the document but still reachable. */
  detachedRoots: number;
  /** Every `div.vitrine` reachable, in the document or not. */
  roots: number;
  /**
   * Slots (`[data-vitrine]`, `<vitrine-widget>`), search results slots and search boxes
   * (`[data-vitrine-search]`, `[data-vitrine-searchbox]`) no longer in the document but
   * still reachable.
   */
  detachedSlots: number;
  /** Live objects per constructor name, from the heap snapshot. */
  observers: { IntersectionObserver: number; MutationObserver: number; ResizeObserver: number };
  /** Listeners on window and document. */
  listeners: number;
  /** The JS heap in use after collection, in bytes. */
  heapBytes: number;
}

/** Two full collections: a first one can leave what a finaliser freed for the second. */
async function collect(cdp: CDPSession): Promise<void> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
}

/**
 * Counts Blink's objects by class name in a heap snapshot (the `.heapsnapshot` format:
 * a flat `nodes` array whose fields the snapshot's `meta.node_fields` names).
 */
async function snapshotCounts(cdp: CDPSession, names: string[]): Promise<Record<string, number>> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const snapshot = JSON.parse(chunks.join('')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  // Blink's own object, which lives as long as the observer can still report, with or
  // without a JavaScript object (a wrapper) for it.
  const nativeType = snapshot.snapshot.meta.node_types[0].indexOf('native');
  const counts: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    if (snapshot.nodes[i + typeAt] !== nativeType) continue;
    const name = snapshot.strings[snapshot.nodes[i + nameAt]];
    if (name in counts) counts[name]++;
  }
  return counts;
}

/** What the page holds of Vitrine's after a forced collection. */
export async function heapCounts(cdp: CDPSession): Promise<HeapCounts> {
  await collect(cdp);
  // Every element the heap still holds (queryObjects walks the heap itself, and finds the
  // objects whose prototype chain holds the one given).
  const proto = await cdp.send('Runtime.evaluate', { expression: 'HTMLElement.prototype', objectGroup: 'heapCounts' });
  const all = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId!, objectGroup: 'heapCounts' });
  const found = await cdp.send('Runtime.callFunctionOn', {
    objectId: all.objects.objectId!,
    // The prototypes below HTMLElement's are in the list too, and throw on any DOM call.
    functionDeclaration: `function () {
      const elements = this.filter((e) => { try { return !!e.localName; } catch { return false; } });
      const roots = elements.filter((e) => e.localName == 'div' && e.classList.contains('vitrine'));
      const slots = elements.filter((e) => e.hasAttribute('data-vitrine') || e.localName == 'vitrine-widget' || e.hasAttribute('data-vitrine-search') || e.hasAttribute('data-vitrine-searchbox'));
      return [roots.length, roots.filter((e) => !e.isConnected).length, slots.filter((e) => !e.isConnected).length];
    }`,
    returnByValue: true,
  });
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'heapCounts' });
  if (found.exceptionDetails) throw new Error('counting the heap\'s elements failed: ' + JSON.stringify(found.exceptionDetails));
  const [rootCount, detached, detachedSlots] = found.result.value as [number, number, number];

  let listeners = 0;
  for (const target of ['window', 'document']) {
    const handle = await cdp.send('Runtime.evaluate', { expression: target, objectGroup: 'heapCounts' });
    const found = await cdp.send('DOMDebugger.getEventListeners', { objectId: handle.result.objectId! });
    listeners += found.listeners.length;
  }
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'heapCounts' });

  await collect(cdp);
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const observers = (await snapshotCounts(cdp, ['IntersectionObserver', 'MutationObserver', 'ResizeObserver'])) as HeapCounts['observers'];
  return { detachedRoots: detached, roots: rootCount, detachedSlots, observers, listeners, heapBytes: usedSize };
}

/** A protocol session on `page` for `heapCounts`. */
export async function heapSession(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  return cdp;
}
