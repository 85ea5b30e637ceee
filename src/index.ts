// The ESM entry for storefront developers who bundle Vitrine, and for the theme studio.
import type { RawConfig } from './config/readConfig';
import { boot, type VitrineApi } from './boot';
import { layouts, mountWidget as mount, type MountOptions, type MountResult } from './render/mountWidget';
import { Bundle } from './layouts/Bundle';
import { injectStyle } from './theme/applyTheme';
import { baseCss } from './layouts/baseCss';
import { pageReader } from './context/readProduct';
import { readPage } from './context/readPage';

// Bundled by a storefront's own build, Vitrine holds every layout and page reader: no chunk to load.
layouts.bundle = Bundle;
pageReader.read = readPage;

export { boot, type VitrineApi } from './boot';
export type { MountOptions, MountResult } from './render/mountWidget';
export { renderTemplate, isWholeWidget } from './template/renderTemplate';
export { buildView, buildProductView, type WidgetView, type ProductView } from './template/buildView';
export { sanitizeHtml } from './template/sanitizeHtml';
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

/**
 * Starts Vitrine from code, with the settings a script tag would carry (camelCase):
 * `start({ baseUrl, orgId, apiKey, pageType: 'product_page', pname })`.
 */
export function start(settings: RawConfig): VitrineApi | undefined {
  return boot(window, null, settings);
}

/**
 * Renders a widget envelope with a theme into `root`, exactly as the embed does. The
 * built-in stylesheet (a separate file for the script tag) is inlined here.
 */
export function mountWidget(root: HTMLElement, options: MountOptions): MountResult {
  injectStyle(root.ownerDocument, 'base', baseCss, options.nonce);
  return mount(root, options);
}
