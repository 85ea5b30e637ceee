import type { Theme } from '../../types/interface';
import type { Requester } from './createRequester';
import { apiError } from './apiError';
import { bare } from '../util/bare';

/**
 * `GET /v1/theme`; themes without a template or id are left out, and `themeId` falls back
 * to `id`. Each theme is a null-prototype copy: a field it leaves out (`jsTemplate`) is
 * absent, whatever the page added to `Object.prototype`.
 */
export async function fetchThemes(request: Requester, orgId: string): Promise<Theme[]> {
  // Written out: `JSON.stringify` of an object asks a page's `Object.prototype.toJSON`.
  const body = (await request('/v1/theme', { request: '{"orgId":' + JSON.stringify(orgId) + '}' })) as { widgetThemes?: unknown };
  if (!body || !Array.isArray(body.widgetThemes)) throw apiError('shape', 'not a theme list', 200);
  return body.widgetThemes
    .filter((t): t is Theme => !!t && typeof t === 'object' && typeof (t as Theme).htmlTemplate === 'string' && typeof ((t as Theme).themeId ?? (t as Theme).id) === 'string')
    .map((t) => bare(t, { themeId: t.themeId ?? t.id } as Theme));
}
