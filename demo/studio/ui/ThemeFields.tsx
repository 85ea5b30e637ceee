import { h } from 'preact';
import type { Theme } from '../../../src/types/interface';
import { LAYOUTS } from '../studioDraft';

export interface ThemeFieldsProps {
  theme: Theme;
  originLabel: string;
  showChanges: boolean;
  changed: boolean;
  onRename(themeId: string): void;
  onChange(patch: Partial<Theme>): void;
  onShowChanges(show: boolean): void;
  onRevert(): void;
  onDelete(): void;
}

/** The theme's own fields (every one interface.md lists beside the templates) and the draft's actions. */
export function ThemeFields({ theme, ...props }: ThemeFieldsProps) {
  const themeIdValid = /^[\w-]+$/.test(theme.themeId);
  return (
    <section class="details" aria-label="Theme fields">
      <label class="field">
        <span>Name</span>
        <input value={theme.name ?? ''} onInput={(e) => props.onChange({ name: e.currentTarget.value })} />
      </label>
      <label class="field">
        <span>Theme id</span>
        <input value={theme.themeId} class={themeIdValid ? '' : 'invalid'} aria-invalid={!themeIdValid}
          aria-describedby="theme-id-hint"
          onInput={(e) => props.onRename(e.currentTarget.value)} />
      </label>
      <span id="theme-id-hint" hidden>Letters, digits, - and _: the widget root gets the class vitrine-theme--theme id</span>
      <label class="field">
        <span>Display type</span>
        <select value={theme.displayType} onChange={(e) => props.onChange({ displayType: e.currentTarget.value })}>
          {LAYOUTS.map((l) => <option key={l} value={l}>{l}</option>)}
        </select>
      </label>
      <label class="field" title="The slot (its id) this theme is made for: that slot takes it over any theme of its display type">
        <span>Division id</span>
        <input value={theme.divisionId ?? ''} placeholder="any slot"
          onInput={(e) => props.onChange({ divisionId: e.currentTarget.value || null })} />
      </label>
      <label class="field field--grow">
        <span>Description</span>
        <input value={theme.description ?? ''} onInput={(e) => props.onChange({ description: e.currentTarget.value || null })} />
      </label>
      <button type="button" class="button" aria-pressed={props.showChanges} title={`Show what changed since the draft began from ${props.originLabel}`}
        onClick={() => props.onShowChanges(!props.showChanges)}>
        Changes{props.changed ? '' : ' (none)'}
      </button>
      <button type="button" class="button" disabled={!props.changed} onClick={props.onRevert}>Revert…</button>
      <button type="button" class="button" onClick={props.onDelete}>Delete draft…</button>
    </section>
  );
}
