import { describe, expect, it } from 'vitest';
import { builtinThemes } from '../../../src/index';
import { loadDraft, saveDraft, type StudioDraft } from '../../../demo/studio/studioDraft';
import { newTheme, renameScope } from '../../../demo/studio/newTheme';
import { themeJson } from '../../../demo/studio/themeJson';
import { formatTemplate } from '../../../demo/studio/formatTemplate';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

const org = { orgId: '6f1c2a4e-8b3d-4c5e-9a7f-1b2c3d4e5f60', orgName: 'Maison Vitrine' };
const draft: StudioDraft = {
  theme: newTheme(builtinThemes.matrix, 'matrix', org, '0b6f7a52-1d7e-4a43-9f43-8d1f0c1d2e3f'),
  layout: 'matrix',
  viewport: 'phone',
  data: { source: 'pasted', algorithm: 'trending', sku: 'S1', pname: 'Mug', siteUid: 'visitor-0002', pastedText: '{}', edge: 'one-product' },
};

describe('studio drafts', () => {
  it('restores exactly what was saved', () => {
    const storage = memoryStorage();
    expect(saveDraft(storage, draft)).toBe(true);
    expect(loadDraft(storage)).toEqual(draft);
  });

  it('ignores a missing, broken or foreign draft', () => {
    const storage = memoryStorage();
    expect(loadDraft(storage)).toBeNull();
    storage.items.set('vitrine-studio:draft:v1', '{not json');
    expect(loadDraft(storage)).toBeNull();
    storage.items.set('vitrine-studio:draft:v1', JSON.stringify({ ...draft, layout: 'slideshow' }));
    expect(loadDraft(storage)).toBeNull();
    storage.items.set('vitrine-studio:draft:v1', JSON.stringify({ ...draft, theme: { ...draft.theme, htmlTemplate: 5 } }));
    expect(loadDraft(storage)).toBeNull();
  });

  it('survives storage that throws (private browsing, full quota)', () => {
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
    expect(loadDraft(throwing)).toBeNull();
    expect(saveDraft(throwing, draft)).toBe(false);
  });
});

describe('new themes and export', () => {
  it('starts from a built-in with a fresh id, the org, and CSS scoped to the new themeId', () => {
    const t = draft.theme;
    expect(t).toMatchObject({ id: '0b6f7a52-1d7e-4a43-9f43-8d1f0c1d2e3f', themeId: 'my-matrix', displayType: 'matrix', ...org });
    expect(t.cssTemplate).toContain('.vitrine-theme--my-matrix .vitrine__name');
    expect(t.htmlTemplate.split('\n').length).toBeGreaterThan(3);
  });

  it('renames the scope class and nothing that merely starts like it', () => {
    const css = '.vitrine-theme--a p {}\n.vitrine-theme--ab p {}\n.vitrine-theme--a, .x {}';
    expect(renameScope(css, 'a', 'b')).toBe('.vitrine-theme--b p {}\n.vitrine-theme--ab p {}\n.vitrine-theme--b, .x {}');
  });

  it('exports every interface.md Theme field, in order, with empty templates as null', () => {
    const json = themeJson({ ...draft.theme, jsTemplate: '  ', divisionId: '' });
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
