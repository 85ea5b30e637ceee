// The ESM entry for storefront developers who bundle Vitrine, and for the theme studio.
// Importing it runs nothing and touches no browser global: `start()` does the work, and
// each export costs the app's bundle only what it reaches (package.json `sideEffects`).
import type { Settings } from './types/settings';
import { boot, type VitrineApi } from './boot';
import { layouts, mountWidget as mount, type MountOptions, type MountResult } from './render/mountWidget';
import { Bundle } from './layouts/Bundle';
import { injectStyle } from './theme/applyTheme';
import { baseCss } from './layouts/baseCss';
import { elementPlugin } from './slots/element';

declare const __VITRINE_VERSION__: string;
import { pageReader } from './context/readProduct';
import { readPage } from './context/readPage';

// Bundled by a storefront's own build, Vitrine holds every page reader: no chunk to load.
pageReader.read = readPage;

export { boot, type VitrineApi } from './boot';
export type { Settings, RawConfig } from './types/settings';
export type * from './types/events';
export { TAG as WIDGET_TAG, ATTRIBUTES as WIDGET_ATTRIBUTES, type WidgetAttributes } from './slots/element';
export type { MountOptions, MountResult } from './render/mountWidget';
export { renderTemplate, isWholeWidget } from './template/renderTemplate';
export { buildView, buildProductView, type WidgetView, type ProductView } from './template/buildView';
export { sanitizeNodes } from './template/sanitizeHtml';
export { PLACEHOLDERS, type Placeholder } from './template/placeholders';
export { builtinThemes } from './theme/builtinThemes';
export { chooseTheme } from './theme/chooseTheme';
export { createRequester, type Requester, type RequesterOptions } from './api/createRequester';
export { apiError, isApiError, type ApiError, type ApiErrorKind } from './api/apiError';
export { fetchWidget, widgetQuery } from './api/fetchWidget';
export { fetchThemes } from './api/fetchThemes';
export { parseEnvelope } from './api/parseEnvelope';
export { ENDPOINTS, CATALOGUE, PAGES } from './api/endpoints';
export { chooseAlgorithm } from './slots/chooseAlgorithm';
export type * from './types/interface';
export type { Config, PageContext, Layout, EmbedHost, Plugin } from './types/host';
export type { Attribution } from './analytics/createAttribution';

const idle = () => {};

/**
 * Starts Vitrine from code, with the settings a script tag would carry (camelCase):
 * `start({ baseUrl, orgId, apiKey })`, and registers `<vitrine-widget>`. Returns the page
 * API, `window.Vitrine`; a second call (hot reload) returns the one already running.
 * On a server (no `window`) it does nothing and returns an API whose calls do nothing.
 */
export function start(settings: Settings): VitrineApi {
  if (typeof window == 'undefined') {
    return { version: __VITRINE_VERSION__, refresh: idle, render: idle, setContext: idle, consent: idle, use: idle };
  }
  const api = boot(window, null, settings) || (window.Vitrine as VitrineApi);
  api.use(elementPlugin);
  return api;
}

/**
 * Renders a widget envelope with a theme into `root`, exactly as the embed does, in any
 * layout. The built-in stylesheet (a separate file for the script tag) is inlined here.
 */
export function mountWidget(root: HTMLElement, options: MountOptions): MountResult {
  // `start()` loads the bundle layout as a chunk where a slot shows one; a direct mount
  // holds it (the bytes go to the apps that call this).
  layouts.bundle = Bundle;
  injectStyle(root.ownerDocument, 'base', baseCss, options.nonce);
  return mount(root, options);
}
