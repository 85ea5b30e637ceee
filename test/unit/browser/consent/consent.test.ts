import { afterEach, describe, expect, it } from 'vitest';
import { isPersonal } from '../../../../src/core/algorithms/isPersonal';
import { createConsent } from '../../../../src/browser/consent/createConsent';
import { chooseAlgorithm } from '../../../../src/core/algorithms/chooseAlgorithm';
import { forgetVisitorId, readVisitorId } from '../../../../src/browser/context/readVisitorId';
import { readConfig } from '../../../../src/browser/config/readConfig';
import type { AlgorithmName } from '../../../../src/types/interface';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'vitrine_uid=; max-age=0; path=/';
});

describe('the personal algorithms', () => {
  it('are the five that read the visitor’s own history (DESIGN.md)', () => {
    const all: AlgorithmName[] = ['recentviews', 'viewedalsoviewed', 'contentbasedreco', 'boughtcatitemsreco', 'boughtalsobought', 'trendingincategory', 'categoryreco', 'viewedcatitemsreco', 'trending', 'wishlistreco', 'crosssell', 'inspbybrowsehist'];
    expect(all.filter(isPersonal).sort()).toEqual(['boughtcatitemsreco', 'inspbybrowsehist', 'recentviews', 'viewedcatitemsreco', 'wishlistreco']);
  });
});

// How consent changes a slot's chain is the slot lifecycle's (test/unit/core/slots).
describe('chooseAlgorithm', () => {
  it('the page’s own choice without consent passes over personal algorithms', () => {
    expect(chooseAlgorithm('home_page', {})).toBe('recentviews');
    expect(chooseAlgorithm('home_page', {}, false)).toBe('trending');
    expect(chooseAlgorithm('blogs_articles_page', {}, false)).toBe('trending');
  });
});

describe('readVisitorId without consent', () => {
  it('reads and writes nothing on the device: a random id for this page', () => {
    document.cookie = 'vitrine_uid=11111111-2222-4333-8444-555555555555; path=/';
    localStorage.setItem('vitrine_uid', '11111111-2222-4333-8444-555555555555');
    const a = readVisitorId(window, false);
    const b = readVisitorId(window, false);
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe('11111111-2222-4333-8444-555555555555');
    expect(b).not.toBe(a);
    expect(localStorage.getItem('vitrine_uid')).toBe('11111111-2222-4333-8444-555555555555');
  });
  it('with consent stores it; forgetVisitorId deletes cookie and localStorage entry', async () => {
    const id = readVisitorId(window, true);
    await new Promise((next) => setTimeout(next));
    expect(document.cookie).toContain('vitrine_uid=' + id);
    expect(localStorage.getItem('vitrine_uid')).toBe(id);
    forgetVisitorId(window);
    // happy-dom keeps an emptied cookie that max-age=0 expires; Chromium drops it (browser suite).
    expect(document.cookie).not.toMatch(/vitrine_uid=[\w-]/);
    expect(localStorage.getItem('vitrine_uid')).toBeNull();
  });
});

describe('createConsent', () => {
  it('required → granted → denied, each change once; refusing deletes the stored id', () => {
    const changes: [boolean, boolean][] = [];
    const consent = createConsent(window, true, (granted, flipped) => changes.push([granted, flipped]));
    expect(consent.state()).toBeUndefined();
    consent.set(true);
    consent.set(true);
    expect(consent.state()).toBe(true);
    readVisitorId(window, true);
    consent.set(false);
    expect(consent.state()).toBe(false);
    expect(localStorage.getItem('vitrine_uid')).toBeNull();
    expect(changes).toEqual([
      [true, true],
      [false, true],
    ]);
  });
  it('refusing before any answer also deletes an id left from before consent was asked', () => {
    localStorage.setItem('vitrine_uid', 'old-id-from-last-year');
    const changes: [boolean, boolean][] = [];
    createConsent(window, true, (granted, flipped) => changes.push([granted, flipped])).set(false);
    expect(localStorage.getItem('vitrine_uid')).toBeNull();
    // Nothing was stored or personal before: the slots need not render again.
    expect(changes).toEqual([[false, false]]);
  });
  it('without a consent mode it is granted from the start', () => {
    expect(createConsent(window, false, () => {}).state()).toBe(true);
  });
});

describe('data-consent', () => {
  const read = (consent?: string) => readConfig(null, { baseUrl: 'https://api.test', orgId: 'o', apiKey: 'k', consent }, 'https://shop.test/').config!.consent;
  it('is read from the settings as written', () => {
    expect(read('shopify')).toBe('shopify');
    expect(read(undefined)).toBeUndefined();
  });
});
