import type { Theme, ThemeListResponse } from '../types/interface';
import { readArray, readErrMsg, readNullableString, readObject, readString } from './shape';

const where = 'themes';

function readTheme(value: unknown, path: string): Theme {
  const t = readObject(value, where, path);
  const themeId = readString(t.themeId, where, path + '.themeId');
  return {
    id: readNullableString(t.id, where, path + '.id') ?? themeId,
    orgId: readNullableString(t.orgId, where, path + '.orgId') ?? '',
    orgName: readNullableString(t.orgName, where, path + '.orgName') ?? '',
    htmlTemplate: readString(t.htmlTemplate, where, path + '.htmlTemplate'),
    name: readNullableString(t.name, where, path + '.name'),
    type: readNullableString(t.type, where, path + '.type') ?? 'Custom',
    displayType: readNullableString(t.displayType, where, path + '.displayType') ?? '',
    payload: t.payload ?? null,
    description: readNullableString(t.description, where, path + '.description'),
    themeId,
    divisionId: readNullableString(t.divisionId, where, path + '.divisionId'),
    jsTemplate: readNullableString(t.jsTemplate, where, path + '.jsTemplate'),
    cssTemplate: readNullableString(t.cssTemplate, where, path + '.cssTemplate'),
  };
}

/** Validates the `/v1/theme` answer. */
export function parseThemeList(body: unknown): ThemeListResponse {
  const b = readObject(body, where, 'answer');
  return {
    errMsg: readErrMsg(b, where),
    widgetThemes: readArray(b.widgetThemes, where, 'widgetThemes').map((t, i) => readTheme(t, `widgetThemes[${i}]`)),
  };
}
