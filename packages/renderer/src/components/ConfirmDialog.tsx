import { useId, useState } from 'react';
import { type DisplayError, toDisplayError } from '../lib/appError';
import { Dialog, type FocusTarget } from './Dialog';
import { FailureAlert } from './FailureAlert';

export interface ConfirmDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Runs the action; a rejection keeps the dialog open and shows why. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** See Dialog's returnFocus. */
  returnFocus?: FocusTarget;
}

/**
 * Asks before something that cannot be undone (deleting a conversation or a provider). Cancel has
 * focus first, so Enter right after opening does nothing harmful.
 */
export function ConfirmDialog({ title, body, confirmLabel, cancelLabel, onConfirm, onClose, returnFocus }: ConfirmDialogProps) {
  const bodyId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<DisplayError>();

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setFailure(toDisplayError(error));
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose} describedBy={bodyId} returnFocus={returnFocus}>
      <p id={bodyId}>{body}</p>
      <FailureAlert error={failure} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {cancelLabel}
        </button>
        <button type="button" className="button button--danger" aria-disabled={busy || undefined} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
