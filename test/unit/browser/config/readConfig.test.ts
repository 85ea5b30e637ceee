import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../../src/browser/config/readConfig';

function tag(attrs: Record<string, string>): HTMLScriptElement {
  const s = document.createElement('script');
  s.src = 'https://cdn.example/v1/vitrine.js';
  for (const [k, v] of Object.entries(attrs)) s.setAttribute(k, v);
  return s;
}
const page = 'https://shop.example/products/coat';
const required = { 'data-base-url': 'https://reco.example/', 'data-org-id': 'org-1', 'data-api-key': 'key' };

describe('readConfig', () => {
  it('reads the script tag', () => {
    const { config, problems } = readConfig(tag({ ...required, 'data-page-type': 'cart_page', 'data-currency': 'EUR', 'data-debug': '' }), undefined, page);
    expect(problems).toEqual([]);
    expect(config).toMatchObject({ baseUrl: 'https://reco.example', orgId: 'org-1', apiKey: 'key', pageType: 'cart_page', currency: 'EUR', debug: true, assetBase: 'https://cdn.example/v1/' });
  });

  it('fills gaps from window.vitrineConfig, the tag winning', () => {
    const { config } = readConfig(tag({ 'data-org-id': 'from-tag' }), { baseUrl: 'https://reco.example', orgId: 'from-global', apiKey: 'k', endpoints: { trending: '/v2/t' } }, page);
    expect(config).toMatchObject({ orgId: 'from-tag', apiKey: 'k', endpoints: { trending: '/v2/t' } });
  });

  it('hands chunks the settings they read themselves, as written, the tag winning', () => {
    const global = { analytics: 'gtag', searchParam: 'term', searchPage: ' /find ' };
    const { config } = readConfig(tag({ ...required, 'data-analytics': 'datalayer' }), global, page);
    expect([config!.setting('analytics'), config!.setting('searchParam'), config!.setting('searchPage')]).toEqual(['datalayer', 'term', '/find']);
    expect(config!.setting('missing')).toBeUndefined();
    // Only own properties of vitrineConfig count: nothing is read from a prototype.
    expect(readConfig(tag(required), Object.create({ analytics: 'datalayer' }), page).config!.setting('analytics')).toBeUndefined();
  });

  it('names every missing required setting and starts nothing', () => {
    const { config, problems } = readConfig(tag({ 'data-base-url': 'javascript:alert(1)' }), undefined, page);
    expect(config).toBeNull();
    expect(problems.join('; ')).toMatch(/baseUrl "javascript:alert\(1\)" is not an http\(s\) URL; orgId is missing; apiKey is missing/);
  });

  it('drops bad optional values, keeping their defaults, and still starts', () => {
    const { config, problems } = readConfig(tag({ ...required, 'data-page-type': 'checkout', 'data-currency': 'euro' }), undefined, page);
    expect(config!.pageType).toBeUndefined();
    expect(config!.currency).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('refuses a base URL that does not parse', () => {
    expect(readConfig(tag({ ...required, 'data-base-url': 'http://[bad' }), undefined, page).problems).toEqual(['baseUrl "http://[bad" is not an http(s) URL']);
  });

  it('turns debug on from the page URL', () => {
    expect(readConfig(tag(required), undefined, page + '?vitrine_debug=1').config!.debug).toBe(true);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(readConfig(tag(required), undefined, page).config)).toBe(true);
  });

  it('takes the asset folder from the script tag only, never from window.vitrineConfig', () => {
    const { config } = readConfig(tag(required), { assetBase: 'https://evil.example/' }, page);
    expect(config!.assetBase).toBe('https://cdn.example/v1/');
    // Code that starts Vitrine itself (no tag) may name one.
    expect(readConfig(null, { baseUrl: 'https://reco.example', orgId: 'o', apiKey: 'k', assetBase: '/static/' }, page).config!.assetBase).toBe('/static/');
  });

  it('reads no setting from a polluted Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    // (Not `nonce`: happy-dom has no HTMLElement#nonce, so the tag itself would inherit it.)
    const polluted = { pageType: 'cart_page', debug: true, siteUid: 'polluted', assetBase: 'https://evil.example/', endpoints: { trending: '/evil' } };
    Object.assign(proto, polluted);
    try {
      const { config } = readConfig(tag(required), { endpoints: {} }, page);
      expect(config).toMatchObject({ pageType: undefined, debug: false, siteUid: undefined, assetBase: 'https://cdn.example/v1/' });
      expect(Object.keys(config!.endpoints)).toEqual([]);
    } finally {
      for (const key of Object.keys(polluted)) delete proto[key];
    }
  });
});
