import { boot } from './boot';

// The only module with side effects. `currentScript` is set while an async classic
// script runs; the selector covers a loader that injected us without it.
try {
  const doc = document;
  boot(window, (doc.currentScript as HTMLScriptElement | null) || doc.querySelector<HTMLScriptElement>('script[data-org-id][src*="vitrine"]'));
} catch (error) {
  // The host page never sees an error of ours.
  if (/[?&]vitrine_debug=1/.test(location.search)) console.warn('[vitrine]', error);
}
