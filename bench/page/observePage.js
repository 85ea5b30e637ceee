// Installed in every measured page before its own scripts run (addInitScript).
// Records what a shopper would notice: each widget's render or error time, long
// tasks, layout shifts and resource timings. Plain browser JS; no bundling needed.
(() => {
  const seen = { renders: [], errors: [], longTasks: [], cls: 0, shifts: [] };
  Object.defineProperty(window, '__vitrineBench', { value: seen });
  const at = () => performance.now();
  // Nothing here reads layout: a box asked for in the listener would lay the page out
  // inside Vitrine's task, and its time would be counted as Vitrine's.
  document.addEventListener('vitrine:render', (e) => {
    const el = e.target;
    seen.renders.push({ id: el instanceof Element ? el.id : '', t: at() });
  }, true);
  document.addEventListener('vitrine:error', (e) => {
    const el = e.target;
    seen.errors.push({ id: el instanceof Element ? el.id : '', t: at(), detail: String(e.detail && (e.detail.message || e.detail.reason || JSON.stringify(e.detail))) });
  }, true);
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {
      // An entry type this Chromium lacks is simply not recorded.
    }
  };
  observe('longtask', (e) => seen.longTasks.push({ start: e.startTime, duration: e.duration }));
  observe('layout-shift', (e) => {
    if (!e.hadRecentInput) {
      seen.cls += e.value;
      seen.shifts.push({ t: e.startTime, value: e.value });
    }
  });
})();
