import { h } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { EditorSelection } from '@codemirror/state';
import { historyField } from '@codemirror/commands';
import type { EditorView } from '@codemirror/view';
import { builtinThemes, PLACEHOLDERS, type Placeholder } from '../../../src/index';
import type { Theme } from '../../../src/types/interface';
import { lineColumn } from '../../../src/lint/lineColumn';
import { lintTheme, type ThemeProblem, type ThemeSource } from '../../../src/lint/lintTheme';
import { newTheme, renameScope } from '../newTheme';
import type { PlainViolation, RuntimeProblem } from '../preview/previewProtocol';
import { DEFAULT_SLOT, LAYOUTS, VIEWPORTS, type Draft, type Layout, type StudioState, type Viewport } from '../studioDraft';
import { themeJson } from '../themeJson';
import { AccessibilityList } from './AccessibilityList';
import { applyFix } from './applyFix';
import { CodeEditor } from './CodeEditor';
import { ConfirmDialog } from './ConfirmDialog';
import { DataPicker } from './DataPicker';
import { formatDocument } from './editorSetup';
import { copyText, downloadJson } from './exportTheme';
import { OpenThemeDialog } from './OpenThemeDialog';
import { PlaceholderList } from './PlaceholderList';
import { PreviewFrame, type RenderStatus } from './PreviewFrame';
import { previewOnShop } from './previewOnShop';
import { ProblemList } from './ProblemList';
import { RadioGroup } from './RadioGroup';
import { runtimeProblems } from './runtimeProblems';
import { SlotSettingsBar } from './SlotSettingsBar';
import { draftLabel, ThemeBar } from './ThemeBar';
import { ThemeFields } from './ThemeFields';
import { usePreviewData } from './usePreviewData';
import { useSandbox, VISITORS } from './useSandbox';
import { useStudioState } from './useStudioState';

const SOURCES: { id: ThemeSource; field: 'htmlTemplate' | 'cssTemplate' | 'jsTemplate' }[] = [
  { id: 'html', field: 'htmlTemplate' },
  { id: 'css', field: 'cssTemplate' },
  { id: 'js', field: 'jsTemplate' },
];

type Confirm = { title: string; text: string; label: string; run(): void };

function freshState(): StudioState {
  const theme = newTheme(builtinThemes.carousel, 'carousel', { orgId: '', orgName: '' }, crypto.randomUUID());
  const key = 'draft-1';
  return {
    drafts: [{ key, theme, origin: { label: 'the built-in carousel theme', theme }, savedAt: Date.now() }],
    current: key,
    layout: 'carousel',
    viewport: 'desktop',
    data: { source: 'sandbox', algorithm: 'viewedalsoviewed', sku: '', pname: '', siteUid: VISITORS[0], pastedText: '', edge: null },
    slot: DEFAULT_SLOT,
  };
}

/** "Unclosed section "x" at 908": the offset an error names, as the line:column the problems list uses. */
function withLineColumn(error: string, html: string): string {
  return error.replace(/ at (\d+)\b/, (_, at: string) => {
    const { line, column } = lineColumn(html, Number(at));
    return ` at ${line}:${column}`;
  });
}

/** The theme studio: drafts, editors, live preview, data picker, lint, accessibility check, export. */
export function StudioApp() {
  const views = useRef<Record<ThemeSource, EditorView | null>>({ html: null, css: null, js: null });
  const editorStates = (): Draft['editors'] => {
    const out: Draft['editors'] = {};
    for (const s of SOURCES) {
      const v = views.current[s.id];
      if (v) out[s.id] = v.state.toJSON({ history: historyField });
    }
    return out;
  };
  const store = useStudioState(freshState, editorStates);
  const { state, draft } = store;
  const theme = draft.theme;
  const [tab, setTab] = useState<ThemeSource>('html');
  const [showChanges, setShowChanges] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [opening, setOpening] = useState(false);

  const sandbox = useSandbox();
  const preview = usePreviewData(state.data, sandbox.client, sandbox.catalogue);
  const [renderStatus, setRenderStatus] = useState<RenderStatus>({ state: 'waiting' });
  const [seen, setSeen] = useState<RuntimeProblem[]>([]);
  const [audit, setAudit] = useState<{ violations: PlainViolation[] | null; error: string | null }>({ violations: null, error: null });
  const [notice, setNotice] = useState('');

  const lint = useMemo(
    () => lintTheme(theme, PLACEHOLDERS),
    [theme.htmlTemplate, theme.cssTemplate, theme.jsTemplate, theme.themeId],
  );
  const problems = useMemo(() => [...lint, ...runtimeProblems(seen, theme, lint)], [lint, seen]);
  const problemsBySource = useMemo(() => {
    const by: Record<ThemeSource, ThemeProblem[]> = { html: [], css: [], js: [] };
    for (const p of problems) by[p.source].push(p);
    return by;
  }, [problems]);

  // Once the sandbox answers, a new theme belongs to its org; without one, sample data stands in.
  useEffect(() => {
    const { orgId, orgName } = sandbox.org;
    if (orgId) store.setTheme((t) => (t.orgId ? t : { ...t, orgId, orgName }));
  }, [sandbox.org, state.current]);
  useEffect(() => {
    if (sandbox.failure && state.data.source === 'sandbox') store.update({ data: { ...state.data, source: 'sample' } });
  }, [sandbox.failure]);

  // A product to start with once the catalogue is known.
  useEffect(() => {
    const products = sandbox.catalogue?.products ?? [];
    const first = products[0];
    if (first && !products.some((p) => p.sku === state.data.sku)) store.update({ data: { ...state.data, sku: first.sku, pname: first.name } });
  }, [sandbox.catalogue]);

  const onView = useCallback((source: ThemeSource, view: EditorView | null) => {
    views.current[source] = view;
  }, []);

  const edit = (field: 'htmlTemplate' | 'cssTemplate' | 'jsTemplate') => (value: string) =>
    store.setTheme((t) => (t[field] === value ? t : { ...t, [field]: value }));
  const editors = useMemo(() => ({ html: edit('htmlTemplate'), css: edit('cssTemplate'), js: edit('jsTemplate') }), []);

  const startDraft = (value: string): void => {
    const [kind, key] = value.split(':') as [string, string];
    if (kind === 'builtin') {
      const l = key as Layout;
      store.addDraft(newTheme(builtinThemes[l], l, sandbox.org, crypto.randomUUID()), `the built-in ${l} theme`);
      store.update({ layout: l });
      setNotice(`New draft from the built-in ${l} theme`);
    } else {
      const found = sandbox.orgThemes.find((t) => t.id === key);
      if (!found) return;
      store.addDraft({ ...found, cssTemplate: found.cssTemplate ?? '', jsTemplate: found.jsTemplate ?? '' }, `“${found.name ?? found.themeId}” of the sandbox`);
      if ((LAYOUTS as readonly string[]).includes(found.displayType)) store.update({ layout: found.displayType as Layout });
      setNotice(`New draft from “${found.name ?? found.themeId}” of the sandbox`);
    }
  };

  const openThemes = (themes: Theme[], label: string): void => {
    for (const t of themes) store.addDraft({ ...t, cssTemplate: t.cssTemplate ?? '', jsTemplate: t.jsTemplate ?? '' }, label);
    const last = themes[themes.length - 1];
    if ((LAYOUTS as readonly string[]).includes(last.displayType)) store.update({ layout: last.displayType as Layout });
    setNotice(themes.length > 1 ? `Opened ${themes.length} themes from ${label} as drafts` : `Opened “${last.name ?? last.themeId}” from ${label}`);
  };

  const renameTheme = (themeId: string): void => {
    store.setTheme((t) => ({ ...t, themeId, cssTemplate: renameScope(t.cssTemplate ?? '', t.themeId, themeId) }));
  };

  const insertPlaceholder = (p: Placeholder): void => {
    setTab('html');
    const view = views.current.html;
    if (!view) return;
    const loop = p.name === 'products';
    const text = loop ? '{{#products}}\n  \n{{/products}}' : `{{${p.name}}}`;
    const { from, to } = view.state.selection.main;
    // Inside the loop, the cursor lands on the empty middle line, ready for the card.
    const cursor = from + (loop ? '{{#products}}\n  '.length : text.length);
    view.dispatch({ changes: { from, to, insert: text }, selection: EditorSelection.cursor(cursor), scrollIntoView: true, userEvent: 'input' });
    view.focus();
  };

  const selectProblem = (p: ThemeProblem): void => {
    setTab(p.source);
    const view = views.current[p.source];
    if (!view) return;
    const length = view.state.doc.length;
    view.dispatch({ selection: EditorSelection.range(Math.min(p.from, length), Math.min(p.to, length)), scrollIntoView: true });
    view.focus();
  };

  const fixProblem = (p: ThemeProblem): void => {
    const view = views.current[p.source];
    if (!view || !p.fix) return;
    setTab(p.source);
    applyFix(view, p.fix);
    view.focus();
  };

  const exported = (): string => JSON.stringify(themeJson(theme), null, 2);
  const errorCount = lint.filter((p) => p.severity === 'error').length;
  const exportNote = errorCount ? ` (with ${errorCount} lint error${errorCount > 1 ? 's' : ''})` : '';
  // The org a new draft is given once the sandbox answers is no change of the author's.
  const comparable = (t: Theme): string => JSON.stringify({ ...themeJson(t), orgId: '', orgName: '' });
  const changed = comparable(theme) !== comparable(draft.origin.theme);

  const scriptProblem = problems.find((p) => p.code === 'script-error');
  const shown = preview.envelope ? (state.slot.max > 0 ? Math.min(state.slot.max, preview.envelope.products.length) : preview.envelope.products.length) : 0;
  const dataStatus = preview.envelope && preview.status ? `${shown} product${shown === 1 ? '' : 's'} · ${preview.status}` : preview.status;

  return (
    <div class="studio">
      <ThemeBar drafts={state.drafts} current={state.current} orgThemes={sandbox.orgThemes} orgName={sandbox.org.orgName}
        notice={notice} saved={store.saved}
        onSwitch={(key) => store.switchDraft(key)}
        onStart={startDraft}
        onOpenJson={() => setOpening(true)}
        onPreviewShop={() => setNotice(previewOnShop(theme)
          ? `The demo shop opened with “${theme.name || theme.themeId}” applied${exportNote}`
          : 'The shop preview needs localStorage, which is blocked here')}
        onCopy={async () => setNotice((await copyText(exported())) ? `Theme JSON copied${exportNote}` : 'Copy failed; use Download')}
        onDownload={() => {
          downloadJson(`${theme.themeId || 'theme'}.json`, exported());
          setNotice(`Theme JSON downloaded${exportNote}`);
        }} />
      <ThemeFields theme={theme} originLabel={draft.origin.label} showChanges={showChanges} changed={changed}
        onRename={renameTheme}
        onChange={(patch) => store.setTheme((t) => ({ ...t, ...patch }))}
        onShowChanges={setShowChanges}
        onRevert={() => setConfirm({
          title: 'Revert this draft?',
          text: `Every change to “${draftLabel(draft)}” since it began from ${draft.origin.label} is discarded.`,
          label: 'Revert',
          run: () => {
            store.revertDraft();
            setNotice('Draft reverted');
          },
        })}
        onDelete={() => setConfirm({
          title: 'Delete this draft?',
          text: `“${draftLabel(draft)}” is removed from this browser. Download its JSON first to keep it.`,
          label: 'Delete draft',
          run: () => {
            store.deleteDraft(draft.key);
            setNotice(`Deleted “${draftLabel(draft)}”`);
          },
        })} />

      <main class="panes">
        <section class="pane pane--code" aria-label="Theme source">
          <div class="tabs">
          <div class="tabs__list" role="tablist" aria-label="Template"
            onKeyDown={(e) => {
              // One tab stop for the list; arrow keys move between templates (WAI-ARIA tabs pattern).
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = SOURCES[(SOURCES.findIndex((s) => s.id === tab) + step + SOURCES.length) % SOURCES.length];
              setTab(next.id);
              (e.currentTarget.querySelector(`[data-tab="${next.id}"]`) as HTMLElement | null)?.focus();
            }}>
            {SOURCES.map((s) => {
              const n = problemsBySource[s.id].length;
              const bad = problemsBySource[s.id].some((p) => p.severity === 'error');
              return (
                <button type="button" role="tab" key={s.id} data-tab={s.id} aria-selected={tab === s.id} tabIndex={tab === s.id ? 0 : -1}
                  aria-controls={`editor-${s.id}`} onClick={() => setTab(s.id)}>
                  {s.field}
                  {n > 0 && <span class={`badge ${bad ? 'badge--error' : ''}`}>{n}</span>}
                </button>
              );
            })}
          </div>
            <button type="button" class="button button--small tabs__format" title="Indent every line as the language says (Shift+Alt+F)"
              onClick={() => {
                const view = views.current[tab];
                if (view) {
                  formatDocument(view);
                  view.focus();
                }
              }}>Format</button>
            <span class="tabs__hint">
              {tab === 'html' && 'Mustache · a {{#products}} loop renders the whole widget, otherwise this is one card'}
              {tab === 'css' && `Scope every rule under .vitrine-theme--${theme.themeId}`}
              {tab === 'js' && 'Runs after each render as function (root, data)'}
            </span>
          </div>
          <div class="code">
            <div class="code__editors">
              {SOURCES.map((s) => (
                <div id={`editor-${s.id}`} role="tabpanel" key={s.id} class="editor-panel" hidden={tab !== s.id}>
                  <CodeEditor source={s.id} label={`${s.field} editor`} value={theme[s.field] ?? ''} resetKey={store.resetKey}
                    saved={draft.editors?.[s.id]} original={showChanges ? draft.origin.theme[s.field] ?? '' : null}
                    problems={problemsBySource[s.id]} onChange={editors[s.id]} onView={onView} hidden={tab !== s.id} />
                </div>
              ))}
            </div>
            {tab === 'html' && <PlaceholderList placeholders={PLACEHOLDERS} onInsert={insertPlaceholder} />}
          </div>
          <section class={`panel ${problems.length ? '' : 'panel--empty'}`} aria-label="Problems">
            <h2 class="pane-title">Problems <span class="count">{problems.length}</span></h2>
            <ProblemList problems={problems} onSelect={selectProblem} onFix={fixProblem} />
          </section>
        </section>

        <section class="pane pane--preview" aria-label="Preview">
          <div class="toolbar">
            <span class="label">Layout</span>
            <RadioGroup label="Layout" name="layout" value={state.layout} onChange={(layout) => store.update({ layout })}
              options={LAYOUTS.map((l) => ({ value: l, label: l }))} />
            <span class="label">Viewport</span>
            <RadioGroup label="Viewport" name="viewport" value={state.viewport} onChange={(viewport) => store.update({ viewport })}
              options={(Object.keys(VIEWPORTS) as Viewport[]).map((v) => ({ value: v, label: <span>{v} <small>{VIEWPORTS[v]}</small></span> }))} />
            <SlotSettingsBar slot={state.slot} onChange={(slot) => store.update({ slot })} />
          </div>
          <DataPicker data={state.data} catalogue={sandbox.catalogue} sandboxNote={sandbox.failure} status={dataStatus} error={preview.error}
            onChange={(data) => store.update({ data })} />
          {(renderStatus.state === 'error' || scriptProblem || (renderStatus.state === 'ok' && renderStatus.warning)) && (
            <div class="render-error" role="alert">
              {renderStatus.state === 'error' ? (
                <span><strong>The template does not render.</strong> The preview keeps the last good render. <code>{withLineColumn(renderStatus.error, theme.htmlTemplate)}</code></span>
              ) : (
                <span><strong>The theme script failed.</strong>{' '}
                  <code>{scriptProblem ? `${scriptProblem.message} (jsTemplate ${scriptProblem.line}:${scriptProblem.column})` : renderStatus.state === 'ok' ? renderStatus.warning : ''}</code></span>
              )}
            </div>
          )}
          <PreviewFrame key={theme.themeId} status={renderStatus} theme={theme} envelope={preview.envelope} anchor={preview.anchor}
            layout={state.layout} viewport={state.viewport} slot={state.slot}
            onStatus={setRenderStatus}
            onAudit={(violations, error) => setAudit({ violations, error })}
            onRuntimeProblems={(list, fresh) => setSeen((old) => (fresh ? list : [...old, ...list]))} />
          <section class={`panel ${audit.violations?.length ? '' : 'panel--empty'}`} aria-label="Accessibility">
            <h2 class="pane-title">Accessibility <span class="count">{audit.violations?.length ?? '…'}</span></h2>
            <AccessibilityList violations={audit.violations} error={audit.error} />
          </section>
        </section>
      </main>
      {confirm && (
        <ConfirmDialog title={confirm.title} confirmLabel={confirm.label} danger onConfirm={confirm.run} onClose={() => setConfirm(null)}>
          <p>{confirm.text}</p>
        </ConfirmDialog>
      )}
      {opening && <OpenThemeDialog onOpen={openThemes} onClose={() => setOpening(false)} />}
    </div>
  );
}
