import { h } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { html } from '@codemirror/lang-html';
import { css } from '@codemirror/lang-css';
import { javascript } from '@codemirror/lang-javascript';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { unifiedMergeView } from '@codemirror/merge';
import { historyField } from '@codemirror/commands';
import type { ThemeProblem, ThemeSource } from '../../../src/lint/lintTheme';
import { applyFix } from './applyFix';
import { editorSetup } from './editorSetup';
import { matchingTags } from './matchingTags';
import { mustacheTags } from './mustacheTags';
import { placeholderCompletion } from './placeholderCompletion';
import { PLACEHOLDERS } from '../../../src/index';

// No automatic close tags: with them, an author who types `<em>x</em>` by hand gets a
// second `</em>` (the editor added one at `>`). `</` still offers the close tag as a
// completion, and the linter's unbalanced-html rule reports what stays open.
const languages: Record<ThemeSource, () => Extension> = {
  html: () => [html({ autoCloseTags: false }), matchingTags, mustacheTags, placeholderCompletion(PLACEHOLDERS)],
  css: () => css(),
  js: () => javascript(),
};

export interface CodeEditorProps {
  source: ThemeSource;
  label: string;
  value: string;
  /** Bumped when the text is replaced from outside (a theme loaded), never while typing. */
  resetKey: number;
  problems: readonly ThemeProblem[];
  /** The text this draft started from, to show the changes against; null hides them. */
  original: string | null;
  /** The editor state saved with the draft (`EditorState.toJSON` with its history), restored on reset. */
  saved?: unknown;
  onChange(value: string): void;
  onView(source: ThemeSource, view: EditorView | null): void;
  hidden: boolean;
}

function toDiagnostics(problems: readonly ThemeProblem[], length: number): Diagnostic[] {
  return problems.map((p) => {
    const fix = p.fix;
    return {
      from: Math.min(p.from, length),
      to: Math.min(p.to, length),
      severity: p.severity,
      message: p.message,
      source: p.code,
      actions: fix ? [{ name: fix.label, apply: (view: EditorView) => applyFix(view, fix) }] : [],
    };
  });
}

/** The saved state when it holds this very text, else a fresh state with the text and no history. */
function restore(saved: unknown, text: string, extensions: Extension[]): EditorState {
  if (saved) {
    try {
      const state = EditorState.fromJSON(saved, { extensions }, { history: historyField });
      if (state.doc.toString() === text) return state;
    } catch {
      /* saved by another version of the editor: start afresh */
    }
  }
  return EditorState.create({ doc: text, extensions });
}

/** One CodeMirror 6 editor for one of the theme's three sources. */
export function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changes = useRef(new Compartment());
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  const extensions = (): Extension[] => [
    editorSetup(),
    languages[props.source](),
    lintGutter(),
    EditorView.lineWrapping,
    changes.current.of([]),
    EditorView.contentAttributes.of({ 'aria-label': props.label }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged) onChange.current(u.state.doc.toString());
    }),
  ];

  useEffect(() => {
    const v = new EditorView({ parent: host.current as HTMLDivElement, state: restore(props.saved, props.value, extensions()) });
    view.current = v;
    props.onView(props.source, v);
    return () => {
      props.onView(props.source, null);
      v.destroy();
    };
  }, []);

  // Another draft: its own text, selection and undo history, not this one's.
  useEffect(() => {
    const v = view.current;
    if (!v || props.resetKey === 0) return;
    v.setState(restore(props.saved, props.value, extensions()));
  }, [props.resetKey]);

  // The changes since the draft began, inline (deleted lines shown above the new ones).
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const original = props.original;
    v.dispatch({
      effects: changes.current.reconfigure(original === null ? [] : unifiedMergeView({ original, mergeControls: false, gutter: true })),
    });
  }, [props.original, props.resetKey]);

  useEffect(() => {
    const v = view.current;
    if (v) v.dispatch(setDiagnostics(v.state, toDiagnostics(props.problems, v.state.doc.length)));
  }, [props.problems, props.resetKey]);

  return <div class="editor" ref={host} hidden={props.hidden} data-source={props.source} />;
}
