import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Theme } from '../../../src/types/interface';
import { parseThemeFile } from '../../../src/lint/parseThemeFile';

export interface OpenThemeDialogProps {
  onOpen(themes: Theme[], label: string): void;
  onClose(): void;
}

/** Opens a theme JSON (the studio's export, an array, or a `/v1/theme` answer) from a file or pasted text. */
export function OpenThemeDialog(props: OpenThemeDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const open = (json: string, label: string): void => {
    const parsed = parseThemeFile(json);
    if (!parsed.ok) return setError(parsed.error);
    props.onOpen(parsed.themes, label);
    dialog.current?.close();
  };

  return (
    <dialog ref={dialog} class="dialog dialog--wide" aria-labelledby="open-title" onClose={props.onClose}>
      <h2 id="open-title">Open a theme JSON</h2>
      <div class="dialog__body">
        <label class="dialog__field">
          <span>From a file</span>
          <input type="file" accept="application/json,.json" onChange={async (e) => {
            const file = e.currentTarget.files?.[0];
            if (file) open(await file.text(), `the file ${file.name}`);
          }} />
        </label>
        <label class="dialog__field">
          <span>Or paste it</span>
          <textarea spellcheck={false} value={text} rows={10} aria-describedby="open-error"
            placeholder='{"id": "…", "themeId": "my-theme", "htmlTemplate": "…", …}'
            onInput={(e) => setText(e.currentTarget.value)} />
        </label>
        <p id="open-error" class="data__error" role="alert" hidden={!error}>{error}</p>
        <p class="hint">Each theme opens as a new draft; the drafts you have stay as they are.</p>
      </div>
      <form method="dialog" class="dialog__actions">
        <button class="button" value="cancel">Cancel</button>
        <button type="button" class="button button--primary" onClick={() => open(text, 'pasted JSON')}>Open pasted JSON</button>
      </form>
    </dialog>
  );
}
