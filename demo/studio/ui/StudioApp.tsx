import { h } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { EditorSelection } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { builtinThemes, PLACEHOLDERS, type Placeholder } from '../../../src/index';
import { createClient, type Client } from '../../../src/client/index';
import type { Theme, WidgetEnvelope } from '../../../src/types/interface';
import { edgeEnvelope } from '../data/edgeEnvelope';
import { parsePastedEnvelope } from '../data/parsePastedEnvelope';
import { sampleEnvelope } from '../data/sampleEnvelope';
import { lintTheme, type ThemeProblem, type ThemeSource } from '../lint/lintTheme';
import { newTheme, renameScope } from '../newTheme';
import type { PlainViolation } from '../preview/previewProtocol';
import { loadSandboxConfig } from '../sandboxConfig';
import { LAYOUTS, loadDraft, saveDraft, VIEWPORTS, type DataChoice, type Layout, type StudioDraft, type Viewport } from '../studioDraft';
import { themeJson } from '../themeJson';
import { AccessibilityList } from './AccessibilityList';
import { CodeEditor } from './CodeEditor';
import { DataPicker, type SandboxCatalogue } from './DataPicker';
import { copyText, downloadJson } from './exportTheme';
import { PlaceholderList } from './PlaceholderList';
import { PreviewFrame, type RenderStatus } from './PreviewFrame';
import { ProblemList } from './ProblemList';

const SOURCES: { id: ThemeSource; label: string; field: 'htmlTemplate' | 'cssTemplate' | 'jsTemplate' }[] = [
  { id: 'html', label: 'HTML', field: 'htmlTemplate' },
  { id: 'css', label: 'CSS', field: 'cssTemplate' },
  { id: 'js', label: 'JS', field: 'jsTemplate' },
];

/** The visitors the sandbox's event history is made of (demo/sandbox/createHistory.ts). */
const VISITORS = Array.from({ length: 12 }, (_, i) => `visitor-${String(i + 1).padStart(4, '0')}`);

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

  const [client, setClient] = useState<Client | null>(null);
  const [catalogue, setCatalogue] = useState<SandboxCatalogue | null>(null);
  const [orgThemes, setOrgThemes] = useState<Theme[]>([]);
  const [org, setOrg] = useState({ orgId: '', orgName: '' });
  const [sandboxNote, setSandboxNote] = useState<string | null>(null);

  const [base, setBase] = useState<WidgetEnvelope | null>(null);
  const [dataStatus, setDataStatus] = useState('');
  const [dataError, setDataError] = useState<string | null>(null);
  const [renderStatus, setRenderStatus] = useState<RenderStatus>({ state: 'waiting' });
  const [scriptError, setScriptError] = useState<string | null>(null);
  const [audit, setAudit] = useState<{ violations: PlainViolation[] | null; error: string | null }>({ violations: null, error: null });
  const [notice, setNotice] = useState('');
  const [saved, setSaved] = useState('');

  const problems = useMemo(
    () => lintTheme(theme, PLACEHOLDERS),
    [theme.htmlTemplate, theme.cssTemplate, theme.jsTemplate, theme.themeId],
  );
  const problemsBySource = useMemo(() => {
    const by: Record<ThemeSource, ThemeProblem[]> = { html: [], css: [], js: [] };
    for (const p of problems) by[p.source].push(p);
    return by;
  }, [problems]);

  // The sandbox: config, then its algorithms, products and themes.
  useEffect(() => {
    (async () => {
      const config = await loadSandboxConfig();
      const c = createClient(config);
      const [algorithms, search, themes] = await Promise.all([
        c.algorithms(),
        c.search({ orgId: config.orgId, query: '', filter: '', sortEntities: '', com: '', start: '0', rows: '60' }),
        c.themes(),
      ]);
      const orgName = themes.widgetThemes[0]?.orgName ?? '';
      setOrg({ orgId: config.orgId, orgName });
      setTheme((t) => (t.orgId ? t : { ...t, orgId: config.orgId, orgName }));
      setOrgThemes(themes.widgetThemes);
      setCatalogue({
        algorithms: algorithms.widgets,
        products: search.Docs.map((d) => ({
          name: d.name,
          sku: d.sku,
          price: d.price,
          ...(d.discountedprice !== null ? { discountedPrice: d.discountedprice } : {}),
          smallImage: d.smallimage,
          currentPageUrl: d.currentPageUrl,
        })),
        visitors: VISITORS,
      });
      setClient(c);
    })().catch((e: Error) => {
      setSandboxNote(`No sandbox: ${e.message}. Sample and pasted data still work.`);
      setData((d) => (d.source === 'sandbox' ? { ...d, source: 'sample' } : d));
    });
  }, []);

  // A product to start with once the catalogue is known.
  useEffect(() => {
    if (!catalogue || catalogue.products.some((p) => p.sku === data.sku)) return;
    const first = catalogue.products[0];
    if (first) setData((d) => ({ ...d, sku: first.sku, pname: first.name }));
  }, [catalogue]);

  // The envelope behind the preview.
  useEffect(() => {
    let current = true;
    // A failing source keeps the data shown so far; with nothing shown yet, the sample stands in.
    const fail = (message: string): void => {
      if (!current) return;
      setDataError(message);
      setDataStatus('');
      setBase((b) => b ?? sampleEnvelope());
    };
    const use = (envelope: WidgetEnvelope, status: string): void => {
      if (!current) return;
      setBase(envelope);
      setDataStatus(status);
      setDataError(null);
    };
    if (data.source === 'sample') {
      use(sampleEnvelope(), 'Sample products');
    } else if (data.source === 'pasted') {
      if (!data.pastedText) {
        fail('Paste a widget envelope and choose "Use this envelope".');
      } else {
        const pasted = parsePastedEnvelope(data.pastedText);
        if (pasted.ok) use(pasted.envelope, 'Pasted envelope');
        else fail(pasted.error);
      }
    } else if (client && data.sku) {
      setDataStatus('Loading…');
      const started = performance.now();
      client
        .widget(data.algorithm as Parameters<Client['widget']>[0], {
          divisionId: 'studio-preview',
          site_uid: data.siteUid || VISITORS[0],
          domain: location.hostname,
          pname: data.pname,
          sku: data.sku,
        })
        .then((envelope) => {
          if (!current) return;
          if (envelope.products.length === 0) {
            fail(`${data.algorithm} has no products for this product and visitor; the preview keeps the last data. Try another visitor or product.`);
            return;
          }
          use(envelope, `${envelope.products.length} products · ${Math.round(performance.now() - started)} ms`);
        })
        .catch((e: Error) => fail(`The sandbox refused: ${e.message}`));
    }
    return () => {
      current = false;
    };
  }, [data.source, data.algorithm, data.sku, data.siteUid, data.pastedText, client]);

  // With sandbox data, the chosen product is the page's product: the bundle layout shows it first.
  const anchor = useMemo(
    () => (data.source === 'sandbox' ? catalogue?.products.find((p) => p.sku === data.sku) ?? null : null),
    [data.source, data.sku, catalogue],
  );

  const envelope = useMemo(() => {
    if (!base) return null;
    if (!data.edge) return base;
    return edgeEnvelope(data.edge, base.products.length > 0 ? base : sampleEnvelope());
  }, [base, data.edge]);

  // Work in progress survives a reload.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSaved(saveDraft(storage(), { theme, layout, viewport, data }) ? 'Draft saved in this browser' : 'Draft not saved: storage is blocked');
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
      replaceTheme(newTheme(builtinThemes[l], l, org, uuid()), `Started from the built-in ${l} theme`);
      setLayout(l);
    } else {
      const found = orgThemes.find((t) => t.id === key);
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

  const themeIdValid = /^[\w-]+$/.test(theme.themeId);
  const showError = renderStatus.state === 'error' ? renderStatus.error : scriptError;

  return (
    <div class="studio">
      <header class="topbar">
        <h1 class="brand">Vitrine <span>Theme Studio</span></h1>
        <label class="field">
          <span>Open</span>
          <select aria-label="Open a theme" value="" onChange={(e) => openTheme(e.currentTarget.value)}>
            <option value="" disabled>Choose a theme…</option>
            <optgroup label="Start from a built-in theme">
              {LAYOUTS.map((l) => <option key={l} value={`builtin:${l}`}>Built-in {l}</option>)}
            </optgroup>
            {orgThemes.length > 0 && (
              <optgroup label={`Sandbox org${org.orgName ? ': ' + org.orgName : ''}`}>
                {orgThemes.map((t) => <option key={t.id} value={`org:${t.id}`}>{t.name ?? t.themeId} ({t.displayType})</option>)}
              </optgroup>
            )}
          </select>
        </label>
        <label class="field">
          <span>Name</span>
          <input value={theme.name ?? ''} onInput={(e) => { const name = e.currentTarget.value; setTheme((t) => ({ ...t, name })); }} />
        </label>
        <label class="field">
          <span>Theme id</span>
          <input value={theme.themeId} class={themeIdValid ? '' : 'invalid'} aria-invalid={!themeIdValid}
            title="Letters, digits, - and _; the widget root gets the class vitrine-theme--<theme id>"
            onInput={(e) => renameTheme(e.currentTarget.value)} />
        </label>
        <label class="field">
          <span>Display type</span>
          <select value={theme.displayType} onChange={(e) => { const displayType = e.currentTarget.value; setTheme((t) => ({ ...t, displayType })); }}>
            {LAYOUTS.map((l) => <option key={l} value={l}>{l}</option>)}
          </select>
        </label>
        <span class="notice" role="status">{notice}</span>
        <span class="saved" title={saved}>{saved ? (saved.startsWith('Draft saved') ? '✓ Saved' : '⚠ Not saved') : ''}</span>
        <div class="actions">
          <button type="button" class="button" onClick={async () =>
            setNotice((await copyText(exported())) ? `Theme JSON copied${exportNote}` : 'Copy failed; use Download')}>Copy JSON</button>
          <button type="button" class="button button--primary" onClick={() => {
            downloadJson(`${theme.themeId || 'theme'}.json`, exported());
            setNotice(`Theme JSON downloaded${exportNote}`);
          }}>Download JSON</button>
        </div>
      </header>

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
          <DataPicker data={data} catalogue={catalogue} sandboxNote={sandboxNote} status={dataStatus} error={dataError} onChange={setData} />
          {showError && (
            <div class="render-error" role="alert">
              <strong>{renderStatus.state === 'error' ? 'The template does not render.' : 'The theme script failed.'}</strong>{' '}
              {renderStatus.state === 'error' ? 'The preview keeps the last good render. ' : ''}<code>{showError}</code>
            </div>
          )}
          <PreviewFrame key={theme.themeId} status={renderStatus} theme={theme} envelope={envelope} anchor={anchor} layout={layout} viewport={viewport}
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
