import { h } from 'preact';
import type { Theme } from '../../../src/types/interface';
import { LAYOUTS } from '../studioDraft';

export interface ThemeBarProps {
  theme: Theme;
  orgThemes: readonly Theme[];
  orgName: string;
  notice: string;
  saved: boolean | null;
  /** `builtin:<layout>` or `org:<theme id>`. */
  onOpen(choice: string): void;
  onRename(themeId: string): void;
  onChange(patch: Partial<Theme>): void;
  onCopy(): void;
  onDownload(): void;
}

/** The top bar: open or start a theme, its name, id and display type, save state and export. */
export function ThemeBar(props: ThemeBarProps) {
  const { theme } = props;
  const themeIdValid = /^[\w-]+$/.test(theme.themeId);
  return (
    <header class="topbar">
      <h1 class="brand">Vitrine <span>Theme Studio</span></h1>
      <label class="field">
        <span>Open</span>
        <select aria-label="Open a theme" value="" onChange={(e) => props.onOpen(e.currentTarget.value)}>
          <option value="" disabled>Choose a theme…</option>
          <optgroup label="Start from a built-in theme">
            {LAYOUTS.map((l) => <option key={l} value={`builtin:${l}`}>Built-in {l}</option>)}
          </optgroup>
          {props.orgThemes.length > 0 && (
            <optgroup label={`Sandbox org${props.orgName ? ': ' + props.orgName : ''}`}>
              {props.orgThemes.map((t) => <option key={t.id} value={`org:${t.id}`}>{t.name ?? t.themeId} ({t.displayType})</option>)}
            </optgroup>
          )}
        </select>
      </label>
      <label class="field">
        <span>Name</span>
        <input value={theme.name ?? ''} onInput={(e) => props.onChange({ name: e.currentTarget.value })} />
      </label>
      <label class="field">
        <span>Theme id</span>
        <input value={theme.themeId} class={themeIdValid ? '' : 'invalid'} aria-invalid={!themeIdValid}
          title="Letters, digits, - and _: the widget root gets the class vitrine-theme--<theme id>"
          onInput={(e) => props.onRename(e.currentTarget.value)} />
      </label>
      <label class="field">
        <span>Display type</span>
        <select value={theme.displayType} onChange={(e) => props.onChange({ displayType: e.currentTarget.value })}>
          {LAYOUTS.map((l) => <option key={l} value={l}>{l}</option>)}
        </select>
      </label>
      <span class="notice" role="status">{props.notice}</span>
      {props.saved !== null && (
        <span class="saved" title={props.saved ? 'Draft saved in this browser' : 'Draft not saved: storage is blocked'}>
          {props.saved ? '✓ Saved' : '⚠ Not saved'}
        </span>
      )}
      <div class="actions">
        <button type="button" class="button" onClick={props.onCopy}>Copy JSON</button>
        <button type="button" class="button button--primary" onClick={props.onDownload}>Download JSON</button>
      </div>
    </header>
  );
}
