import { h } from 'preact';
import type { Placeholder } from '../../../src/index';

export interface PlaceholderListProps {
  placeholders: readonly Placeholder[];
  onInsert(placeholder: Placeholder): void;
}

/** The placeholder reference beside the HTML editor; a click inserts the placeholder at the cursor. */
export function PlaceholderList({ placeholders, onInsert }: PlaceholderListProps) {
  const groups: [string, Placeholder['scope']][] = [['Widget', 'widget'], ['Each product', 'product']];
  return (
    <aside class="placeholders" aria-label="Placeholders">
      <h2 class="pane-title">Placeholders</h2>
      <p class="hint">Click to insert at the cursor.</p>
      {groups.map(([title, scope]) => (
        <section key={scope}>
          <h3>{title}</h3>
          <ul>
            {placeholders.filter((p) => p.scope === scope).map((p) => (
              <li key={p.name}>
                <button type="button" class="placeholder" title={p.description} onClick={() => onInsert(p)}>
                  <code>{p.name === 'products' ? '{{#products}}…' : `{{${p.name}}}`}</code>
                  <span>{p.description}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </aside>
  );
}
