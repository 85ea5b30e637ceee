import { describe, expect, it } from 'vitest';
import { fetchWidget } from '../../../../src/core/api/fetchWidget';
import { parseEnvelope } from '../../../../src/core/api/parseEnvelope';
import type { Query } from '../../../../src/core/api/createRequester';
import type { AlgorithmName } from '../../../../src/types/interface';

const params = { divisionId: 'slot-1', orgId: 'org', site_uid: 'visitor', domain: 'shop.example', pname: 'Wool Coat', sku: 'C-1' };
const empty = { errMsg: null, numberofdocs: 0, success: '0', widgetType: 'x', widgetName: null, products: [] };

// interface.md's endpoint table, and DESIGN.md's rule for the five unshown paths.
const expected: [AlgorithmName, string, string[]][] = [
  ['recentviews', '/v1/widgetserver/recentviews', ['divisionId', 'site_uid', 'orgId', 'domain']],
  ['viewedalsoviewed', '/v1/widgetserver/viewedalsoviewed', ['divisionId', 'orgId', 'site_uid', 'domain', 'pname']],
  ['contentbasedreco', '/v1/widgetserver/contentbasedreco', ['divisionId', 'orgId', 'domain', 'pname']],
  ['boughtcatitemsreco', '/v1/widgetserver/custom/boughtcatitemsreco', ['divisionId', 'orgId', 'site_uid', 'domain']],
  ['boughtalsobought', '/v1/widgetserver/custom/boughtalsobought', ['divisionId', 'orgId', 'site_uid', 'domain', 'pname']],
  ['trendingincategory', '/v1/widgetserver/trendingcategory', ['divisionId', 'orgId', 'pname']],
  ['categoryreco', '/v1/widgetserver/categoryreco', ['divisionId', 'orgId', 'domain', 'sku']],
  ['viewedcatitemsreco', '/v1/widgetserver/viewedcatitemsreco', ['divisionId', 'orgId', 'site_uid', 'domain', 'pname', 'sku']],
  ['trending', '/v1/widgetserver/trending', ['divisionId', 'orgId', 'site_uid', 'domain', 'pname', 'sku']],
  ['wishlistreco', '/v1/widgetserver/wishlistreco', ['divisionId', 'orgId', 'site_uid', 'domain', 'pname', 'sku']],
  ['crosssell', '/v1/widgetserver/crosssell', ['divisionId', 'orgId', 'site_uid', 'domain', 'pname', 'sku']],
  ['inspbybrowsehist', '/v1/widgetserver/inspbybrowsehist', ['divisionId', 'orgId', 'site_uid', 'domain', 'pname', 'sku']],
];

describe('fetchWidget', () => {
  it.each(expected)('%s calls %s with its parameters', async (algorithm, path, names) => {
    let seen: [string, Query] | undefined;
    await fetchWidget(async (p, q) => ((seen = [p, q!]), empty), algorithm, params);
    expect(seen![0]).toBe(path);
    expect(Object.keys(seen![1]).filter((k) => seen![1][k] !== undefined).sort()).toEqual([...names].sort());
  });

  it('takes a merchant override of an endpoint path', async () => {
    let path = '';
    await fetchWidget(async (p) => ((path = p), empty), 'trending', params, { trending: '/v2/trending' });
    expect(path).toBe('/v2/trending');
  });
});

describe('parseEnvelope', () => {
  it('accepts the variants interface.md lists', () => {
    const e = parseEnvelope({ errMsg: null, success: 0, widgetType: 'categoryreco', widgetName: null, products: [{ name: 'A', sku: 1, price: 9.5, smallImage: '/a', currentPageUrl: '/p/a' }] });
    expect(e.products[0]).toMatchObject({ name: 'A', sku: 1, price: 9.5 });
    expect(e.widgetName).toBeNull();
  });
  it('rejects an answer that is not an envelope', () => {
    expect(() => parseEnvelope([1, 2])).toThrow(/not a widget envelope/);
    expect(() => parseEnvelope({ errMsg: 'orgId is invalid' })).toThrow(/orgId is invalid/);
  });
  it('skips products without a name instead of failing the widget', () => {
    expect(parseEnvelope({ products: [null, { sku: 'x' }, { name: 'B' }] }).products.map((p) => p.name)).toEqual(['B']);
  });
});
