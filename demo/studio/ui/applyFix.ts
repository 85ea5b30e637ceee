import type { EditorView } from '@codemirror/view';
import type { ThemeFix } from '../../../src/lint/lintTheme';

/** Applies a lint fix as one undoable edit and puts the cursor after it. */
export function applyFix(view: EditorView, fix: ThemeFix): void {
  const length = view.state.doc.length;
  const from = Math.min(fix.from, length);
  const to = Math.min(fix.to, length);
  view.dispatch({
    changes: { from, to, insert: fix.insert },
    selection: { anchor: from + fix.insert.length },
    scrollIntoView: true,
    userEvent: 'input.fix',
  });
}
