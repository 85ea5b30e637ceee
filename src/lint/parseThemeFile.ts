import { parseThemeList } from '../client/parseThemeList';
import type { Theme } from '../types/interface';

export type ThemeFile = { ok: true; themes: Theme[] } | { ok: false; error: string };

/**
 * Reads a theme JSON as an author has it: one Theme (the studio's export), an array
 * of them, or a whole `/v1/theme` answer. The shape check is the typed client's, so
 * what opens here is what the embed would accept from the service.
 */
export function parseThemeFile(text: string): ThemeFile {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `This is not JSON: ${(e as Error).message}` };
  }
  const list = Array.isArray(body) ? body : body && typeof body === 'object' && 'widgetThemes' in body ? (body as { widgetThemes: unknown }).widgetThemes : [body];
  try {
    const themes = parseThemeList({ errMsg: null, widgetThemes: list }).widgetThemes;
    if (themes.length === 0) return { ok: false, error: 'The file holds no theme.' };
    return { ok: true, themes };
  } catch (e) {
    // "themes: widgetThemes[0].htmlTemplate is not a string" reads better without the list's name.
    const reason = (e as Error).message.replace(/^themes: widgetThemes\[(\d+)\]\./, (_, i: string) => (Array.isArray(list) && list.length > 1 ? `theme ${Number(i) + 1}: ` : ''));
    return { ok: false, error: `Not a theme: ${reason}` };
  }
}
