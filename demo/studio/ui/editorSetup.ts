import { EditorState, type Extension } from '@codemirror/state';
import {
  crosshairCursor, drawSelection, dropCursor, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars,
  keymap, lineNumbers, rectangularSelection, type Command,
} from '@codemirror/view';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput, indentRange, indentUnit } from '@codemirror/language';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { lintKeymap } from '@codemirror/lint';
import { studioHighlight } from './studioHighlight';

/**
 * Format: every line indented as the language's own indentation service says
 * (`indentRange` of @codemirror/language). Only leading white space changes, so
 * what the template renders stays the same. One undo step.
 */
export const formatDocument: Command = (view) => {
  const changes = indentRange(view.state, 0, view.state.doc.length);
  if (changes.empty) return false;
  view.dispatch({ changes, userEvent: 'input.format', scrollIntoView: true });
  return true;
};

/**
 * The editor basics, as the `codemirror` package's basicSetup bundles them (that
 * package is not installed here; the `codemirror` in node_modules is version 5),
 * from CodeMirror's own @codemirror packages: history, indentation on Enter and Tab,
 * search and replace (Ctrl+F, Ctrl+H… see searchKeymap), bracket and tag matching,
 * plus Shift+Alt+F to format. Escape then Tab still leaves the editor.
 */
export function editorSetup(): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    foldGutter(),
    drawSelection(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    indentUnit.of('  '),
    studioHighlight,
    bracketMatching(),
    closeBrackets(),
    autocompletion(),
    rectangularSelection(),
    crosshairCursor(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    search({ top: true }),
    keymap.of([
      { key: 'Shift-Alt-f', run: formatDocument, preventDefault: true },
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...foldKeymap,
      ...completionKeymap,
      ...lintKeymap,
      indentWithTab,
    ]),
  ];
}
