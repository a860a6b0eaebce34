import { uiMessages } from '#core';
import { useId, useRef, type ReactNode } from 'react';
import { FormError } from './form-field.tsx';
import { Modal } from './modal.tsx';

export interface ConfirmDialogProps {
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  /** The action is running: the confirm button is disabled so it is not sent twice. */
  busy?: boolean;
  /** Why the action failed, under the message: the dialog stays open for another try. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" on a Modal. Focus starts on the cancel button, so a stray Enter destroys nothing. */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel = uiMessages.cancel, danger, busy, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const messageId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      title={title}
      onClose={onCancel}
      initialFocus={cancel}
      describedBy={messageId}
      footer={
        <>
          <button ref={cancel} type="button" className="button secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={`button primary${danger ? ' danger' : ''}`} disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <div id={messageId}>{message}</div>
      <FormError message={error} />
    </Modal>
  );
}
