import { EditorSelection, type Extension } from '@codemirror/state';
import {
  drawSelection, dropCursor, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars,
  keymap, lineNumbers, type Command,
} from '@codemirror/view';
import {
  bracketMatching, foldGutter, foldKeymap, getIndentation, indentOnInput,
  indentUnit,
} from '@codemirror/language';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { lintKeymap } from '@codemirror/lint';
import { editorHistory } from './editorHistory';
import { studioHighlight } from './studioHighlight';

/** Enter keeps the indentation the language asks for, else that of the current line. */
const newlineAndIndent: Command = (view) => {
  const { state } = view;
  view.dispatch(
    state.changeByRange((range) => {
      const line = state.doc.lineAt(range.from);
      const smart = getIndentation(state, range.from);
      const indent = smart ?? /^\s*/.exec(line.text)?.[0].length ?? 0;
      const insert = '\n' + ' '.repeat(indent);
      return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.cursor(range.from + insert.length) };
    }),
    { scrollIntoView: true, userEvent: 'input' },
  );
  return true;
};

/** Tab indents by two spaces; Escape then Tab still leaves the editor (CodeMirror's tab focus mode). */
const indentMore: Command = (view) => {
  view.dispatch(view.state.replaceSelection('  '), { userEvent: 'input' });
  return true;
};

/**
 * The editor basics (what `codemirror`'s basicSetup bundles; that package is
 * not installed here), built from the @codemirror packages that are.
 */
export function editorSetup(): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    editorHistory(),
    foldGutter(),
    drawSelection(),
    dropCursor(),
    indentOnInput(),
    indentUnit.of('  '),
    studioHighlight,
    bracketMatching(),
    closeBrackets(),
    autocompletion(),
    highlightActiveLine(),
    keymap.of([
      { key: 'Enter', run: newlineAndIndent },
      { key: 'Tab', run: indentMore },
      ...closeBracketsKeymap,
      ...completionKeymap,
      ...foldKeymap,
      ...lintKeymap,
    ]),
  ];
}
