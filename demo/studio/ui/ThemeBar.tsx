import { h } from 'preact';
import { useState } from 'preact/hooks';
import type { Theme } from '../../../src/types/interface';
import { LAYOUTS, type Draft } from '../studioDraft';

export interface ThemeBarProps {
  drafts: readonly Draft[];
  current: string;
  orgThemes: readonly Theme[];
  orgName: string;
  notice: string;
  saved: boolean | null;
  onSwitch(key: string): void;
  /** `builtin:<layout>` or `org:<theme id>`: a new draft from it. */
  onStart(choice: string): void;
  onOpenJson(): void;
  onPreviewShop(): void;
  onCopy(): void;
  onDownload(): void;
}

export const draftLabel = (d: Draft): string => `${d.theme.name || d.theme.themeId || 'Untitled'} (${d.theme.themeId})`;

/** The top bar: the drafts, starting or opening a theme, save state, and where the theme goes next. */
export function ThemeBar(props: ThemeBarProps) {
  // Choosing in the list only picks; the button starts the draft (arrow keys in a closed select fire change).
  const [start, setStart] = useState('builtin:carousel');
  return (
    <header class="topbar">
      <h1 class="brand">Vitrine <span>Theme Studio</span></h1>
      <label class="field">
        <span>Draft</span>
        <select value={props.current} onChange={(e) => props.onSwitch(e.currentTarget.value)}>
          {props.drafts.map((d) => <option key={d.key} value={d.key}>{draftLabel(d)}</option>)}
        </select>
      </label>
      <label class="field">
        <span>New from</span>
        <select value={start} onChange={(e) => setStart(e.currentTarget.value)}>
          <optgroup label="Built-in themes">
            {LAYOUTS.map((l) => <option key={l} value={`builtin:${l}`}>Built-in {l}</option>)}
          </optgroup>
          {props.orgThemes.length > 0 && (
            <optgroup label={`Sandbox org${props.orgName ? ': ' + props.orgName : ''}`}>
              {props.orgThemes.map((t) => <option key={t.id} value={`org:${t.id}`}>{t.name ?? t.themeId} ({t.displayType})</option>)}
            </optgroup>
          )}
        </select>
      </label>
      <button type="button" class="button" onClick={() => props.onStart(start)}>Start draft</button>
      <button type="button" class="button" onClick={props.onOpenJson}>Open JSON…</button>
      <span class="notice" role="status" title={props.notice}>{props.notice}</span>
      {props.saved !== null && (
        <span class="saved" title={props.saved ? 'Drafts saved in this browser' : 'Drafts not saved: storage is blocked or full'}>
          {props.saved ? '✓ Saved' : '⚠ Not saved'}
        </span>
      )}
      <div class="actions">
        <button type="button" class="button" onClick={props.onPreviewShop}>Preview on the demo shop</button>
        <button type="button" class="button" onClick={props.onCopy}>Copy JSON</button>
        <button type="button" class="button button--primary" onClick={props.onDownload}>Download JSON</button>
      </div>
    </header>
  );
}
