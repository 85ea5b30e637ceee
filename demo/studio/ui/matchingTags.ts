import { syntaxTree } from '@codemirror/language';
import type { EditorState, Range } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';

// CodeMirror's bracketMatching pairs `<` with `>` inside one tag; no @codemirror package
// pairs an element's start tag with its end tag (lang-html has none, as of 6.4), so this
// reads the pair from the HTML syntax tree lang-html already builds.
const mark = Decoration.mark({ class: 'cm-matchingTag' });

function tagMarks(state: EditorState): DecorationSet {
  const at = state.selection.main.head;
  let node = syntaxTree(state).resolveInner(at, -1);
  while (node.parent && node.name !== 'Element') node = node.parent;
  if (node.name !== 'Element') return Decoration.none;
  const open = node.getChild('OpenTag')?.getChild('TagName');
  const close = node.getChild('CloseTag')?.getChild('TagName');
  // Only when the cursor is on one of the two tags, not anywhere inside the element.
  const onTag = [node.getChild('OpenTag'), node.getChild('CloseTag')].some((t) => t && at >= t.from && at <= t.to);
  if (!open || !close || !onTag) return Decoration.none;
  const ranges: Range<Decoration>[] = [mark.range(open.from, open.to), mark.range(close.from, close.to)];
  return Decoration.set(ranges);
}

/** Marks the name in an element's start and end tag while the cursor is on either of them. */
export const matchingTags = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = tagMarks(view.state);
    }
    update(update: ViewUpdate): void {
      if (update.docChanged || update.selectionSet || syntaxTree(update.state) !== syntaxTree(update.startState)) {
        this.decorations = tagMarks(update.state);
      }
    }
  },
  { decorations: (v) => v.decorations },
);
