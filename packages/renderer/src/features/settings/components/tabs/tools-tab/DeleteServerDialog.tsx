import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { Dialog } from '../../../../../components/Dialog';
import { type DisplayError, errorMessageKey, toDisplayError } from '../../../../../lib/appError';

export interface DeleteServerDialogProps {
  server: McpServerView;
  onConfirm: (server: McpServerView) => Promise<unknown>;
  onClose: () => void;
}

/** Asks before deleting; Cancel has focus first, so Enter right after opening deletes nothing. */
export function DeleteServerDialog({ server, onConfirm, onClose }: DeleteServerDialogProps) {
  const { t } = useTranslation();
  const bodyId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<DisplayError>();

  async function confirm() {
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm(server);
      onClose();
    } catch (error) {
      setFailure(toDisplayError(error));
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('settings/tools:delete.title', { name: server.name })} onClose={onClose} describedBy={bodyId}>
      <p id={bodyId}>{t('settings/tools:delete.body')}</p>
      {failure && (
        <p className="form__failure" role="alert">
          {t(errorMessageKey(failure.code), failure.params ?? {})}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {t('settings/tools:delete.cancel')}
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={() => void confirm()}>
          {t('settings/tools:delete.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
