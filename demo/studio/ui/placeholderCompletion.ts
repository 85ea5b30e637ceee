import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { htmlLanguage } from '@codemirror/lang-html';
import type { Extension } from '@codemirror/state';
import type { Placeholder } from '../../../src/index';

/**
 * Completes placeholder names after `{{` (and `{{#`, `{{^`, `{{/`, `{{{`, `{{&`),
 * with each placeholder's description, beside the HTML language's own completions.
 */
export function placeholderCompletion(placeholders: readonly Placeholder[]): Extension {
  const source = (context: CompletionContext): CompletionResult | null => {
    const before = context.matchBefore(/\{\{[#^/&{]?\s*[\w.]*$/);
    if (!before) return null;
    const name = /[\w.]*$/.exec(before.text)?.[0] ?? '';
    return {
      from: before.to - name.length,
      options: placeholders.map((p) => ({
        label: p.name,
        type: p.scope === 'widget' ? 'namespace' : 'property',
        detail: p.scope,
        info: p.description,
      })),
      validFor: /^[\w.]*$/,
    };
  };
  return htmlLanguage.data.of({ autocomplete: source });
}
