// "Preview on the demo shop": the shop's pages load this (demo/shop/renderPage.ts) before
// vitrine.js while the studio's draft preview is on. The studio, on the same origin, left
// the draft in localStorage; here the embed is shown the draft as one of the org's themes,
// on this browser's pages only. The sandbox's published themes are never written.
import { parseThemeFile } from '../../src/lint/parseThemeFile';
import { SHOP_PREVIEW_COOKIE, SHOP_PREVIEW_KEY } from './shopPreviewKeys';
/** The embed keeps the org's themes under this prefix for 10 minutes (src/browser/theme/createThemeStore.ts). */
const THEME_CACHE = 'vitrine:themes:';

function stop(): void {
  document.cookie = `${SHOP_PREVIEW_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
  localStorage.removeItem(SHOP_PREVIEW_KEY);
  dropThemeCache();
}

/** A kept copy would hide the draft now, and must not carry the draft to pages after the preview. */
function dropThemeCache(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(THEME_CACHE)) localStorage.removeItem(key);
}

function isThemeList(input: RequestInfo | URL): boolean {
  const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
  return new URL(url, location.href).pathname.endsWith('/v1/theme');
}

function showBanner(name: string): void {
  const bar = document.createElement('div');
  bar.className = 'studio-preview-bar';
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', 'Theme draft preview');
  const text = document.createElement('p');
  text.textContent = `Previewing the draft “${name}” from the theme studio on this browser only; shoppers see the published themes.`;
  const exit = document.createElement('button');
  exit.type = 'button';
  exit.textContent = 'Exit preview';
  exit.addEventListener('click', () => {
    stop();
    location.replace(location.pathname);
  });
  bar.append(text, exit);
  const style = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/studio/shop-preview.css' });
  document.head.append(style);
  document.body.prepend(bar);
}

function startPreview(): void {
  const parsed = parseThemeFile(localStorage.getItem(SHOP_PREVIEW_KEY) ?? '');
  if (!parsed.ok) return stop();
  const draft = parsed.themes[0];
  if (new URLSearchParams(location.search).has(SHOP_PREVIEW_COOKIE)) {
    document.cookie = `${SHOP_PREVIEW_COOKIE}=1; Path=/; SameSite=Strict`;
  }
  dropThemeCache();
  addEventListener('pagehide', dropThemeCache);
  // The embed takes `fetch` once as it starts; this page's copy answers the theme list with
  // the draft first, in place of any theme with its id or themeId. So the draft takes
  // the slots a published theme would: its divisionId's slot, else those of its display type.
  const fetchFromPage = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await fetchFromPage(input, init);
    if (!isThemeList(input) || !response.ok) return response;
    const body = (await response.clone().json()) as { widgetThemes?: unknown };
    if (!Array.isArray(body.widgetThemes)) return response;
    const others = body.widgetThemes.filter((t: { id?: unknown; themeId?: unknown }) => t.id !== draft.id && t.themeId !== draft.themeId);
    return new Response(JSON.stringify({ ...body, widgetThemes: [draft, ...others] }), { status: response.status, headers: response.headers });
  };
  const show = (): void => showBanner(draft.name || draft.themeId);
  if (document.body) show();
  else document.addEventListener('DOMContentLoaded', show);
}

try {
  startPreview();
} catch {
  /* storage blocked: the page shows the published themes, as it would without the preview */
}
