import { h } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { html } from '@codemirror/lang-html';
import { css } from '@codemirror/lang-css';
import { javascript } from '@codemirror/lang-javascript';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import type { ThemeProblem, ThemeSource } from '../lint/lintTheme';
import { editorSetup } from './editorSetup';
import { mustacheTags } from './mustacheTags';
import { placeholderCompletion } from './placeholderCompletion';
import { PLACEHOLDERS } from '../../../src/index';

const languages: Record<ThemeSource, () => Extension> = {
  html: () => [html({ autoCloseTags: true }), mustacheTags, placeholderCompletion(PLACEHOLDERS)],
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
  onChange(value: string): void;
  onView(source: ThemeSource, view: EditorView | null): void;
  hidden: boolean;
}

function toDiagnostics(problems: readonly ThemeProblem[], length: number): Diagnostic[] {
  return problems.map((p) => ({
    from: Math.min(p.from, length),
    to: Math.min(p.to, length),
    severity: p.severity,
    message: p.message,
  }));
}

/** One CodeMirror 6 editor for one of the theme's three sources. */
export function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  useEffect(() => {
    const v = new EditorView({
      parent: host.current as HTMLDivElement,
      state: EditorState.create({
        doc: props.value,
        extensions: [
          editorSetup(),
          languages[props.source](),
          lintGutter(),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': props.label }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChange.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    props.onView(props.source, v);
    return () => {
      props.onView(props.source, null);
      v.destroy();
    };
  }, []);

  useEffect(() => {
    const v = view.current;
    if (!v || v.state.doc.toString() === props.value) return;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: props.value } });
  }, [props.resetKey]);

  useEffect(() => {
    const v = view.current;
    if (v) v.dispatch(setDiagnostics(v.state, toDiagnostics(props.problems, v.state.doc.length)));
  }, [props.problems]);

  return <div class="editor" ref={host} hidden={props.hidden} data-source={props.source} />;
}
