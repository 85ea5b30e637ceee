import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

// CodeMirror's default palette has colours under WCAG AA's 4.5:1 (tag names are
// #085, 4.3:1 on the active line); these all reach 4.5:1 on the editor's backgrounds.
const style = HighlightStyle.define([
  { tag: [t.tagName, t.standard(t.tagName)], color: '#116329' },
  { tag: t.angleBracket, color: '#57606a' },
  { tag: t.attributeName, color: '#953800' },
  { tag: [t.attributeValue, t.string, t.special(t.string)], color: '#0a3069' },
  { tag: [t.comment, t.meta], color: '#57606a', fontStyle: 'italic' },
  { tag: [t.keyword, t.modifier, t.controlKeyword, t.operatorKeyword], color: '#b31d28' },
  { tag: [t.number, t.bool, t.atom, t.unit, t.color], color: '#0550ae' },
  { tag: [t.propertyName, t.definition(t.propertyName)], color: '#0550ae' },
  { tag: [t.className, t.definition(t.variableName), t.function(t.variableName), t.labelName], color: '#6639ba' },
  { tag: [t.typeName, t.namespace], color: '#953800' },
  { tag: t.invalid, color: '#b31d28', textDecoration: 'underline wavy' },
]);

export const studioHighlight = syntaxHighlighting(style);
