// Names the Largest Contentful Paint element in a Lighthouse run. Lighthouse 12.2's own
// `largest-contentful-paint-element` audit errors with this Chromium: its TraceElements
// gatherer depends on RootCauses, whose trace engine fails ("reading 'frame_sequence'").
// This gatherer asks the page instead, once it has loaded and the trace has stopped (so
// the metrics are untouched): the last `largest-contentful-paint` entry of the Largest
// Contentful Paint API (buffered, as the W3C draft defines it), which is the candidate
// Lighthouse's LCP times when nothing was clicked or typed, as in these runs.
import { Audit, Gatherer } from 'lighthouse';

/** Runs in the page: the last LCP entry, described, or null when there is none within 2 s. */
function describeLcpInPage() {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 2000);
    const observer = new PerformanceObserver((list) => {
      const entries = list.getEntries();
      const last = /** @type {any} */ (entries[entries.length - 1]);
      if (!last) return;
      clearTimeout(timer);
      observer.disconnect();
      const el = last.element;
      const slot = el && el.closest('[data-vitrine], [data-vitrine-search], [data-algolia]');
      const path = (url) => {
        try {
          return new URL(url).pathname;
        } catch {
          return String(url).slice(0, 80);
        }
      };
      resolve({
        tag: el ? el.tagName.toLowerCase() : null,
        slot: slot && slot.id ? slot.id : null,
        loading: el && el.getAttribute('loading'),
        url: last.url ? path(last.url) : null,
        size: last.size,
        ms: Math.round(last.startTime),
      });
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

class LcpElementGatherer extends Gatherer {
  meta = { supportedModes: /** @type {const} */ (['navigation']) };

  /** @param {any} context */
  async getArtifact(context) {
    const { result, exceptionDetails } = await context.driver.defaultSession.sendCommand('Runtime.evaluate', {
      expression: `(${describeLcpInPage})()`,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(`reading the page's LCP entry: ${exceptionDetails.text}`);
    return result.value ?? null;
  }
}

class LcpElementAudit extends Audit {
  static get meta() {
    return {
      id: 'bench-lcp-element',
      title: 'Largest Contentful Paint element, from the page',
      description: "The element of the page's last largest-contentful-paint entry.",
      scoreDisplayMode: Audit.SCORING_MODES.INFORMATIVE,
      requiredArtifacts: /** @type {any} */ (['BenchLcpElement']),
    };
  }

  /** @param {any} artifacts */
  static audit(artifacts) {
    const found = artifacts.BenchLcpElement;
    return { score: null, displayValue: describeLcpElement(found), details: { type: 'debugdata', element: found } };
  }
}

/**
 * A short name for the element: `img in #home-trending loading=eager`, `p`, or why there is none.
 * @param {{ tag: string | null, slot: string | null, loading: string | null, url: string | null } | null | undefined} found
 */
export function describeLcpElement(found) {
  if (!found) return 'no LCP entry';
  const what = found.tag ?? `an element since removed${found.url ? ` (${found.url})` : ''}`;
  return [what, found.slot && `in #${found.slot}`, found.loading && `loading=${found.loading}`].filter(Boolean).join(' ');
}

/** What a Lighthouse config adds to name the LCP element (`onlyAudits` keeps the audit beside `onlyCategories`). */
export const lcpElementConfig = {
  artifacts: [{ id: 'BenchLcpElement', gatherer: { implementation: LcpElementGatherer } }],
  audits: [{ implementation: LcpElementAudit }],
  onlyAudits: ['bench-lcp-element'],
};
