import { h, type ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export interface ConfirmDialogProps {
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  /** Shown with the confirm button styled as destructive. */
  danger?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/**
 * A modal `<dialog>`: the browser traps focus in it, Escape closes it, and focus goes
 * back where it was. Cancel has the focus, so Enter never discards by accident.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} class="dialog" aria-labelledby="confirm-title" onClose={props.onClose}>
      <h2 id="confirm-title">{props.title}</h2>
      <div class="dialog__body">{props.children}</div>
      <form method="dialog" class="dialog__actions">
        <button class="button" value="cancel" autofocus>Cancel</button>
        <button type="button" class={`button ${props.danger ? 'button--danger' : 'button--primary'}`}
          onClick={() => {
            props.onConfirm();
            dialog.current?.close();
          }}>{props.confirmLabel}</button>
      </form>
    </dialog>
  );
}
