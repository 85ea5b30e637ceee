import { Decoration, MatchDecorator, ViewPlugin, type DecorationSet, type EditorView, type ViewUpdate } from '@codemirror/view';

const marker = new MatchDecorator({
  regexp: /\{\{\{?[#^/!&>=]?[^}]*\}?\}\}/g,
  decoration: (m) => Decoration.mark({ class: m[0].startsWith('{{!') ? 'cm-mustache-comment' : 'cm-mustache' }),
});

/**
 * Marks `{{…}}` tags inside the HTML editor: the HTML grammar sees them as
 * plain text, and placeholders are what theme authors scan for most.
 */
export const mustacheTags = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = marker.createDeco(view);
    }
    update(update: ViewUpdate): void {
      this.decorations = marker.updateDeco(update, this.decorations);
    }
  },
  { decorations: (v) => v.decorations },
);
