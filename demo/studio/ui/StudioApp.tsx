import { h } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { EditorSelection } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { builtinThemes, PLACEHOLDERS, type Placeholder } from '../../../src/index';
import type { Theme } from '../../../src/types/interface';
import { lintTheme, type ThemeProblem, type ThemeSource } from '../lint/lintTheme';
import { newTheme, renameScope } from '../newTheme';
import type { PlainViolation } from '../preview/previewProtocol';
import { LAYOUTS, loadDraft, saveDraft, VIEWPORTS, type DataChoice, type Layout, type StudioDraft, type Viewport } from '../studioDraft';
import { themeJson } from '../themeJson';
import { AccessibilityList } from './AccessibilityList';
import { CodeEditor } from './CodeEditor';
import { DataPicker } from './DataPicker';
import { copyText, downloadJson } from './exportTheme';
import { PlaceholderList } from './PlaceholderList';
import { PreviewFrame, type RenderStatus } from './PreviewFrame';
import { ProblemList } from './ProblemList';
import { ThemeBar } from './ThemeBar';
import { usePreviewData } from './usePreviewData';
import { useSandbox, VISITORS } from './useSandbox';

const SOURCES: { id: ThemeSource; field: 'htmlTemplate' | 'cssTemplate' | 'jsTemplate' }[] = [
  { id: 'html', field: 'htmlTemplate' },
  { id: 'css', field: 'cssTemplate' },
  { id: 'js', field: 'jsTemplate' },
];

/** The draft is written this long after the last change, not on every key. */
const SAVE_DELAY_MS = 400;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function uuid(): string {
  return crypto.randomUUID();
}

function freshDraft(): StudioDraft {
  return {
    theme: newTheme(builtinThemes.carousel, 'carousel', { orgId: '', orgName: '' }, uuid()),
    layout: 'carousel',
    viewport: 'desktop',
    data: { source: 'sandbox', algorithm: 'viewedalsoviewed', sku: '', pname: '', siteUid: VISITORS[0], pastedText: '', edge: null },
  };
}

/** The theme studio: editors, live preview, data picker, lint, accessibility check, export. */
export function StudioApp() {
  const initial = useMemo(() => loadDraft(storage()) ?? freshDraft(), []);
  const [theme, setTheme] = useState<Theme>(initial.theme);
  const [layout, setLayout] = useState<Layout>(initial.layout);
  const [viewport, setViewport] = useState<Viewport>(initial.viewport);
  const [data, setData] = useState<DataChoice>(initial.data);
  const [resetKey, setResetKey] = useState(0);
  const [tab, setTab] = useState<ThemeSource>('html');
  const views = useRef<Record<ThemeSource, EditorView | null>>({ html: null, css: null, js: null });

  const sandbox = useSandbox();
  const preview = usePreviewData(data, sandbox.client, sandbox.catalogue);
  const [renderStatus, setRenderStatus] = useState<RenderStatus>({ state: 'waiting' });
  const [scriptError, setScriptError] = useState<string | null>(null);
  const [audit, setAudit] = useState<{ violations: PlainViolation[] | null; error: string | null }>({ violations: null, error: null });
  const [notice, setNotice] = useState('');
  const [saved, setSaved] = useState<boolean | null>(null);

  const problems = useMemo(
    () => lintTheme(theme, PLACEHOLDERS),
    [theme.htmlTemplate, theme.cssTemplate, theme.jsTemplate, theme.themeId],
  );
  const problemsBySource = useMemo(() => {
    const by: Record<ThemeSource, ThemeProblem[]> = { html: [], css: [], js: [] };
    for (const p of problems) by[p.source].push(p);
    return by;
  }, [problems]);

  // Once the sandbox answers, a new theme belongs to its org; without one, sample data stands in.
  useEffect(() => {
    const { orgId, orgName } = sandbox.org;
    if (orgId) setTheme((t) => (t.orgId ? t : { ...t, orgId, orgName }));
  }, [sandbox.org]);
  useEffect(() => {
    if (sandbox.failure) setData((d) => (d.source === 'sandbox' ? { ...d, source: 'sample' } : d));
  }, [sandbox.failure]);

  // A product to start with once the catalogue is known.
  useEffect(() => {
    const products = sandbox.catalogue?.products ?? [];
    const first = products[0];
    if (first && !products.some((p) => p.sku === data.sku)) setData((d) => ({ ...d, sku: first.sku, pname: first.name }));
  }, [sandbox.catalogue]);

  // Work in progress survives a reload.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSaved(saveDraft(storage(), { theme, layout, viewport, data }));
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [theme, layout, viewport, data]);

  const onView = useCallback((source: ThemeSource, view: EditorView | null) => {
    views.current[source] = view;
  }, []);

  const edit = (field: 'htmlTemplate' | 'cssTemplate' | 'jsTemplate') => (value: string) =>
    setTheme((t) => ({ ...t, [field]: value }));
  const editors = useMemo(() => ({ html: edit('htmlTemplate'), css: edit('cssTemplate'), js: edit('jsTemplate') }), []);

  const replaceTheme = (next: Theme, message: string): void => {
    setTheme(next);
    setResetKey((k) => k + 1);
    setScriptError(null);
    setNotice(message);
  };

  const openTheme = (value: string): void => {
    const [kind, key] = value.split(':') as [string, string];
    if (kind === 'builtin') {
      const l = key as Layout;
      replaceTheme(newTheme(builtinThemes[l], l, sandbox.org, uuid()), `Started from the built-in ${l} theme`);
      setLayout(l);
    } else {
      const found = sandbox.orgThemes.find((t) => t.id === key);
      if (found) {
        replaceTheme({ ...found, cssTemplate: found.cssTemplate ?? '', jsTemplate: found.jsTemplate ?? '' }, `Opened “${found.name ?? found.themeId}” from the sandbox`);
        if ((LAYOUTS as readonly string[]).includes(found.displayType)) setLayout(found.displayType as Layout);
      }
    }
  };

  const renameTheme = (themeId: string): void => {
    setTheme((t) => ({ ...t, themeId, cssTemplate: renameScope(t.cssTemplate ?? '', t.themeId, themeId) }));
    setResetKey((k) => k + 1);
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

  const exported = (): string => JSON.stringify(themeJson(theme), null, 2);
  const errorCount = problems.filter((p) => p.severity === 'error').length;
  const exportNote = errorCount ? ` (with ${errorCount} lint error${errorCount > 1 ? 's' : ''})` : '';

  const showError = renderStatus.state === 'error' ? renderStatus.error : scriptError;

  return (
    <div class="studio">
      <ThemeBar theme={theme} orgThemes={sandbox.orgThemes} orgName={sandbox.org.orgName} notice={notice} saved={saved}
        onOpen={openTheme} onRename={renameTheme} onChange={(patch) => setTheme((t) => ({ ...t, ...patch }))}
        onCopy={async () => setNotice((await copyText(exported())) ? `Theme JSON copied${exportNote}` : 'Copy failed; use Download')}
        onDownload={() => {
          downloadJson(`${theme.themeId || 'theme'}.json`, exported());
          setNotice(`Theme JSON downloaded${exportNote}`);
        }} />

      <main class="panes">
        <section class="pane pane--code" aria-label="Theme source">
          <div class="tabs" role="tablist" aria-label="Template">
            {SOURCES.map((s) => {
              const n = problemsBySource[s.id].length;
              const bad = problemsBySource[s.id].some((p) => p.severity === 'error');
              return (
                <button type="button" role="tab" key={s.id} aria-selected={tab === s.id} onClick={() => setTab(s.id)}>
                  {s.field}
                  {n > 0 && <span class={`badge ${bad ? 'badge--error' : ''}`}>{n}</span>}
                </button>
              );
            })}
            <span class="tabs__hint">
              {tab === 'html' && 'Mustache · a {{#products}} loop renders the whole widget, otherwise this is one card'}
              {tab === 'css' && `Scope every rule under .vitrine-theme--${theme.themeId}`}
              {tab === 'js' && 'Runs after each render as function (root, data)'}
            </span>
          </div>
          <div class="code">
            <div class="code__editors">
              {SOURCES.map((s) => (
                <CodeEditor key={s.id} source={s.id} label={`${s.field} editor`} value={theme[s.field] ?? ''} resetKey={resetKey}
                  problems={problemsBySource[s.id]} onChange={editors[s.id]} onView={onView} hidden={tab !== s.id} />
              ))}
            </div>
            {tab === 'html' && <PlaceholderList placeholders={PLACEHOLDERS} onInsert={insertPlaceholder} />}
          </div>
          <section class="panel" aria-label="Problems">
            <h2 class="pane-title">Problems <span class="count">{problems.length}</span></h2>
            <ProblemList problems={problems} onSelect={selectProblem} />
          </section>
        </section>

        <section class="pane pane--preview" aria-label="Preview">
          <div class="toolbar">
            <span class="label">Layout</span>
            <div class="segmented" role="radiogroup" aria-label="Layout">
              {LAYOUTS.map((l) => (
                <button type="button" role="radio" key={l} aria-checked={layout === l} onClick={() => setLayout(l)}>{l}</button>
              ))}
            </div>
            <span class="label">Viewport</span>
            <div class="segmented" role="radiogroup" aria-label="Viewport">
              {(Object.keys(VIEWPORTS) as Viewport[]).map((v) => (
                <button type="button" role="radio" key={v} aria-checked={viewport === v} onClick={() => setViewport(v)}>
                  {v} <small>{VIEWPORTS[v]}</small>
                </button>
              ))}
            </div>
          </div>
          <DataPicker data={data} catalogue={sandbox.catalogue} sandboxNote={sandbox.failure} status={preview.status} error={preview.error} onChange={setData} />
          {showError && (
            <div class="render-error" role="alert">
              <strong>{renderStatus.state === 'error' ? 'The template does not render.' : 'The theme script failed.'}</strong>{' '}
              {renderStatus.state === 'error' ? 'The preview keeps the last good render. ' : ''}<code>{showError}</code>
            </div>
          )}
          <PreviewFrame key={theme.themeId} status={renderStatus} theme={theme} envelope={preview.envelope} anchor={preview.anchor} layout={layout} viewport={viewport}
            onStatus={(s) => {
              setRenderStatus(s);
              if (s.state === 'ok') setScriptError(s.warning ?? null);
            }}
            onAudit={(violations, error) => setAudit({ violations, error })}
            onRuntimeError={(message) => setScriptError(message)} />
          <section class="panel" aria-label="Accessibility">
            <h2 class="pane-title">Accessibility <span class="count">{audit.violations?.length ?? '…'}</span></h2>
            <AccessibilityList violations={audit.violations} error={audit.error} />
          </section>
        </section>
      </main>
    </div>
  );
}
