import { describe, expect, it } from 'vitest';
import { fetchThemes } from '../../../../src/core/api/fetchThemes';
import { isApiError } from '../../../../src/core/api/apiError';
import type { Query } from '../../../../src/core/api/createRequester';
import type { Theme, ThemeListResponse } from '../../../../src/types/interface';
import { builtinThemes } from '../../../../src/core/theme/builtinThemes';

const theme = (themeId: string): Theme => ({ ...builtinThemes.carousel, id: 'uuid-' + themeId, themeId, orgId: 'org-1', orgName: 'Shop', type: 'Custom' });

/** A requester that answers every call with `body` and remembers what was asked. */
function answering(body: unknown) {
  const calls: [string, Query | undefined][] = [];
  const request = async (path: string, query?: Query) => (calls.push([path, query]), body);
  return { calls, request };
}

describe('fetchThemes', () => {
  it('asks /v1/theme for the org and returns its themes', async () => {
    const list: ThemeListResponse = { errMsg: null, widgetThemes: [theme('warm'), theme('cool')] };
    const { calls, request } = answering(list);
    expect(await fetchThemes(request, 'org-1')).toEqual(list.widgetThemes);
    expect(calls).toEqual([['/v1/theme', { request: '{"orgId":"org-1"}' }]]);
  });

  it('leaves out entries that cannot render', async () => {
    const idOnly = { ...theme('x'), themeId: undefined, id: 'uuid-only' };
    const { request } = answering({
      errMsg: null,
      widgetThemes: [null, 'warm', 7, theme('ok'), { ...theme('no-html'), htmlTemplate: null }, { ...theme('numeric'), themeId: 42, id: 42 }, idOnly],
    });
    expect((await fetchThemes(request, 'org-1')).map((t) => t.themeId)).toEqual(['ok', 'uuid-only']);
  });

  it('returns no themes for an org that has none', async () => {
    expect(await fetchThemes(answering({ errMsg: null, widgetThemes: [] }).request, 'org-1')).toEqual([]);
  });

  it.each([
    ['an empty answer', null],
    ['an answer without widgetThemes', { errMsg: null }],
    ['widgetThemes that is not a list', { errMsg: null, widgetThemes: { warm: theme('warm') } }],
  ])('fails with a shape error for %s', async (_, body) => {
    const error = await fetchThemes(answering(body).request, 'org-1').catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'shape', status: 200, message: 'not a theme list' });
  });

  it('passes a failed call on as it came', async () => {
    const failure = new Error('HTTP 403');
    await expect(fetchThemes(() => Promise.reject(failure), 'org-1')).rejects.toBe(failure);
  });
});
