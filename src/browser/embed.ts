import { boot } from './boot';

// The only module with side effects. `document.currentScript` is read through
// Document.prototype's own getter: page markup can shadow the property
// (`<img name="currentScript" data-org-id=… src=…>` would hand us its settings and its
// folder to load chunks from; the class of webpack's CVE-2024-43788). Only a real
// HTMLScriptElement, the script now running, gives settings and the asset folder.
try {
  const script = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript')!.get!.call(document);
  boot(window, script instanceof HTMLScriptElement ? script : null);
} catch (error) {
  // The host page never sees an error of ours.
  if (/[?&]vitrine_debug=1/.test(location.search)) console.warn('[vitrine]', error);
}
