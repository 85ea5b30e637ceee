import { describe, expect, it } from 'vitest';
import { builtinThemes } from '../../../src/index';
import { DEFAULT_SLOT, loadStudio, saveStudio, type StudioState } from '../../../demo/studio/studioDraft';
import { newTheme, renameScope } from '../../../demo/studio/newTheme';
import { themeJson } from '../../../demo/studio/themeJson';
import { formatTemplate } from '../../../demo/studio/formatTemplate';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

const org = { orgId: '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60', orgName: 'Maison Vitrine' };
const theme = newTheme(builtinThemes.matrix, 'matrix', org, '0b6f7a52-1d7e-4a43-9f43-8d1f0c1d2e3f');
const data: StudioState['data'] = { source: 'pasted', algorithm: 'trending', sku: 'S1', pname: 'Mug', siteUid: 'visitor-0002', pastedText: '{}', edge: 'one-product' };
const state: StudioState = {
  drafts: [
    { key: 'a', theme, origin: { label: 'the built-in matrix theme', theme }, savedAt: 1 },
    { key: 'b', theme: { ...theme, themeId: 'other', htmlTemplate: '<b>{{product_name}}</b>' }, origin: { label: 'x.json', theme }, savedAt: 2, editors: { html: { doc: '<b>{{product_name}}</b>' } } },
  ],
  current: 'b',
  layout: 'matrix',
  viewport: 'phone',
  data,
  slot: { title: 'Top five', locale: 'fr-FR', currency: 'CHF', max: 5 },
};

describe('studio drafts', () => {
  it('restores every draft, the one on screen and the settings exactly as saved', () => {
    const storage = memoryStorage();
    expect(saveStudio(storage, state)).toBe(true);
    expect(loadStudio(storage)).toEqual(state);
  });

  it('ignores missing or broken storage, and loses only a spoilt draft', () => {
    const storage = memoryStorage();
    expect(loadStudio(storage)).toBeNull();
    storage.items.set('vitrine-studio:v2', '{not json');
    expect(loadStudio(storage)).toBeNull();
    storage.items.set('vitrine-studio:v2', JSON.stringify({ ...state, layout: 'slideshow' }));
    expect(loadStudio(storage)).toBeNull();
    const spoilt = { ...state, drafts: [state.drafts[0], { ...state.drafts[1], theme: { ...theme, htmlTemplate: 5 } }] };
    storage.items.set('vitrine-studio:v2', JSON.stringify(spoilt));
    // The draft on screen is gone, so the first one left is shown.
    expect(loadStudio(storage)).toMatchObject({ drafts: [state.drafts[0]], current: 'a' });
  });

  it('falls back to the defaults for bad slot settings', () => {
    const storage = memoryStorage();
    storage.items.set('vitrine-studio:v2', JSON.stringify({ ...state, slot: { title: 3, locale: '', currency: 'euro', max: 500 } }));
    expect(loadStudio(storage)?.slot).toEqual({ ...DEFAULT_SLOT, max: 0 });
  });

  it('takes over the single draft an earlier studio kept', () => {
    const storage = memoryStorage();
    storage.items.set('vitrine-studio:draft:v1', JSON.stringify({ theme, layout: 'matrix', viewport: 'phone', data }));
    const loaded = loadStudio(storage);
    expect(loaded?.drafts.map((d) => d.theme)).toEqual([theme]);
    expect(loaded).toMatchObject({ layout: 'matrix', viewport: 'phone', data, slot: DEFAULT_SLOT });
  });

  it('survives storage that throws (private browsing, full quota)', () => {
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
    expect(loadStudio(throwing)).toBeNull();
    expect(saveStudio(throwing, state)).toBe(false);
  });
});

describe('new themes and export', () => {
  it('starts from a built-in with a fresh id, the org, and CSS scoped to the new themeId', () => {
    const t = theme;
    expect(t).toMatchObject({ id: '0b6f7a52-1d7e-4a43-9f43-8d1f0c1d2e3f', themeId: 'my-matrix', displayType: 'matrix', ...org });
    expect(t.cssTemplate).toContain('.vitrine-theme--my-matrix .vitrine__name');
    expect(t.htmlTemplate.split('\n').length).toBeGreaterThan(3);
  });

  it('renames the scope class and nothing that merely starts like it', () => {
    const css = '.vitrine-theme--a p {}\n.vitrine-theme--ab p {}\n.vitrine-theme--a, .x {}';
    expect(renameScope(css, 'a', 'b')).toBe('.vitrine-theme--b p {}\n.vitrine-theme--ab p {}\n.vitrine-theme--b, .x {}');
  });

  it('exports every interface.md Theme field, in order, with empty templates as null', () => {
    const json = themeJson({ ...theme, jsTemplate: '  ', divisionId: '' });
    expect(Object.keys(json)).toEqual(['id', 'orgId', 'orgName', 'htmlTemplate', 'name', 'type', 'displayType', 'payload',
      'description', 'themeId', 'divisionId', 'jsTemplate', 'cssTemplate']);
    expect(json).toMatchObject({ type: 'Custom', jsTemplate: null, divisionId: null, payload: null });
  });

  it('lays out a one-line template by child element and leaves authored templates alone', () => {
    expect(formatTemplate('<a href="{{u}}">{{#i}}<img src="{{i}}" alt="">{{/i}}<span>{{n}}</span></a>')).toBe(
      '<a href="{{u}}">\n  {{#i}}<img src="{{i}}" alt="">{{/i}}\n  <span>{{n}}</span>\n</a>');
    expect(formatTemplate('<b>\n{{n}}</b><i></i>')).toBe('<b>\n{{n}}</b><i></i>');
  });
});
