// Installed in every measured page before its own scripts run (addInitScript).
// Records what a shopper would notice: each widget's render or error time, long
// tasks, layout shifts and resource timings. Plain browser JS; no bundling needed.
(() => {
  const seen = { renders: [], errors: [], longTasks: [], cls: 0, shifts: [] };
  Object.defineProperty(window, '__vitrineBench', { value: seen });
  const at = () => performance.now();
  document.addEventListener('vitrine:render', (e) => {
    const el = e.target;
    const box = el instanceof Element ? el.getBoundingClientRect() : null;
    seen.renders.push({ id: el instanceof Element ? el.id : '', t: at(), height: box ? box.height : 0 });
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
