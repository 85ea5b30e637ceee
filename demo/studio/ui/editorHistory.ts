import { Annotation, StateField, type ChangeSet, type EditorSelection, type Extension } from '@codemirror/state';
import { keymap, type Command } from '@codemirror/view';

// Undo and redo for the studio's editors. @codemirror/commands (whose `history`
// is the usual choice) is not among the project's packages; this keeps the part
// we need: inverse change sets, with quick typing grouped into one step.

interface Step {
  changes: ChangeSet;
  selection: EditorSelection;
  time: number;
}

interface History {
  done: readonly Step[];
  undone: readonly Step[];
}

const fromHistory = Annotation.define<'undo' | 'redo'>();

/** Typing pauses shorter than this join one undo step (@codemirror/commands uses 500 ms too). */
const GROUP_MS = 500;
const DEPTH = 200;

const historyField = StateField.define<History>({
  create: () => ({ done: [], undone: [] }),
  update(history, tr) {
    if (!tr.docChanged) return history;
    const step: Step = { changes: tr.changes.invert(tr.startState.doc), selection: tr.startState.selection, time: Date.now() };
    const kind = tr.annotation(fromHistory);
    if (kind === 'undo') return { done: history.done.slice(0, -1), undone: [...history.undone, step] };
    if (kind === 'redo') return { done: [...history.done, step], undone: history.undone.slice(0, -1) };
    const last = history.done[history.done.length - 1];
    if (last && step.time - last.time < GROUP_MS && tr.isUserEvent('input.type')) {
      const joined = { changes: step.changes.compose(last.changes), selection: last.selection, time: step.time };
      return { done: [...history.done.slice(0, -1), joined], undone: [] };
    }
    return { done: [...history.done, step].slice(-DEPTH), undone: [] };
  },
});

function travel(kind: 'undo' | 'redo'): Command {
  return (view) => {
    const history = view.state.field(historyField);
    const stack = kind === 'undo' ? history.done : history.undone;
    const step = stack[stack.length - 1];
    if (!step) return false;
    view.dispatch({
      changes: step.changes,
      selection: step.selection,
      annotations: fromHistory.of(kind),
      scrollIntoView: true,
      userEvent: kind,
    });
    return true;
  };
}

export const undo = travel('undo');
export const redo = travel('redo');

export function editorHistory(): Extension {
  return [
    historyField,
    keymap.of([
      { key: 'Mod-z', run: undo, preventDefault: true },
      { key: 'Mod-y', run: redo, preventDefault: true },
      { key: 'Mod-Shift-z', run: redo, preventDefault: true },
    ]),
  ];
}
