// The ESM entry for storefront developers who bundle Vitrine, and for the theme studio.
// Importing it runs nothing and touches no browser global: `start()` does the work, and
// each export costs the app's bundle only what it reaches (package.json `sideEffects`).
import type { Settings } from './types/settings';
import { boot, type VitrineApi } from './browser/boot';
import { mountWidget as mount, type MountOptions, type MountResult } from './browser/render/mountWidget';
import { layouts } from './browser/layouts/layouts';
import { liveBundle } from './browser/bundle/liveBundle';
import { Carousel } from './layouts/Carousel';
import { injectStyle } from './browser/theme/applyTheme';
import { baseCss } from './layouts/baseCss';
import { elementPlugin } from './browser/slots/element';

declare const __VITRINE_VERSION__: string;
import { pageReader } from './browser/context/readProduct';
import { readPage } from './browser/context/readPage';

// Bundled by a storefront's own build, Vitrine holds every page reader: no chunk to load.
pageReader.read = readPage;

export { boot, type VitrineApi } from './browser/boot';
export type { Settings, RawConfig } from './types/settings';
export type * from './types/events';
export { TAG as WIDGET_TAG, ATTRIBUTES as WIDGET_ATTRIBUTES, type WidgetAttributes } from './browser/slots/element';
export type { MountOptions, MountResult } from './browser/render/mountWidget';
export { renderTemplate, isWholeWidget } from './core/template/renderTemplate';
export { buildView, buildProductView, type WidgetView, type ProductView } from './core/template/buildView';
export { sanitizeNodes } from './browser/sanitize/sanitizeHtml';
export { PLACEHOLDERS, type Placeholder } from './core/template/placeholders';
export { builtinThemes } from './core/theme/builtinThemes';
export { chooseTheme } from './core/theme/chooseTheme';
export { createRequester, type Requester, type RequesterOptions } from './core/api/createRequester';
export { apiError, isApiError, type ApiError, type ApiErrorKind } from './core/api/apiError';
export { fetchWidget, widgetQuery } from './core/api/fetchWidget';
export { fetchThemes } from './core/api/fetchThemes';
export { parseEnvelope } from './core/api/parseEnvelope';
export { ENDPOINTS, CATALOGUE, PAGES } from './core/api/endpoints';
export { chooseAlgorithm } from './core/algorithms/chooseAlgorithm';
export type * from './types/interface';
export type { Config, PageContext, Layout, EmbedHost, Plugin } from './browser/host';
export type { Attribution } from './browser/analytics/createAttribution';

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
  // Bundled by the app, the carousel is no chunk: most widgets are carousels.
  layouts.carousel = Carousel;
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
  layouts.bundle = liveBundle;
  layouts.carousel = Carousel;
  injectStyle(root.ownerDocument, 'base', baseCss, options.nonce);
  return mount(root, options);
}
